/** The anonymous page-view call (analytics) is limited per address: each call is a row anyone can add. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorNumber } from '@portal/contracts';
import { DIALECTS, createTestApp, errorNumbers, type TestApp } from './helpers.ts';

describe.each(DIALECTS)('page views on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  const view = (remoteAddress: string) =>
    t.post('/api/analytics/pageview', { Path: '/login', Title: 'Sign in' }, { remoteAddress });
  const rows = async () =>
    Number(
      (
        await t.deps.db
          .selectFrom('page_views')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('records 60 page views a minute from one address, refuses the next with 105 without a row, and counts another address apart', async () => {
    const before = await rows();
    for (let i = 0; i < 60; i++) expect((await view('198.51.100.20')).statusCode).toBe(200);
    expect(errorNumbers(await view('198.51.100.20'))).toEqual([ErrorNumber.RateLimited]);
    expect(await rows()).toBe(before + 60);
    expect((await view('198.51.100.21')).statusCode).toBe(200);
  });
});
