/** What the hourly clean-up forgets, and what it must keep (decision 019). */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  KEEP_ENDED_MS,
  KEEP_PAGE_VIEWS_MS,
  KEEP_UNTOUCHED_DRAFT_MS,
  removeEndedRecords,
} from '../src/modules/housekeeping/service.ts';
import { IDEMPOTENCY_KEEP_MS } from '../src/modules/provider/idempotency.ts';
import { UNSUBMITTED_FILE_LIFETIME_MS, removeExpiredUploads } from '../src/modules/uploads/service.ts';
import { localFileStore } from '../src/storage/file-store.ts';
import { DIALECTS, createTestApp, signInWithClaim } from './helpers.ts';
import { multipart } from './multipart.ts';
import { SAMPLES } from './samples.ts';

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
      const session = (id: string, at: number, revoked: number | null) => ({
        id,
        token_hash: `hash-${id}`,
        account_id: account.id,
        kind: 'login' as const,
        remember_me: 0,
        created_at: at,
        last_seen_at: at,
        expires_at: at + DAY_MS,
        selected_claim_id: null,
        revoked_at: revoked,
      });
      await db
        .insertInto('sessions')
        .values([session('ended-long-ago', old - DAY_MS, null), session('revoked-long-ago', old - DAY_MS, old)])
        .execute();
      await db
        .insertInto('secure_tokens')
        .values({
          id: 'st-old',
          session_id: 'ended-long-ago',
          token_hash: 'st-hash',
          code_type: 1,
          created_at: old - DAY_MS,
          expires_at: old - DAY_MS,
          used_at: null,
        })
        .execute();
      const code = (id: string, at: number) => ({
        id,
        account_id: account.id,
        purpose: 'verification' as const,
        code_type: 1,
        code_hash: `c-${id}`,
        channel: 'email' as const,
        attempts: 0,
        created_at: at,
        expires_at: at + 600_000,
        used_at: null,
        voided_at: null,
        notification_id: null,
      });
      await db
        .insertInto('access_codes')
        .values([code('code-old', old), code('code-new', start)])
        .execute();
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
          {
            id: 'rt-old',
            account_id: account.id,
            token_hash: 'rt-old',
            created_at: old,
            expires_at: old + 3_600_000,
            used_at: null,
          },
          {
            id: 'rt-new',
            account_id: account.id,
            token_hash: 'rt-new',
            created_at: start,
            expires_at: start + 3_600_000,
            used_at: null,
          },
        ])
        .execute();
      await db
        .insertInto('login_throttle')
        .values([
          { key: 'u:quiet', failures: 4, locked_until: start - 2 * DAY_MS, updated_at: start - 2 * DAY_MS },
          { key: 'u:recent', failures: 6, locked_until: start + 60_000, updated_at: start },
        ])
        .execute();
      const note = (id: string, sent: number | null, dead: number | null) => ({
        id,
        account_id: account.id,
        kind: 'test',
        channel: 'email' as const,
        recipient_enc: 'x',
        subject: 's',
        body_enc: 'y',
        created_at: old,
        next_attempt_at: old,
        locked_until: null,
        attempts: 1,
        last_error: null,
        sent_at: sent,
        dead_at: dead,
        expires_at: null,
      });
      await db
        .insertInto('notifications')
        .values([
          note('n-sent-old', old, null),
          note('n-dead-old', null, old),
          note('n-sent-new', start, null),
          note('n-unsent', null, null),
        ])
        .execute();

      // Two accounts never activated: one registered long ago and left, one registered long ago
      // whose owner is still at it (a session seen lately, as after a password reset).
      const pending = await db
        .selectFrom('accounts')
        .select(['id', 'claimant_id'])
        .where('activated', '=', 0)
        .executeTakeFirstOrThrow();
      const claimant = await db
        .selectFrom('claimants')
        .select('id')
        .where('id', 'not in', db.selectFrom('accounts').select('claimant_id'))
        .executeTakeFirstOrThrow();
      await db.updateTable('accounts').set({ registered_at: old }).where('id', '=', pending.id).execute();
      await db
        .insertInto('accounts')
        .values({
          id: 'still-trying',
          claimant_id: claimant.id,
          username: 'still.trying@example.com',
          password_hash: 'x',
          activated: 0,
          one_time_password: 0,
          registered_at: old,
        })
        .execute();
      await db
        .insertInto('sessions')
        .values({ ...session('trying-now', start, null), account_id: 'still-trying', kind: 'registration' })
        .execute();

      const first = await removeEndedRecords(t.deps);
      expect(first).toMatchObject({
        unactivatedAccounts: 1,
        sessions: 2,
        secureTokens: 0,
        accessCodes: 1,
        codeGuesses: 1,
        resetTokens: 1,
        loginThrottles: 1,
        notifications: 2,
      });
      const ids = async (table: 'sessions' | 'access_codes' | 'reset_tokens' | 'notifications') =>
        (await db.selectFrom(table).select('id').execute()).map((r) => r.id).sort();
      const accounts = (await db.selectFrom('accounts').select('id').execute()).map((r) => r.id);
      expect(accounts).not.toContain(pending.id);
      expect(accounts).toContain('still-trying');
      expect(accounts).toContain(account.id);
      expect(await ids('access_codes')).toContain('code-new');
      expect(await ids('access_codes')).not.toContain('code-old');
      expect(await ids('reset_tokens')).toEqual(['rt-new']);
      expect(await db.selectFrom('secure_tokens').select('id').where('id', '=', 'st-old').execute()).toEqual([]); // with its session
      expect((await db.selectFrom('code_guesses').select('day').orderBy('day').execute()).map((r) => r.day)).toEqual([
        '2026-11-20',
        '2026-11-21',
      ]);
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

  it("forgets the provider API's idempotent answers a week on", async () => {
    const t = await createTestApp(dialect);
    try {
      const { db } = t.deps;
      const start = t.clock.now();
      const answer = (key: string, at: number) => ({
        key_id: 'key-1',
        idempotency_key: key,
        request_hash: 'h',
        status_code: 200,
        response: '{}',
        created_at: at,
      });
      await db
        .insertInto('provider_idempotency')
        .values([
          answer('idem-old', start - IDEMPOTENCY_KEEP_MS - 1),
          answer('idem-edge', start - IDEMPOTENCY_KEEP_MS + 1),
          answer('idem-new', start),
        ])
        .execute();
      expect((await removeEndedRecords(t.deps)).idempotencyKeys).toBe(1);
      const kept = await db.selectFrom('provider_idempotency').select('idempotency_key').orderBy('idempotency_key');
      expect((await kept.execute()).map((r) => r.idempotency_key)).toEqual(['idem-edge', 'idem-new']);
    } finally {
      await t.close();
    }
  });

  it('forgets page views after 90 days', async () => {
    const t = await createTestApp(dialect);
    try {
      const { db } = t.deps;
      const start = t.clock.now();
      const view = (id: string, at: number) => ({ id, path: '/claims', title: 'My Claims', account_id: null, at });
      await db
        .insertInto('page_views')
        .values([
          view('pv-old', start - KEEP_PAGE_VIEWS_MS - 1),
          view('pv-edge', start - KEEP_PAGE_VIEWS_MS + 1),
          view('pv-new', start),
        ])
        .execute();
      expect((await removeEndedRecords(t.deps)).pageViews).toBe(1);
      expect(
        (await db.selectFrom('page_views').select('id').where('id', 'like', 'pv-%').orderBy('id').execute()).map(
          (r) => r.id,
        ),
      ).toEqual(['pv-edge', 'pv-new']);
    } finally {
      await t.close();
    }
  });

  it('forgets drafts never sent and untouched for 90 days, with their files; keeps sent forms and drafts still in use', async () => {
    const t = await createTestApp(dialect);
    try {
      const { db } = t.deps;
      const store = localFileStore(path.join(t.deps.config.dataDir, 'files'));
      const token = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
      const upload = async () => {
        const body = multipart(
          { accessToken: token, FormType: 'documents' },
          { name: 'letter.pdf', data: SAMPLES['letter.pdf'] as Buffer },
        );
        return (await t.app.inject({ method: 'POST', url: '/api/documentupload/uploadfile', ...body })).json()
          .FileId as string;
      };
      // A documents draft holding an uploaded file, left as it is.
      const fileId = await upload();
      const draft = {
        DocumentType: { Id: 1, Item: 'Medical certificate' },
        Description: 'Certificate',
        Documents: [{ Filename: 'letter.pdf', FileID: fileId }],
      };
      const saved = (
        await t.post('/api/documentupload/updatedocumentform', { AccessToken: token, Draft: draft })
      ).json();
      const stored = (
        await db.selectFrom('files').select('storage_key').where('id', '=', fileId).executeTakeFirstOrThrow()
      ).storage_key;
      expect(fs.existsSync(path.join(t.deps.config.dataDir, 'files', stored.slice(0, 2), stored))).toBe(true);
      const start = t.clock.now();
      const account = await db
        .selectFrom('forms')
        .select(['account_id', 'claim_id'])
        .where('id', '=', saved.FormId)
        .executeTakeFirstOrThrow();
      const form = (id: string, status: 'draft' | 'submitted', at: number) => ({
        id,
        account_id: account.account_id,
        claim_id: account.claim_id,
        form_type: 'contact',
        status,
        data: '{}',
        saved_unsubmitted: 0,
        updated_at: at,
        submitted_at: status === 'submitted' ? at : null,
        idempotency_key: status === 'submitted' ? `k-${id}` : null,
      });
      await db
        .insertInto('forms')
        .values([
          form('draft-old', 'draft', start - KEEP_UNTOUCHED_DRAFT_MS - 1),
          form('draft-recent', 'draft', start - KEEP_UNTOUCHED_DRAFT_MS + 60_000),
          form('sent-old', 'submitted', start - 400 * 24 * 60 * 60_000),
        ])
        .execute();
      const forms = async () =>
        (
          await db
            .selectFrom('forms')
            .select('id')
            .where('id', 'in', [saved.FormId, 'draft-old', 'draft-recent', 'sent-old'])
            .execute()
        )
          .map((r) => r.id)
          .sort();

      expect((await removeEndedRecords(t.deps)).abandonedDrafts).toBe(1);
      expect(await forms()).toEqual([saved.FormId, 'draft-recent', 'sent-old'].sort());

      // 90 days on, the documents draft is abandoned: its file goes with the upload clean-up (the
      // row and the stored copy together), and the draft with the next run; a sent form stays.
      t.clock.advance(Math.max(KEEP_UNTOUCHED_DRAFT_MS, UNSUBMITTED_FILE_LIFETIME_MS) + 60_000);
      expect(await removeExpiredUploads(t.deps, store)).toBe(1);
      expect((await removeEndedRecords(t.deps)).abandonedDrafts).toBe(2);
      expect(await forms()).toEqual(['sent-old']);
      expect(await db.selectFrom('files').select('id').where('id', '=', fileId).execute()).toEqual([]);
      expect(fs.existsSync(path.join(t.deps.config.dataDir, 'files', stored.slice(0, 2), stored))).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('keeps a draft untouched for 90 days while it still holds an unsent file', async () => {
    const t = await createTestApp(dialect);
    try {
      const { db } = t.deps;
      const token = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
      const saved = (
        await t.post('/api/documentupload/updatedocumentform', {
          AccessToken: token,
          Draft: { DocumentType: null, Description: 'x', Documents: [] },
        })
      ).json();
      t.clock.advance(KEEP_UNTOUCHED_DRAFT_MS + 60_000);
      // A file uploaded into the draft today (the upload does not touch the draft's row).
      const form = await db
        .selectFrom('forms')
        .select(['account_id', 'claim_id'])
        .where('id', '=', saved.FormId)
        .executeTakeFirstOrThrow();
      await db
        .insertInto('files')
        .values({
          id: 'fresh-file',
          account_id: form.account_id,
          claim_id: form.claim_id,
          form_type: 'documents',
          form_id: saved.FormId,
          description: '',
          original_name: 'letter.pdf',
          size: 10,
          mime: 'application/pdf',
          sha256: '',
          storage_key: 'fresh-key',
          created_at: t.clock.now(),
          submitted_at: null,
        })
        .execute();
      expect((await removeEndedRecords(t.deps)).abandonedDrafts).toBe(0);
      expect(await db.selectFrom('forms').select('id').where('id', '=', saved.FormId).execute()).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
