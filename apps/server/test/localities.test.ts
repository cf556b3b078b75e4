/**
 * The localities list (migration 0021): every Australian locality with its postcode,
 * shipped in apps/server/data and loaded into an empty table at start; an import replaces it
 * whole, so the same file imported again changes nothing and a bad file changes nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importLocalities } from '../src/db/import/localities.ts';
import { referenceFile } from '../src/db/seed/demo.ts';
import { isKnownLocality } from '../src/modules/address/verify.ts';
import { DIALECTS, createTestApp, type TestApp } from './helpers.ts';

describe.each(DIALECTS)('the localities list on %s', (dialect) => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'localities-'));
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  const count = async () =>
    Number(
      (
        await t.deps.db
          .selectFrom('localities')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('holds every locality of the shipped list, as G-NAF writes it', async () => {
    expect(await count()).toBe(15_318);
    const rows = await t.deps.db
      .selectFrom('localities')
      .selectAll()
      .where('postcode', '=', '2601')
      .orderBy('locality')
      .execute();
    expect(rows).toContainEqual({ postcode: '2601', state: 'ACT', locality: 'ACTON' });
    for (const known of [
      { Suburb: 'Parramatta', State: 'NSW', Postcode: '2150' },
      { Suburb: 'acton', State: 'ACT', Postcode: '2601' },
      { Suburb: 'Glen  Iris', State: 'VIC', Postcode: '3146' },
    ] as const)
      expect(await isKnownLocality(t.deps.db, known)).toBe(true);
    expect(await isKnownLocality(t.deps.db, { Suburb: 'Acton', State: 'NSW', Postcode: '2601' })).toBe(false);
  });

  it('replaces the list whole: the same file again changes nothing', async () => {
    expect(await importLocalities(t.deps.db, referenceFile('localities-au.csv'))).toBe(15_318);
    expect(await importLocalities(t.deps.db, referenceFile('localities-au.csv'))).toBe(15_318);
    expect(await count()).toBe(15_318);
  });

  it('finds its columns by name and refuses a file of another kind, or an empty one, without changing the list', async () => {
    const other = path.join(dir, 'other.csv');
    fs.writeFileSync(other, 'count,postcode,state,locality\n1,3999,VIC,Testville\n2,3999,VIC,testville\n');
    expect(await importLocalities(t.deps.db, other)).toBe(1);
    expect(await t.deps.db.selectFrom('localities').selectAll().execute()).toEqual([
      { postcode: '3999', state: 'VIC', locality: 'TESTVILLE' },
    ]);

    expect(await importLocalities(t.deps.db, referenceFile('localities-au.csv'))).toBe(15_318);
    for (const [content, message] of [
      ['locality,state\nActon,ACT\n', /not a localities file: missing postcode/],
      ['locality,state,postcode\n', /holds no localities/],
      ['locality,state,postcode\nActon,ACT,2601\nSomewhere,XX,2601\n', /bad localities line 3/],
      ['locality,state,postcode\nActon,ACT,260\n', /bad localities line 2/],
    ] as const) {
      const bad = path.join(dir, 'bad.csv');
      fs.writeFileSync(bad, content);
      await expect(importLocalities(t.deps.db, bad)).rejects.toThrow(message);
      expect(await count()).toBe(15_318);
    }
    await expect(importLocalities(t.deps.db, referenceFile('BSBDirectory.csv'))).rejects.toThrow(
      /not a localities file/,
    );
    expect(await count()).toBe(15_318);
  });
});
