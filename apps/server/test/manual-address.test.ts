/**
 * Addresses entered by hand: on registration and in My Details, the suburb, state and
 * postcode must be a locality the server holds; the address is kept as not verified and the claims
 * system is told so. A chosen suggestion is verified only when its moniker is that address of the
 * index.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from './helpers.ts';
import { codeIn, useDelivery } from './mail-sink.ts';

const JORDAN = {
  Username: 'jordan.doe@example.org',
  DateOfBirth: '01/02/1980',
  FirstName: 'Jordan',
  MiddleName: '',
  LastName: 'Doe',
  TACNumber: '12/34567',
  EmailAddress: '',
  MobileNumber: '0400000001',
  NewPassword: 'Fresh#Start1',
  ReEnterPassword: 'Fresh#Start1',
};

/** An address of the G-NAF sample, as the address search suggests it. */
const INDEXED = { Moniker: 'GAVIC411441273', PartialAddress: 'UNIT 2, 159 TOORONGA ROAD, GLEN IRIS VIC 3146' };
/** A new house in a locality of the sample: not in the index. */
const ENTERED = { Street: '7a New Lane', Suburb: 'Glen Iris', State: 'VIC', Postcode: '3146' } as const;
const ENTERED_LINE = '7A NEW LANE, GLEN IRIS VIC 3146';

describe.each(DIALECTS)('addresses entered by hand on %s', (dialect) => {
  const mail = useDelivery();
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, mail.env());
  });
  afterEach(() => t.close());

  const items = (res: { json: () => unknown }) =>
    (res.json() as { Number: number; Message: string; Field?: string }[]) ?? [];
  const accounts = () =>
    t.deps.db.selectFrom('accounts').select('id').where('username', '=', JORDAN.Username).execute();

  it('registers with an entered home address in a known locality, and tells the claims system it is not verified', async () => {
    const res = await t.post('/api/account/register', {
      ...JORDAN,
      HomeAddress: { PartialAddress: 'anything the client says', Entered: ENTERED },
      PostalAddress: INDEXED,
    });
    expect(res.statusCode, res.body).toBe(200);
    const registration = res.json().AccessToken as string;
    await t.post('/api/account/generatesecuritycodeforlogin', { AccessToken: registration });
    const code = codeIn(await mail.smtp.next('jordan.doe@example.com'));
    await t.post('/api/account/validatesecuritycodeforlogin', { AccessToken: registration, SecurityCode: code });
    const event = await t.deps.db
      .selectFrom('provider_outbox')
      .select('payload')
      .where('kind', '=', 'registration-details')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(event.payload)).toMatchObject({
      // The server writes the line from the parts, as the index writes its labels.
      HomeAddress: ENTERED_LINE,
      HomeAddressVerified: false,
      PostalAddress: INDEXED.PartialAddress,
      PostalAddressVerified: true,
    });
  });

  it('refuses an entered address whose suburb and postcode are not one locality, at the address, and registers nobody', async () => {
    for (const wrong of [
      { ...ENTERED, Postcode: '3000' },
      { ...ENTERED, Suburb: 'Nowhere Town' },
      { ...ENTERED, State: 'NSW' },
    ]) {
      const res = await t.post('/api/account/register', {
        ...JORDAN,
        HomeAddress: INDEXED,
        PostalAddress: { PartialAddress: 'x', Entered: wrong },
      });
      expect(res.statusCode).toBe(225);
      expect(items(res)).toEqual([
        {
          Number: 100,
          Field: 'PostalAddress',
          Message: `Check the suburb and postcode: we cannot find ${wrong.Suburb.toUpperCase()} ${wrong.State} ${wrong.Postcode}`,
        },
      ]);
    }
    expect(await accounts()).toEqual([]);
  });

  it.each([
    [
      { Street: '1 Church Street', Suburb: 'Parramatta', State: 'NSW', Postcode: '2150' },
      '1 CHURCH STREET, PARRAMATTA NSW 2150',
    ],
    [
      { Street: '5 Liversidge  Street', Suburb: ' acton ', State: 'ACT', Postcode: '2601' },
      '5 LIVERSIDGE STREET, ACTON ACT 2601',
    ],
  ] as const)(
    'registers with an entered address anywhere in Australia, not only in the localities of the address sample (%o)',
    async (entered, line) => {
      const res = await t.post('/api/account/register', {
        ...JORDAN,
        HomeAddress: { PartialAddress: 'x', Entered: entered },
        PostalAddress: INDEXED,
      });
      expect(res.statusCode, res.body).toBe(200);
      const held = await t.deps.db
        .selectFrom('accounts')
        .select('registration_details')
        .where('username', '=', JORDAN.Username)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(held.registration_details ?? '{}')).toMatchObject({
        HomeAddress: line,
        HomeAddressVerified: false,
      });
    },
  );

  it('refuses a suburb and postcode of another state', async () => {
    const res = await t.post('/api/account/register', {
      ...JORDAN,
      HomeAddress: {
        PartialAddress: 'x',
        Entered: { Street: '1 Main Road', Suburb: 'Acton', State: 'NSW', Postcode: '2601' },
      },
      PostalAddress: INDEXED,
    });
    expect(res.statusCode).toBe(225);
    expect(items(res)).toEqual([
      { Number: 100, Field: 'HomeAddress', Message: 'Check the suburb and postcode: we cannot find ACTON NSW 2601' },
    ]);
    expect(await accounts()).toEqual([]);
  });

  it('refuses entered parts that break their rules with each part named', async () => {
    const res = await t.post('/api/account/register', {
      ...JORDAN,
      HomeAddress: { PartialAddress: 'x', Entered: { Street: '', Suburb: 'Glen Iris', State: 'XX', Postcode: '31' } },
      PostalAddress: INDEXED,
    });
    expect(res.statusCode).toBe(225);
    expect(items(res).map((i) => i.Field)).toEqual(
      expect.arrayContaining([
        'HomeAddress.Entered.Street',
        'HomeAddress.Entered.State',
        'HomeAddress.Entered.Postcode',
      ]),
    );
    expect(await accounts()).toEqual([]);
  });

  it('does not take a moniker whose address is another text as verified', async () => {
    const res = await t.post('/api/account/register', {
      ...JORDAN,
      HomeAddress: { Moniker: INDEXED.Moniker, PartialAddress: '1 Fake Street, GLEN IRIS VIC 3146' },
      PostalAddress: INDEXED,
    });
    expect(res.statusCode, res.body).toBe(200);
    const held = await t.deps.db
      .selectFrom('accounts')
      .select('registration_details')
      .where('username', '=', JORDAN.Username)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(held.registration_details ?? '{}')).toMatchObject({
      HomeAddressVerified: false,
      PostalAddressVerified: true,
    });
  });

  describe('My Details', () => {
    const contact = (AccessToken: string, home: Record<string, unknown>) =>
      t.post('/api/account/updatecontactdetails', {
        AccessToken,
        EmailAddress: 'sam.single@example.com',
        MobileNumber: '0423456789',
        PhoneNumber: { IntlNumber: '61', AreaCode: '', Number: '' },
        HomeAddressForDB: {
          ExperianSingleSelectedLine: 'typed by the client',
          AddressLine1: '',
          AddressLine2: '',
          AddressLine3: '',
          ...home,
        },
        PostalAddressForDB: null,
        AreAddressesSame: true,
      });

    it('keeps an entered address as not verified, gives its parts back, and tells the claims system', async () => {
      const token = await t.signIn('sam.single@example.com');
      const res = await contact(token, { Entered: ENTERED });
      expect(res.json(), res.body).toBe(true);
      const details = (await t.post('/api/account/getaccount', { AccessToken: token })).json().ContactDetails;
      expect(details.HomeAddressForDB).toEqual({
        ExperianSingleSelectedLine: ENTERED_LINE,
        AddressLine1: '7A NEW LANE',
        AddressLine2: 'GLEN IRIS VIC 3146',
        AddressLine3: '',
        Verified: false,
        Entered: ENTERED,
      });
      const event = await t.deps.db
        .selectFrom('provider_outbox')
        .select('payload')
        .where('kind', '=', 'account-change')
        .orderBy('seq', 'desc')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(event.payload).Changes).toMatchObject({
        HomeAddressVerified: { from: 'true', to: 'false' },
        PostalAddressVerified: { from: 'true', to: 'false' },
      });

      // Chosen from the index again: verified again.
      expect(
        (
          await contact(token, {
            ...INDEXED,
            ExperianSingleSelectedLine: INDEXED.PartialAddress,
            PartialAddress: undefined,
          })
        ).json(),
      ).toBe(true);
      const after = (await t.post('/api/account/getaccount', { AccessToken: token })).json().ContactDetails;
      expect(after.HomeAddressForDB).toMatchObject({
        ExperianSingleSelectedLine: INDEXED.PartialAddress,
        Verified: true,
      });
    });

    it('keeps entered addresses in other states, and refuses a suburb and postcode of another state', async () => {
      const token = await t.signIn('sam.single@example.com');
      for (const [entered, line] of [
        [
          { Street: '1 Church Street', Suburb: 'Parramatta', State: 'NSW', Postcode: '2150' },
          '1 CHURCH STREET, PARRAMATTA NSW 2150',
        ],
        [
          { Street: '5 Liversidge Street', Suburb: 'Acton', State: 'ACT', Postcode: '2601' },
          '5 LIVERSIDGE STREET, ACTON ACT 2601',
        ],
      ] as const) {
        expect((await contact(token, { Entered: entered })).json()).toBe(true);
        const details = (await t.post('/api/account/getaccount', { AccessToken: token })).json().ContactDetails;
        expect(details.HomeAddressForDB).toMatchObject({ ExperianSingleSelectedLine: line, Verified: false });
      }
      const res = await contact(token, {
        Entered: { Street: '5 Liversidge Street', Suburb: 'Acton', State: 'NSW', Postcode: '2601' },
      });
      expect(res.statusCode).toBe(225);
      expect(items(res)).toEqual([
        {
          Number: 100,
          Field: 'HomeAddressForDB',
          Message: 'Check the suburb and postcode: we cannot find ACTON NSW 2601',
        },
      ]);
      const after = (await t.post('/api/account/getaccount', { AccessToken: token })).json().ContactDetails;
      expect(after.HomeAddressForDB.ExperianSingleSelectedLine).toBe('5 LIVERSIDGE STREET, ACTON ACT 2601');
    });

    it('refuses an unknown locality at the home address and changes nothing', async () => {
      const token = await t.signIn('sam.single@example.com');
      const before = (await t.post('/api/account/getaccount', { AccessToken: token })).json().ContactDetails;
      const res = await contact(token, { Entered: { ...ENTERED, Postcode: '2000' } });
      expect(res.statusCode).toBe(225);
      expect(items(res)).toEqual([
        {
          Number: 100,
          Field: 'HomeAddressForDB',
          Message: 'Check the suburb and postcode: we cannot find GLEN IRIS VIC 2000',
        },
      ]);
      expect((await t.post('/api/account/getaccount', { AccessToken: token })).json().ContactDetails).toEqual(before);
      expect(await t.deps.db.selectFrom('audit_events').select('id').execute()).toEqual([]);
    });
  });
});
