import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importGnafCore } from '../src/db/import/gnaf-core.ts';
import { DIALECTS, createTestApp, errorNumbers, type TestApp } from './helpers.ts';

describe.each(DIALECTS)('address search on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const search = (query: string, isHomeAddress = true) =>
    t.app.inject({
      method: 'GET',
      url: '/api/addresslookup/AddressLookup',
      query: { query, isHomeAddress: String(isHomeAddress) },
    });

  it('imports the 451 addresses of the G-NAF sample', async () => {
    const row = await t.deps.db
      .selectFrom('addresses')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(row.n)).toBe(451);
  });

  it('finds an address by the beginnings of its words', async () => {
    const res = await search('159 toor glen');
    expect(res.statusCode).toBe(200);
    const labels = (res.json() as { PartialAddress: string }[]).map((s) => s.PartialAddress);
    expect(labels).toContain('UNIT 2, 159 TOORONGA ROAD, GLEN IRIS VIC 3146');
    for (const l of labels) expect(l).toMatch(/159.*TOORONGA.*GLEN/);
    const first = res.json()[0];
    expect(Object.keys(first).sort()).toEqual(['Moniker', 'PartialAddress', 'Picklist', 'Postcode', 'Score']);
    expect(first.Postcode).toBe('3146');
  });

  it('returns at most 10 suggestions and nothing for a miss', async () => {
    expect((await search('street')).json().length).toBeLessThanOrEqual(10);
    expect((await search('zzzz nowhere')).json()).toEqual([]);
  });

  it('offers a typed PO box for a postal address, never for a home address', async () => {
    expect((await search('PO Box 12 Melbourne VIC 3001', false)).json()[0]).toMatchObject({
      Moniker: 'typed',
      PartialAddress: 'PO BOX 12 MELBOURNE VIC 3001',
      Postcode: '3001',
    });
    expect((await search('PO Box 12 Melbourne VIC 3001', true)).json()).toEqual([]);
  });

  it('refuses an empty or unknown query string', async () => {
    expect(errorNumbers(await search(''))).toEqual([100]);
    const extra = await t.app.inject({ method: 'GET', url: '/api/addresslookup/AddressLookup?query=a&admin=1' });
    expect(errorNumbers(extra)).toEqual([100]);
  });

  it('imports a full G-NAF Core file again without duplicates, and refuses a file of another kind', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gnaf-'));
    const bad = path.join(dir, 'bad.psv');
    fs.writeFileSync(bad, 'A|B|C\n1|2|3\n');
    await expect(importGnafCore(t.deps.db, bad)).rejects.toThrow(/not a G-NAF Core file/);
    fs.rmSync(dir, { recursive: true });
  });
});
