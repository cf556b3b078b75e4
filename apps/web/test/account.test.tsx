/**
 * My Details: the toast text from the route parameters, the rules that enable Save
 * and the edit controls, and the page's edit-mode switch with its focus handling.
 */
import { CodeType, type Account } from '@portal/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getSecureToken, saveSecureToken } from '../src/lib/session/access-code.ts';
import { draftMirrorKey, setDraftMirrorStorage } from '../src/lib/forms/draft-mirror.ts';
import { saveLoginToken } from '../src/lib/session/session.ts';
import { contactSaveState, normaliseContact } from '../src/features/account/components/contact-details-form.tsx';
import { personalResolver, type PersonalValues } from '../src/features/account/components/personal-details-form.tsx';
import { contactBody } from '../src/features/account/api/update-contact-details.ts';
import {
  bankPermission,
  contactChannelPermission,
  displayName,
  nextPreferences,
  preferencesWarning,
} from '../src/features/account/rules.ts';
import { accountToast } from '../src/features/account/toast.ts';
import { CLAIMS, HOME_ADDRESS, accountFixture, mockServer } from './helpers.ts';
import { memoryStorage } from './memory-draft-storage.ts';
import { renderApp } from './render-app.tsx';

const HOME = HOME_ADDRESS;
const ENTERED_BY_YOU = 'You entered this address yourself. It is not in the national address list.';

const ACCOUNT: Account = accountFixture({
  PersonalDetails: { MiddleNames: 'James', DateOfBirth: '1985-06-14' },
  ContactDetails: { HomeAddressForDB: HOME_ADDRESS, PostalAddressForDB: HOME_ADDRESS },
  BankAccountDetails: {
    BankName: 'Commonwealth Bank of Australia',
    AccountName: 'Alex Citizen',
    Bsb: '063-000',
    AccountNumber: '*****6789',
  },
});

describe('accountToast (spec 000 §8)', () => {
  it('says updated, failed or sent for approval, in the spec words', () => {
    expect(accountToast('contact-details', 'success')).toEqual({
      tone: 'success',
      text: 'Your contact details have been updated',
    });
    expect(accountToast('contact-details', 'error')).toEqual({
      tone: 'error',
      text: 'Your contact details failed to save',
    });
    expect(accountToast('personal-details', 'approval')?.text).toBe(
      'Your Personal Details have been sent to the provider for approval',
    );
    expect(accountToast('personal-details', 'error')?.text).toBe('Your Personal Details failed to save');
    expect(accountToast('bank-details', 'success')?.text).toBe('Your bank account details have been updated');
    expect(accountToast('bank-details', 'error')?.text).toBe('Your bank details failed to send');
    expect(accountToast('password', 'success')?.text).toBe('Password successfully updated');
    // One thing "has", several "have".
    expect(accountToast('email-address', 'success')?.text).toBe('Your email address has been updated');
    expect(accountToast('mobile-number', 'ERROR')?.text).toBe('Your mobile number failed to save');
  });

  it('any other success value reads as updated; an unknown type has no toast', () => {
    expect(accountToast('mobile-number', 'true')?.text).toBe('Your mobile number has been updated');
    expect(accountToast('account', 'success')).toBeNull();
    expect(accountToast(undefined, undefined)).toBeNull();
  });
});

describe('contact details: when Save can be used (spec 000 §5)', () => {
  const initial = contactBody(ACCOUNT.ContactDetails);

  it('needs something changed', () => {
    expect(contactSaveState({ valid: true, values: initial, initial })).toEqual({
      canSave: false,
      hint: 'Change a detail to save.',
    });
    const changed = { ...initial, PhoneNumber: { IntlNumber: '61' as const, AreaCode: '03', Number: '91234567' } };
    expect(contactSaveState({ valid: true, values: changed, initial }).canSave).toBe(true);
    // Spaces around a phone part are no change.
    const spaced = { ...initial, PhoneNumber: { IntlNumber: '61' as const, AreaCode: ' ', Number: '' } };
    expect(contactSaveState({ valid: true, values: spaced, initial }).canSave).toBe(false);
  });

  it('needs both addresses (or "same as home") and a valid form', () => {
    const noPostal = { ...initial, AreAddressesSame: false, PostalAddressForDB: null };
    expect(contactSaveState({ valid: true, values: noPostal, initial }).canSave).toBe(false);
    const noHome = { ...initial, HomeAddressForDB: { ...HOME, ExperianSingleSelectedLine: '' } };
    expect(contactSaveState({ valid: true, values: noHome, initial }).canSave).toBe(false);
    const other = {
      ...initial,
      AreAddressesSame: false,
      PostalAddressForDB: { ...HOME, ExperianSingleSelectedLine: 'PO Box 1, MELBOURNE VIC 3001' },
    };
    expect(contactSaveState({ valid: false, values: other, initial })).toEqual({
      canSave: false,
      hint: 'Correct the details marked above to save.',
    });
    expect(contactSaveState({ valid: true, values: other, initial }).canSave).toBe(true);
  });

  it('sends no postal address when it is the home one', () => {
    expect(
      normaliseContact({ ...initial, AreAddressesSame: true, PostalAddressForDB: HOME }).PostalAddressForDB,
    ).toBeNull();
  });
});

describe('edit permissions and preferences (spec 000 §4, §6)', () => {
  it('the State Trustees come before the 48-hour lock, saying who is paid and whom to contact', () => {
    expect(bankPermission({ ...ACCOUNT, IsStateTrustee: true, BankDetailsCanEdit: false })).toEqual({
      kind: 'blocked',
      message:
        "Bank account details can't be edited on your claim because it is managed by the State Trustees. We make your payments to the State Trustees, not to you.",
      callUs: 'To ask about a payment or your bank details, contact the State Trustees or call us on',
    });
    expect(bankPermission({ ...ACCOUNT, BankDetailsCanEdit: false })).toMatchObject({
      kind: 'blocked',
      message: expect.stringContaining('first 48 hours') as string,
    });
    expect(bankPermission(ACCOUNT)).toEqual({ kind: 'allowed' });
  });

  it('e-mail needs a mobile, mobile needs an e-mail; the provider flags block with the spec text', () => {
    const noMobile = { ...ACCOUNT, ContactDetails: { ...ACCOUNT.ContactDetails, MobileNumber: '' } };
    expect(contactChannelPermission(noMobile, 'email', '1300 654 329').kind).toBe('hidden');
    expect(contactChannelPermission(noMobile, 'mobile', '1300 654 329').kind).toBe('allowed');
    expect(contactChannelPermission({ ...ACCOUNT, EmailEditDisabled: true }, 'email', '1300 654 329')).toEqual({
      kind: 'blocked',
      message:
        'Unfortunately we are not able to update your email address at this time. Please contact the provider to update your details on 1300 654 329.',
    });
  });

  it('both off forces e-mail on; SMS off alone forces nothing', () => {
    expect(nextPreferences({ SMS: false, Email: true }, { Email: false })).toEqual({
      values: { SMS: false, Email: true },
      forcedEmail: true,
    });
    expect(nextPreferences({ SMS: true, Email: false }, { SMS: false })).toEqual({
      values: { SMS: false, Email: true },
      forcedEmail: true,
    });
    expect(nextPreferences({ SMS: true, Email: true }, { SMS: false })).toEqual({
      values: { SMS: false, Email: true },
      forcedEmail: false,
    });
    expect(nextPreferences({ SMS: true, Email: true }, { Email: false })).toEqual({
      values: { SMS: true, Email: false },
      forcedEmail: false,
    });
    expect(preferencesWarning({ EmailAddress: 'a@b.co', MobileNumber: '' })).toBe(
      'To choose how we contact you, please add your mobile number first.',
    );
    expect(preferencesWarning(ACCOUNT.ContactDetails)).toBeNull();
  });

  it('the display name leaves out an Unknown title', () => {
    expect(displayName(ACCOUNT.PersonalDetails)).toBe('Mr Alex James Citizen');
    expect(displayName({ ...ACCOUNT.PersonalDetails, Title: 7, MiddleNames: '' })).toBe('Alex Citizen');
  });

  it('Other needs its reason even while the date of birth is unreadable', async () => {
    const values: PersonalValues = {
      FirstName: 'Alex',
      MiddleNames: '',
      Surname: 'Citizen',
      DateOfBirth: '31/02/1985',
      Reason: { Id: 5, Item: 'Other' },
      OtherReason: ' ',
    };
    const result = await personalResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors.OtherReason?.message).toBe('Please provide a reason between 1-250 characters');
    expect(result.errors.DateOfBirth?.message).toBe('Enter a valid Date of Birth');
  });
});

describe('/account', () => {
  let app: ReturnType<typeof renderApp> | undefined;
  afterEach(() => {
    app?.cleanup();
    app = undefined;
  });

  function accountServer(extra: Parameters<typeof mockServer>[0] = {}) {
    return mockServer({
      '/api/claim/getclaims': { status: 200, body: CLAIMS.map((c, i) => ({ ...c, Selected: i === 0 })) },
      '/api/inbox/getunreadmessagecount': { status: 200, body: 0 },
      '/api/analytics/pageview': { status: 200, body: true },
      '/api/account/keepalive': { status: 200, body: { IdleTimeoutSeconds: 1200 } },
      '/api/account/getaccount': { status: 200, body: ACCOUNT },
      ...extra,
    });
  }

  describe('what is typed in an edit view is kept on this device until it is cancelled or saved', () => {
    const KEY = draftMirrorKey({ account: 'alex@example.com', claim: '', form: 'account-contact' });
    afterEach(() => setDraftMirrorStorage(null));

    async function typePhone(area: string, number: string) {
      fireEvent.click(await screen.findByTestId('account-contact-edit', {}, { timeout: 3000 }));
      fireEvent.change(await screen.findByTestId('contact-area-code'), { target: { value: area } });
      fireEvent.change(screen.getByTestId('contact-phone-number'), { target: { value: number } });
    }

    it('kept at once (for the account, not a claim); Cancel drops it and the next edit starts afresh', async () => {
      const storage = memoryStorage();
      setDraftMirrorStorage(storage);
      saveLoginToken('session-1', false);
      accountServer();
      app = renderApp('/account');
      await typePhone('03', '91234567');
      await waitFor(() =>
        expect(storage.entries.get(KEY)?.draft).toMatchObject({
          PhoneNumber: { IntlNumber: '61', AreaCode: '03', Number: '91234567' },
          AreAddressesSame: true,
        }),
      );
      // Putting back what was on record leaves nothing to keep.
      fireEvent.change(screen.getByTestId('contact-area-code'), { target: { value: '' } });
      fireEvent.change(screen.getByTestId('contact-phone-number'), { target: { value: '' } });
      await waitFor(() => expect(storage.entries.has(KEY)).toBe(false));

      fireEvent.change(screen.getByTestId('contact-area-code'), { target: { value: '02' } });
      await waitFor(() => expect(storage.entries.has(KEY)).toBe(true));
      fireEvent.click(screen.getByTestId('contact-cancel'));
      await waitFor(() => expect(storage.entries.has(KEY)).toBe(false));
      fireEvent.click(await screen.findByTestId('account-contact-edit'));
      expect(((await screen.findByTestId('contact-area-code')) as HTMLInputElement).value).toBe('');
      expect(screen.getByTestId('contact-restored').textContent).toBe('');
    });

    it('a save drops it', async () => {
      const storage = memoryStorage();
      setDraftMirrorStorage(storage);
      saveLoginToken('session-1', false);
      const server = accountServer({ '/api/account/updatecontactdetails': { status: 200, body: true } });
      app = renderApp('/account');
      await typePhone('03', '91234567');
      await waitFor(() => expect(storage.entries.has(KEY)).toBe(true));
      await waitFor(() => expect(screen.getByTestId('contact-save').getAttribute('aria-disabled')).toBeNull());
      fireEvent.click(screen.getByTestId('contact-save'));
      await waitFor(() => expect(app?.pathname()).toBe('/accountupdated/contact-details/success'));
      expect(server.callsTo('/api/account/updatecontactdetails')[0]?.body).toMatchObject({
        PhoneNumber: { AreaCode: '03', Number: '91234567' },
      });
      await waitFor(() => expect(storage.entries.has(KEY)).toBe(false));
    });
  });

  it('the read view says that an address entered by hand is not in the national address list', async () => {
    saveLoginToken('session-1', false);
    const entered = { Street: '1 Church Street', Suburb: 'Parramatta', State: 'NSW', Postcode: '2150' } as const;
    accountServer({
      '/api/account/getaccount': {
        status: 200,
        body: {
          ...ACCOUNT,
          ContactDetails: {
            ...ACCOUNT.ContactDetails,
            HomeAddressForDB: {
              ExperianSingleSelectedLine: '1 CHURCH STREET, PARRAMATTA NSW 2150',
              AddressLine1: '1 CHURCH STREET',
              AddressLine2: 'PARRAMATTA NSW 2150',
              AddressLine3: '',
              Verified: false,
              Entered: entered,
            },
            // From the claims system, without a flag: counts as verified.
            PostalAddressForDB: HOME_ADDRESS,
            AreAddressesSame: false,
          },
        },
      },
    });
    app = renderApp('/account');
    const home = await screen.findByTestId('contact-home-value', {}, { timeout: 3000 });
    expect(home.textContent).toBe(`1 CHURCH STREET, PARRAMATTA NSW 2150${ENTERED_BY_YOU}`);
    expect(screen.getByTestId('contact-home-entered').textContent).toBe(ENTERED_BY_YOU);
    expect(screen.getByTestId('contact-postal-value').textContent).toBe(HOME_ADDRESS.ExperianSingleSelectedLine);
    expect(screen.queryByTestId('contact-postal-entered')).toBeNull();
  });

  it('/accountupdated/{type}/{success} shows the toast in a status region', async () => {
    saveLoginToken('session-1', false);
    accountServer();
    app = renderApp('/accountupdated/bank-details/error');
    const toast = await screen.findByTestId('account-toast');
    expect(toast.textContent).toContain('Your bank details failed to send');
    expect(screen.getByTestId('account-toast-region').getAttribute('role')).toBe('status');
  });

  it('Edit opens the block in the edit-mode layout with focus in it; Cancel reloads and gives focus back', async () => {
    saveLoginToken('session-1', false);
    const server = accountServer();
    app = renderApp('/account');
    const edit = await screen.findByTestId('account-contact-edit', {}, { timeout: 3000 });
    expect(edit.textContent).toBe('Edit contact details');
    fireEvent.click(edit);
    expect(screen.getByTestId('account-page').getAttribute('data-layout')).toBe('edit');
    await waitFor(() => expect(document.activeElement?.getAttribute('data-testid')).toBe('contact-area-code'));
    // One section at a time.
    expect(screen.queryByTestId('account-personal-edit')).toBeNull();
    expect(screen.getByTestId('contact-save').getAttribute('aria-disabled')).toBe('true');
    const loads = server.callsTo('/api/account/getaccount').length;

    fireEvent.click(screen.getByTestId('contact-cancel'));
    expect(screen.getByTestId('account-page').getAttribute('data-layout')).toBe('read');
    await waitFor(() => expect(document.activeElement?.getAttribute('data-testid')).toBe('account-contact-edit'));
    await waitFor(() => expect(server.callsTo('/api/account/getaccount').length).toBeGreaterThan(loads));
  });

  it('back from the access code, the section opens with the secure token; leaving the page clears it', async () => {
    saveLoginToken('session-1', false);
    accountServer();
    app = renderApp('/claim');
    await screen.findByTestId('enquiries-note');
    saveSecureToken({ SecureToken: 'secure-1', CodeType: CodeType.Mobile, ExpiresInSeconds: 600 });
    await act(() => app?.router.navigate('/account', { state: { codeType: CodeType.Mobile } }));
    await screen.findByTestId('mobile-form');
    expect(screen.getByTestId('account-mobile').getAttribute('data-mode')).toBe('edit');
    expect(getSecureToken(CodeType.Mobile)?.SecureToken).toBe('secure-1');

    await act(() => app?.router.navigate('/claim'));
    await screen.findByTestId('enquiries-note');
    expect(getSecureToken(CodeType.Mobile)).toBeUndefined();
  });
});
