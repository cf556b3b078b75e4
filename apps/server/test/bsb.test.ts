import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceFile } from '../src/db/seed/demo.ts';
import { importBsbDirectory, importInstitutions } from '../src/db/import/bsb.ts';
import { DIALECTS, createTestApp, errorNumbers, type TestApp } from './helpers.ts';

describe.each(DIALECTS)('BSB look-up on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    token = await t.signIn('sam.single@example.com');
  });
  afterAll(() => t.close());

  const verify = (Bsb: unknown) => t.post('/api/account/verifybsb', { AccessToken: token, Bsb });

  it('imports the whole AusPayNet directory', async () => {
    const row = await t.deps.db
      .selectFrom('bsb_directory')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(row.n)).toBe(17_019);
  });

  it.each([
    ['063-000', 'Commonwealth Bank of Australia'],
    ['063000', 'Commonwealth Bank of Australia'],
    ['033-001', 'Westpac Banking Corporation'],
    ['083-004', 'National Australia Bank Limited'],
    ['012-002', 'Australia & New Zealand Banking Group Limited'],
  ])('names the bank of %s by the longest matching prefix', async (bsb, name) => {
    const res = await verify(bsb);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ BankName: name });
  });

  it.each([
    ['012-003', 'merged'],
    ['012-212', 'closed'],
    ['950-000', 'high-value only, no electronic payments'],
    ['999-999', 'not in the directory'],
  ])('answers an empty name for %s (%s)', async (bsb) => {
    expect((await verify(bsb)).json()).toEqual({ BankName: '' });
  });

  it('refuses a malformed BSB with the spec message, and needs a session', async () => {
    expect((await verify('12-345')).json()).toEqual([
      { Number: 100, Message: 'Enter a valid 6 digit BSB number', Field: 'Bsb' },
    ]);
    expect(errorNumbers(await t.post('/api/account/verifybsb', { Bsb: '063-000' }))).toEqual([24]);
  });

  it('replaces the directory whole on re-import, and refuses a file of another kind without changing it', async () => {
    expect(await importBsbDirectory(t.deps.db, referenceFile('BSBDirectory.csv'))).toBe(17_019);
    expect(await importInstitutions(t.deps.db, referenceFile('institutions.csv'))).toBe(147);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bsb-'));
    const bad = path.join(dir, 'bad.csv');
    fs.writeFileSync(bad, '"063-000","CBA","x","y","z","VIC","3000","PEH"\r\n"not a bsb","a"\r\n');
    await expect(importBsbDirectory(t.deps.db, bad)).rejects.toThrow(/not an AusPayNet BSB directory line/);
    expect((await verify('033-001')).json().BankName).toBe('Westpac Banking Corporation');
    fs.rmSync(dir, { recursive: true });
  });
});
