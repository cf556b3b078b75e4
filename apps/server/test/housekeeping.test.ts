/** What the hourly clean-up forgets, and what it must keep (decision 019). */
import { describe, expect, it } from 'vitest';
import { KEEP_ENDED_MS, removeEndedRecords } from '../src/modules/housekeeping/service.ts';
import { DIALECTS, createTestApp } from './helpers.ts';

const DAY_MS = 24 * 60 * 60_000;

describe.each(DIALECTS)('removeEndedRecords (%s)', (dialect) => {
  it('removes abandoned registrations, ended sessions, dead codes and tokens, quiet throttles and delivered messages a month on; keeps everything still of use', async () => {
    const t = await createTestApp(dialect);
    try {
      const { db } = t.deps;
      const account = await db.selectFrom('accounts').select('id').where('activated', '=', 1).executeTakeFirstOrThrow();
      const start = t.clock.now();
      const old = start - KEEP_ENDED_MS - DAY_MS;

      // A session signed out now (kept a month), one that ended long ago, one still in use.
      const signedOut = await t.signIn('sam.single@example.com');
      expect((await t.post('/api/account/logout', { AccessToken: signedOut })).statusCode).toBe(200);
      const session = (id: string, at: number, revoked: number | null) => ({ id, token_hash: `hash-${id}`, account_id: account.id, kind: 'login' as const, remember_me: 0, created_at: at, last_seen_at: at, expires_at: at + DAY_MS, selected_claim_id: null, revoked_at: revoked });
      await db.insertInto('sessions').values([session('ended-long-ago', old - DAY_MS, null), session('revoked-long-ago', old - DAY_MS, old)]).execute();
      await db
        .insertInto('secure_tokens')
        .values({ id: 'st-old', session_id: 'ended-long-ago', token_hash: 'st-hash', code_type: 1, created_at: old - DAY_MS, expires_at: old - DAY_MS, used_at: null })
        .execute();
      const code = (id: string, at: number) => ({ id, account_id: account.id, purpose: 'verification' as const, code_type: 1, code_hash: `c-${id}`, channel: 'email' as const, attempts: 0, created_at: at, expires_at: at + 600_000, used_at: null, voided_at: null, notification_id: null });
      await db.insertInto('access_codes').values([code('code-old', old), code('code-new', start)]).execute();
      await db
        .insertInto('code_guesses')
        .values([
          { account_id: account.id, day: '2026-11-10', wrong: 3 },
          { account_id: account.id, day: '2026-11-20', wrong: 1 },
          { account_id: account.id, day: '2026-11-21', wrong: 2 },
        ])
        .execute();
      await db
        .insertInto('reset_tokens')
        .values([
          { id: 'rt-old', account_id: account.id, token_hash: 'rt-old', created_at: old, expires_at: old + 3_600_000, used_at: null },
          { id: 'rt-new', account_id: account.id, token_hash: 'rt-new', created_at: start, expires_at: start + 3_600_000, used_at: null },
        ])
        .execute();
      await db
        .insertInto('login_throttle')
        .values([
          { key: 'u:quiet', failures: 4, locked_until: start - 2 * DAY_MS, updated_at: start - 2 * DAY_MS },
          { key: 'u:recent', failures: 6, locked_until: start + 60_000, updated_at: start },
        ])
        .execute();
      const note = (id: string, sent: number | null, dead: number | null) => ({ id, account_id: account.id, kind: 'test', channel: 'email' as const, recipient_enc: 'x', subject: 's', body_enc: 'y', created_at: old, next_attempt_at: old, locked_until: null, attempts: 1, last_error: null, sent_at: sent, dead_at: dead, expires_at: null });
      await db.insertInto('notifications').values([note('n-sent-old', old, null), note('n-dead-old', null, old), note('n-sent-new', start, null), note('n-unsent', null, null)]).execute();

      // Two accounts never activated: one registered long ago and left, one registered long ago
      // whose owner is still at it (a session seen lately, as after a password reset).
      const pending = await db.selectFrom('accounts').select(['id', 'claimant_id']).where('activated', '=', 0).executeTakeFirstOrThrow();
      const claimant = await db.selectFrom('claimants').select('id').where('id', 'not in', db.selectFrom('accounts').select('claimant_id')).executeTakeFirstOrThrow();
      await db.updateTable('accounts').set({ registered_at: old }).where('id', '=', pending.id).execute();
      await db
        .insertInto('accounts')
        .values({ id: 'still-trying', claimant_id: claimant.id, username: 'still.trying@example.com', password_hash: 'x', activated: 0, one_time_password: 0, registered_at: old })
        .execute();
      await db.insertInto('sessions').values({ ...session('trying-now', start, null), account_id: 'still-trying', kind: 'registration' }).execute();

      const first = await removeEndedRecords(t.deps);
      expect(first).toMatchObject({ unactivatedAccounts: 1, sessions: 2, secureTokens: 0, accessCodes: 1, codeGuesses: 1, resetTokens: 1, loginThrottles: 1, notifications: 2 });
      const ids = async (table: 'sessions' | 'access_codes' | 'reset_tokens' | 'notifications') => (await db.selectFrom(table).select('id').execute()).map((r) => r.id).sort();
      const accounts = (await db.selectFrom('accounts').select('id').execute()).map((r) => r.id);
      expect(accounts).not.toContain(pending.id);
      expect(accounts).toContain('still-trying');
      expect(accounts).toContain(account.id);
      expect(await ids('access_codes')).toContain('code-new');
      expect(await ids('access_codes')).not.toContain('code-old');
      expect(await ids('reset_tokens')).toEqual(['rt-new']);
      expect(await db.selectFrom('secure_tokens').select('id').where('id', '=', 'st-old').execute()).toEqual([]); // with its session
      expect((await db.selectFrom('code_guesses').select('day').orderBy('day').execute()).map((r) => r.day)).toEqual(['2026-11-20', '2026-11-21']);
      expect((await db.selectFrom('login_throttle').select('key').execute()).map((r) => r.key)).toEqual(['u:recent']);
      expect((await ids('notifications')).filter((id) => id.startsWith('n-'))).toEqual(['n-sent-new', 'n-unsent']);

      // A month later the session signed out today goes too; one in use stays.
      t.clock.advance(KEEP_ENDED_MS + DAY_MS);
      const live = await t.signIn('sam.single@example.com');
      const second = await removeEndedRecords(t.deps);
      expect(second.sessions).toBeGreaterThanOrEqual(1);
      expect((await t.post('/api/account/getaccount', { AccessToken: live })).statusCode).toBe(200);
      // Run again: nothing more to remove.
      expect(Object.values(await removeEndedRecords(t.deps)).every((n) => n === 0)).toBe(true);
    } finally {
      await t.close();
    }
  });
});
