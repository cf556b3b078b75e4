/**
 * A page of a claim holding 5 000 payments is read from the page index in order — no scan of the
 * claim's payments, no sort — so it costs what a page of a claim holding 10 does (plus the
 * offset). Checked from each database's own query plan, not by timing.
 */
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/crypto.ts';
import { ALL_DATES, listHistory, listUpcoming } from '../src/modules/payments/repository.ts';
import { DIALECTS, createTestApp, signInWithClaim, type TestApp } from './helpers.ts';

describe.each(DIALECTS)('a claim with 5 000 payments on %s', (dialect) => {
  let t: TestApp;
  let claimId: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    claimId = (
      await t.deps.db.selectFrom('claims').select('id').where('number', '=', '23/98765').executeTakeFirstOrThrow()
    ).id;
    const rows = Array.from({ length: 5_000 }, (_, i) => {
      const date = new Date(Date.UTC(2013, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
      const upcoming = i >= 4_990 ? 1 : 0;
      return {
        id: newId(),
        claim_id: claimId,
        reference: `BULK-${i}`,
        kind: 'income-support' as const,
        description: '',
        amount_cents: 1_000 + i,
        gst_cents: 0,
        taxable: 1,
        payment_date: date,
        status: upcoming ? ('scheduled' as const) : ('paid' as const),
        upcoming,
        paid_to_last3: '123',
        paid_to_name: null,
        period_from: null,
        period_to: null,
        created_at: 0,
        updated_at: 0,
      };
    });
    for (let i = 0; i < rows.length; i += 500)
      await t.deps.db
        .insertInto('payments')
        .values(rows.slice(i, i + 500))
        .execute();
    if (dialect === 'postgres') await sql`analyze payments`.execute(t.deps.db);
  });
  afterAll(() => t.close());

  async function plan(query: { sql: string; parameters: readonly unknown[] }): Promise<string> {
    if (dialect === 'sqlite') {
      const { rows } = await t.deps.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      return rows.map((r) => r.detail).join('\n');
    }
    const { rows } = await t.deps.db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
    );
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  }

  const pageQuery = (upcoming: number, dir: 'asc' | 'desc') =>
    t.deps.db
      .selectFrom('payments')
      .select(['id', 'payment_date'])
      .where('claim_id', '=', claimId)
      .where('upcoming', '=', upcoming)
      .where('payment_date', '>=', ALL_DATES.from)
      .where('payment_date', '<=', ALL_DATES.to)
      .orderBy('payment_date', dir)
      .orderBy('id', dir)
      .limit(10)
      .offset(0)
      .compile();

  it('reads each run of a page from the page index, in order, without a sort', async () => {
    for (const [upcoming, dir] of [
      [1, 'asc'],
      [0, 'desc'],
    ] as const) {
      const text = await plan(pageQuery(upcoming, dir));
      if (dialect === 'sqlite') {
        expect(text).toMatch(/USING (COVERING )?INDEX payments_page/);
        expect(text).not.toMatch(/TEMP B-TREE/);
      } else {
        expect(text).toMatch(/payments_page/);
        expect(text).not.toMatch(/\bSort\b/);
      }
    }
  });

  it('answers the first page, the upcoming run first', async () => {
    const token = await signInWithClaim(t, 'alex.citizen@example.com', '23/98765');
    const page = (await t.post('/api/payments/getpayments', { AccessToken: token, Offset: 8, Amount: 4 })).json();
    expect([page.Total, page.Upcoming, page.Items.length]).toEqual([5_000, 10, 4]);
    expect(page.Items.map((p: { Status: string }) => p.Status)).toEqual(['scheduled', 'scheduled', 'paid', 'paid']);
    const upcoming = await listUpcoming(t.deps.db, claimId, ALL_DATES, 2, 8);
    const history = await listHistory(t.deps.db, claimId, ALL_DATES, 2, 0);
    expect(page.Items.map((p: { PaymentId: string }) => p.PaymentId)).toEqual(
      [...upcoming, ...history].map((r) => r.id),
    );
  });
});
