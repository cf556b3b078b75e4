import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/db/database.ts';
import { preparedQuery, statementName } from '../src/db/prepared.ts';
import { filesOf } from '../src/modules/inbox/repository.ts';
import { DIALECTS, createTestApp } from './helpers.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('PostgreSQL pool', () => {
  it('survives the server closing an idle connection and reconnects on the next query', async () => {
    const errors: string[] = [];
    const handle = openDatabase({
      dialect: 'postgres',
      url: url as string,
      maxConnections: 1,
      onIdleClientError: (e) => errors.push(e.message),
    });
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      } finally {
        await admin.end();
      }
      await expect.poll(() => errors.length).toBe(1);
      expect(errors[0]).toMatch(/terminating connection/);
      const again = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
      expect(again.rows[0]!.one).toBe(1);
    } finally {
      await handle.close();
    }
  });
});

describe.skipIf(!url)('PostgreSQL counters connections', () => {
  it('commit without waiting for the disk, while the main pool still does', async () => {
    const handle = openDatabase({ dialect: 'postgres', url: url as string, maxConnections: 1 });
    try {
      const show = async (db: Db) =>
        (await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(db)).rows[0]?.synchronous_commit;
      expect(await show(handle.db)).toBe('on');
      expect(handle.counters).toBeDefined();
      expect(await show(handle.counters as Db)).toBe('off');
    } finally {
      await handle.close();
    }
  });
});

describe.each(DIALECTS)('preparedQuery (%s)', (dialect) => {
  const byNumber = preparedQuery((db: Db, claimantId: string, number: string) =>
    db.selectFrom('claims').select(['number']).where('claimant_id', '=', claimantId).where('number', '=', number),
  );

  it('compiles once and runs with each call’s own arguments, in a transaction too', async () => {
    const t = await createTestApp(dialect);
    try {
      const claims = await t.deps.db
        .selectFrom('claims')
        .select(['claimant_id', 'number'])
        .orderBy('number')
        .limit(2)
        .execute();
      expect(claims).toHaveLength(2);
      for (const c of claims)
        expect(await byNumber(t.deps.db, c.claimant_id, c.number)).toEqual([{ number: c.number }]);
      const [a, b] = claims as [(typeof claims)[0], (typeof claims)[0]];
      // Another claimant's claim number with this claimant: nothing.
      if (a.claimant_id !== b.claimant_id) expect(await byNumber(t.deps.db, a.claimant_id, b.number)).toEqual([]);
      await t.deps.db.transaction().execute(async (trx) => {
        expect(await byNumber(trx, b.claimant_id, b.number)).toEqual([{ number: b.number }]);
      });
    } finally {
      await t.close();
    }
  });

  it('on PostgreSQL, is prepared once on each connection under its name', async () => {
    if (dialect !== 'postgres') return;
    const handle = openDatabase({ dialect: 'postgres', url: url as string, maxConnections: 1 });
    const plusOne = preparedQuery((db: Db, n: number) => {
      const query = sql<{ n: number }>`select ${n}::int + 1 as n`;
      return { compile: () => query.compile(db) };
    });
    try {
      expect(await plusOne(handle.db, 1)).toEqual([{ n: 2 }]);
      expect(await plusOne(handle.db, 41)).toEqual([{ n: 42 }]);
      const prepared = await sql<{
        name: string;
        statement: string;
      }>`select name, statement from pg_prepared_statements`.execute(handle.db);
      const own = prepared.rows.filter((r) => r.statement.includes('$1::int + 1'));
      expect(own).toHaveLength(1);
      expect(own[0]?.name).toBe(statementName(own[0]?.statement ?? ''));
    } finally {
      await handle.close();
    }
  });

  it('takes any number of form ids in fixed groups (the attachments query), oldest file first', async () => {
    const t = await createTestApp(dialect);
    try {
      const claim = await t.deps.db.selectFrom('claims').select('id').executeTakeFirstOrThrow();
      const forms = Array.from({ length: 23 }, (_, i) => `form-${String(i).padStart(2, '0')}`);
      await t.deps.db
        .insertInto('files')
        .values(
          forms.map((form, i) => ({
            id: `file-${i}`,
            account_id: null,
            claim_id: claim.id,
            form_type: 'inbox',
            form_id: form,
            description: '',
            original_name: `${form}.pdf`,
            size: 1,
            mime: 'application/pdf',
            sha256: '0',
            storage_key: `k${i}`,
            created_at: 1_000 + ((i * 7) % 23),
            submitted_at: null,
          })),
        )
        .execute();
      const some = await filesOf(t.deps.db, forms.slice(0, 3));
      expect(some.map((f) => f.form_id).sort()).toEqual(forms.slice(0, 3));
      const all = await filesOf(t.deps.db, [...forms, 'no-such-form']);
      expect(all).toHaveLength(23);
      expect(all.map((f) => Number(f.created_at))).toEqual(
        [...all.map((f) => Number(f.created_at))].sort((a, b) => a - b),
      );
      expect(await filesOf(t.deps.db, [])).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('refuses a builder that does not use an argument as a value', async () => {
    const t = await createTestApp(dialect);
    try {
      const broken = preparedQuery((db: Db, _unused: string) => db.selectFrom('claims').select(['number']));
      await expect(broken(t.deps.db, 'x')).rejects.toThrow(/argument 0 is not a parameter/);
    } finally {
      await t.close();
    }
  });
});
