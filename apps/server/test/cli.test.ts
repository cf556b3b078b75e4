/** The operator CLI: each command in-process against the test database, and the built bin. */
import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle, type DialectName } from '../src/db/database.ts';
import { runCli } from '../src/cli/run.ts';
import { dataCipher, deriveKey, keyId, payeeSealedAt, sealedAt, type Cipher } from '../src/lib/crypto.ts';
import { resealAll } from '../src/modules/keys/service.ts';
import { queueForProvider, type StoredEventData } from '../src/modules/provider/outbox.ts';
import { enqueueNotification } from '../src/notify/outbox.ts';
import { DIALECTS, TEST_KEY, createTestApp, signInWithClaim, type TestApp } from './helpers.ts';
import { BAD, SAMPLES } from './samples.ts';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPO_DIR = path.resolve(SERVER_DIR, '../..');

type Run = { code: number; stdout: string; stderr: string };

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cli-'));
}

describe.each(DIALECTS)('operator CLI on %s', (dialect) => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    dir = tempDir();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function cli(...argv: string[]): Promise<Run> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(
      argv,
      { stdout: { write: (s) => out.push(s) }, stderr: { write: (s) => err.push(s) } },
      { deps: t.deps },
    );
    return { code, stdout: out.join(''), stderr: err.join('') };
  }
  async function json<T = unknown>(...argv: string[]): Promise<T> {
    const r = await cli(...argv, '--json');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    return JSON.parse(r.stdout) as T;
  }
  const provider = (key: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });

  describe('usage', () => {
    it('prints the commands for --help and exits 0', async () => {
      const r = await cli('--help');
      expect(r.code).toBe(0);
      for (const c of [
        'claimant add',
        'claim flag',
        'message post',
        'apikey create',
        'outbox replay',
        'notifications list',
        'notifications retry',
        'maintenance set',
        'import bsb',
        'content load',
        'seed demo',
        'keys rotate',
      ])
        expect(r.stdout).toContain(`portal ${c}`);
      expect((await cli('claim', 'add', '--help')).stdout).toContain('--accident-date');
    });

    it.each([
      [[]],
      [['frobnicate']],
      [['claimant', 'remove', 'X']],
      [['apikey', 'list', '--bogus']],
      [['claimant', 'add', '--ref', 'CL-9', '--first', 'A']],
      [['claimant', 'show']],
      [['claimant', 'show', 'A', 'B']],
      [['outbox', 'list', '--dead', '--all']],
      [['notifications', 'list', '--dead', '--all']],
      [['notifications', 'retry']],
      [['claim', 'flag', '21/45678']],
      [['claim', 'flag', '21/45678', '--bank-edit', 'maybe']],
    ])('exits 2 with a usage message on stderr for %j', async (argv) => {
      const r = await cli(...argv);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^portal: /);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    });
  });

  describe('API keys', () => {
    it('creates a key that authenticates once, lists it without its secret, and revokes it', async () => {
      const created = await json<{ Id: string; Key: string; Scopes: string[] }>(
        'apikey',
        'create',
        '--name',
        'claims system',
        '--scopes',
        'claimants:read, claimants:write',
      );
      expect(created.Scopes).toEqual(['claimants:read', 'claimants:write']);
      expect(created.Key).toMatch(new RegExp(`^${created.Id}\\.[A-Za-z0-9_-]{43}$`));
      const secret = created.Key.split('.')[1] as string;
      // Authenticated: an unknown claimant is a 404, not a 401.
      expect((await provider(created.Key, '/provider/v1/claimants/NOBODY')).statusCode).toBe(404);

      const text = await cli('apikey', 'list');
      expect(text.code).toBe(0);
      expect(text.stdout).toContain(created.Id);
      expect(text.stdout).toContain('claims system');
      const listed = await json<{ Id: string; LastUsedAt: string | null; RevokedAt: string | null }[]>(
        'apikey',
        'list',
      );
      expect(listed.find((k) => k.Id === created.Id)).toMatchObject({
        RevokedAt: null,
        LastUsedAt: expect.any(String),
      });
      expect(text.stdout + JSON.stringify(listed)).not.toContain(secret);

      expect(await cli('apikey', 'revoke', created.Id)).toMatchObject({
        code: 0,
        stdout: `Revoked API key ${created.Id}.\n`,
      });
      expect((await provider(created.Key, '/provider/v1/claimants/NOBODY')).statusCode).toBe(401);
      expect(
        (await json<{ Id: string; RevokedAt: string | null }[]>('apikey', 'list')).find((k) => k.Id === created.Id)
          ?.RevokedAt,
      ).toEqual(expect.any(String));
      const again = await cli('apikey', 'revoke', created.Id);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('No active API key');
    });

    it('refuses an unknown scope and lists the valid ones', async () => {
      const before = (await json<unknown[]>('apikey', 'list')).length;
      const r = await cli('apikey', 'create', '--name', 'x', '--scopes', 'claimants:read,everything');
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('unknown scope: everything');
      expect(r.stderr).toContain('files:read');
      expect((await json<unknown[]>('apikey', 'list')).length).toBe(before);
    });
  });

  describe('claimants and claims', () => {
    type Shown = {
      ClaimantRef: string;
      FirstName: string;
      Claims: { Number: string; Location: string | null; StateTrustee: boolean; BankEditAllowed: boolean }[];
    };

    it('adds and shows a claimant, then adds and flags a claim, keeping what was not given', async () => {
      const added = await cli(
        'claimant',
        'add',
        '--ref',
        'CL-CLI-1',
        '--first',
        'Casey',
        '--surname',
        'Operator',
        '--dob',
        '1992-03-04',
        '--title',
        '3',
        '--email',
        'casey@example.com',
      );
      expect(added.code, added.stderr).toBe(0);
      expect(added.stdout).toContain('Added CL-CLI-1  Casey Operator  born 1992-03-04');

      const claim = await cli(
        'claim',
        'add',
        '--ref',
        'CL-CLI-1',
        '--number',
        '26/20001',
        '--accident-date',
        '2026-09-01',
        '--location',
        'Ballarat VIC',
      );
      expect(claim.code, claim.stderr).toBe(0);
      const flagged = await cli('claim', 'flag', '26/20001', '--state-trustee', 'on', '--bank-edit', 'off');
      expect(flagged).toMatchObject({
        code: 0,
        stdout: 'Claim 26/20001 of CL-CLI-1: state trustee on, bank edit off\n',
      });

      const shown = await json<Shown>('claimant', 'show', 'CL-CLI-1');
      expect(shown).toMatchObject({
        ClaimantRef: 'CL-CLI-1',
        FirstName: 'Casey',
        Claims: [{ Number: '26/20001', Location: 'Ballarat VIC', StateTrustee: true, BankEditAllowed: false }],
      });
      expect((await cli('claimant', 'show', 'CL-CLI-1')).stdout).toContain(
        '26/20001  accident 2026-09-01  Ballarat VIC  state trustee on  bank edit off',
      );

      // Updating the claim's date keeps its flags; re-adding the claimant keeps the claim and the title.
      await json('claim', 'add', '--ref', 'CL-CLI-1', '--number', '26/20001', '--accident-date', '2026-09-02');
      await json(
        'claimant',
        'add',
        '--ref',
        'CL-CLI-1',
        '--first',
        'Casey',
        '--surname',
        'Operator-Smith',
        '--dob',
        '1992-03-04',
      );
      const after = await json<Shown>('claimant', 'show', 'CL-CLI-1');
      expect(after.Claims).toEqual([
        {
          Number: '26/20001',
          AccidentDate: '2026-09-02',
          Location: 'Ballarat VIC',
          StateTrustee: true,
          BankEditAllowed: false,
        },
      ]);
      const row = await t.deps.db
        .selectFrom('claimants')
        .select(['title_id', 'surname', 'email'])
        .where('provider_ref', '=', 'CL-CLI-1')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ title_id: 3, surname: 'Operator-Smith', email: 'casey@example.com' });
    });

    it('refuses invalid input with the options named, and changes nothing', async () => {
      const r = await cli(
        'claimant',
        'add',
        '--ref',
        'CL-CLI-2',
        '--first',
        'Robin',
        '--surname',
        'Bad',
        '--dob',
        '4/3/1992',
        '--mobile',
        '123',
      );
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('--dob');
      expect(r.stderr).toContain('--mobile: an Australian 10-digit mobile');
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect((await cli('claimant', 'show', 'CL-CLI-2')).code).toBe(1);
      expect(
        (await cli('claim', 'add', '--ref', 'CL-CLI-1', '--number', '26-20009', '--accident-date', '2026-09-01'))
          .stderr,
      ).toContain('--number (NN/NNNNN)');
    });

    it('answers not found, a claim of someone else, and a claimant not linked yet with exit code 1', async () => {
      const missing = await cli('claimant', 'show', 'NOBODY');
      expect(missing).toMatchObject({ code: 1, stdout: '', stderr: 'portal: Claimant NOBODY not found\n' });
      expect((await cli('claim', 'flag', '99/99999', '--bank-edit', 'on')).stderr).toContain(
        'Claim 99/99999 not found',
      );
      await json('claimant', 'add', '--ref', 'CL-CLI-3', '--first', 'Jo', '--surname', 'Other', '--dob', '1970-01-01');
      const taken = await cli(
        'claim',
        'add',
        '--ref',
        'CL-CLI-3',
        '--number',
        '22/11111',
        '--accident-date',
        '2022-05-17',
      );
      expect(taken.code).toBe(1);
      expect(taken.stderr).toContain('belongs to another claimant');
      // Demo claimants were loaded before the integration: no reference to upsert them by.
      const unlinked = await cli('claim', 'flag', '21/45678', '--bank-edit', 'off');
      expect(unlinked.code).toBe(1);
      expect(unlinked.stderr).toContain('no claims-system reference');
      const demo = await t.deps.db
        .selectFrom('claims')
        .select('bank_edit_allowed')
        .where('number', '=', '21/45678')
        .executeTakeFirstOrThrow();
      expect(demo.bank_edit_allowed).toBe(1);
    });
  });

  describe('messages', () => {
    it("posts a message with a file from disk to the claimant's inbox", async () => {
      const file = path.join(dir, 'letter.pdf');
      fs.writeFileSync(file, SAMPLES['letter.pdf'] as Buffer);
      const posted = await json<{ MessageId: string; Notified: boolean }>(
        'message',
        'post',
        '--claim',
        '21/45678',
        '--subject',
        'Your appointment',
        '--body',
        'See you at 10am.',
        '--file',
        file,
      );
      expect(posted.Notified).toBe(true);
      const token = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
      const page = (await t.post('/api/inbox/getmessages', { AccessToken: token, Offset: 0, Amount: 10 })).json();
      const message = page.Items.find((m: { messageId: string }) => m.messageId === posted.MessageId);
      expect(message).toMatchObject({
        Subject: 'Your appointment',
        Read: false,
        Attachments: [{ Filename: 'letter.pdf' }],
      });
      const download = await t.post('/api/documentupload/downloadfile', {
        AccessToken: token,
        Identifier: message.Attachments[0].FileID,
      });
      expect(download.rawPayload.equals(SAMPLES['letter.pdf'] as Buffer)).toBe(true);
    });

    it('refuses a file whose content is not what its name says, a missing file and an unknown claim; posts nothing', async () => {
      const count = async () =>
        Number(
          (
            await t.deps.db
              .selectFrom('inbox_messages')
              .select((eb) => eb.fn.countAll<number | string>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      const fake = path.join(dir, 'claim.pdf');
      fs.writeFileSync(fake, BAD.exeAsPdf);
      const refused = await cli(
        'message',
        'post',
        '--claim',
        '21/45678',
        '--subject',
        'S',
        '--body',
        'B',
        '--file',
        fake,
      );
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`--file ${fake}: Document type is not accepted`);
      const missing = await cli(
        'message',
        'post',
        '--claim',
        '21/45678',
        '--subject',
        'S',
        '--body',
        'B',
        '--file',
        path.join(dir, 'nope.pdf'),
      );
      expect(missing).toMatchObject({ code: 1, stderr: expect.stringContaining('ENOENT') });
      expect((await cli('message', 'post', '--claim', '99/99999', '--subject', 'S', '--body', 'B')).code).toBe(1);
      expect(await count()).toBe(before);
    });
  });

  describe('outbox', () => {
    it('lists a dead event and replays it', async () => {
      const claim = await t.deps.db
        .selectFrom('claims')
        .select('id')
        .where('number', '=', '22/11111')
        .executeTakeFirstOrThrow();
      await queueForProvider(t.deps.db, {
        claimId: claim.id,
        kind: 'enquiry',
        payload: {
          FormId: 'form-x',
          SentItemId: 'sent-x',
          Category: 'Payments',
          CustomCategory: '',
          Message: 'x',
          Files: [],
        },
        now: t.clock.now(),
      });
      const event = await t.deps.db
        .selectFrom('provider_outbox')
        .select('id')
        .where('claim_id', '=', claim.id)
        .executeTakeFirstOrThrow();
      await t.deps.db
        .updateTable('provider_outbox')
        .set({ dead_at: t.clock.now(), attempts: 12, last_error: 'HTTP 500' })
        .where('id', '=', event.id)
        .execute();

      type Listed = { Id: string; ClaimNumber: string; Attempts: number; DeadAt: string | null }[];
      expect((await json<Listed>('outbox', 'dead')).find((e) => e.Id === event.id)).toMatchObject({
        ClaimNumber: '22/11111',
        Attempts: 12,
        DeadAt: new Date(t.clock.now()).toISOString(),
      });
      expect(await json('outbox', 'list', '--dead')).toEqual(await json('outbox', 'dead'));
      expect((await json<Listed>('outbox', 'list')).map((e) => e.Id)).not.toContain(event.id);
      expect((await cli('outbox', 'dead')).stdout).toContain(`${event.id}  enquiry  claim 22/11111`);

      expect(await cli('outbox', 'replay', event.id)).toMatchObject({
        code: 0,
        stdout: `Event ${event.id} is back in line.\n`,
      });
      const row = await t.deps.db
        .selectFrom('provider_outbox')
        .select(['dead_at', 'attempts'])
        .where('id', '=', event.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ dead_at: null, attempts: 0 });
      expect((await json<Listed>('outbox', 'list')).map((e) => e.Id)).toContain(event.id);
      expect((await json<Listed>('outbox', 'dead')).map((e) => e.Id)).not.toContain(event.id);
      expect((await json<Listed>('outbox', 'list', '--all')).map((e) => e.Id)).toContain(event.id);
      const again = await cli('outbox', 'replay', event.id);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('No dead event');
    });
  });

  describe('notifications', () => {
    it('lists waiting and dead notifications without recipient or text, and puts a dead one back in line', async () => {
      // The app's worker is driven by hand below, and earlier tests' notifications are cleared.
      await t.deps.notifier.stop();
      await t.deps.db.deleteFrom('notifications').execute();
      const now = t.clock.now();
      const queue = (kind: string, channel: 'email' | 'sms', to: string, text: string, expiresAt?: number) =>
        enqueueNotification(t.deps.db, t.deps.cipher, now, {
          accountId: null,
          kind,
          channel,
          to,
          subject: 'Subject line',
          text,
          ...(expiresAt ? { expiresAt } : {}),
        });
      const waiting = await queue('username', 'email', 'waiting.person@example.com', 'Your username is secret.name');
      const dead = await queue('new-message', 'sms', '0412999888', 'You have a new message.');
      // Its code no longer works.
      const deadCode = await queue(
        'access-code:verification',
        'email',
        'code.person@example.com',
        'Your verification code is 9876.',
        now,
      );
      await t.deps.db
        .updateTable('notifications')
        .set({ dead_at: now, attempts: 8, last_error: 'SMS webhook answered 503' })
        .where('id', 'in', [dead, deadCode])
        .execute();

      type Listed = {
        Id: string;
        Kind: string;
        Channel: string;
        Attempts: number;
        LastError: string | null;
        DeadAt: string | null;
        SentAt: string | null;
      }[];
      const ids = async (...argv: string[]) =>
        (await json<Listed>('notifications', 'list', ...argv)).map((n) => n.Id).sort();
      expect(await ids()).toEqual([waiting]);
      expect(await ids('--dead')).toEqual([dead, deadCode].sort());
      expect(await ids('--all')).toEqual([waiting, dead, deadCode].sort());
      expect((await json<Listed>('notifications', 'list', '--dead')).find((n) => n.Id === dead)).toMatchObject({
        Kind: 'new-message',
        Channel: 'sms',
        Attempts: 8,
        LastError: 'SMS webhook answered 503',
        DeadAt: new Date(now).toISOString(),
        SentAt: null,
      });
      const text = await cli('notifications', 'list', '--dead');
      expect(text.stdout).toContain(`${dead}  new-message  sms  account -  created`);
      expect(text.stdout).toContain('DEAD since');
      // The expired code is dead too, but nothing can be done for it: not counted.
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({
        status: 'ready',
        deadNotifications: 1,
      });

      const expired = await cli('notifications', 'retry', deadCode);
      expect(expired.code).toBe(1);
      expect(expired.stderr).toContain('expired');
      expect((await cli('notifications', 'retry', 'nt_unknown')).stderr).toContain('No dead notification nt_unknown');

      expect(await cli('notifications', 'retry', dead)).toMatchObject({
        code: 0,
        stdout: `Notification ${dead} is back in line.\n`,
      });
      const row = await t.deps.db
        .selectFrom('notifications')
        .select(['dead_at', 'attempts', 'next_attempt_at'])
        .where('id', '=', dead)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ dead_at: null, attempts: 0, next_attempt_at: now });
      expect(await ids()).toEqual([waiting, dead].sort());
      expect(await ids('--dead')).toEqual([deadCode]);
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({ deadNotifications: 0 });
      expect((await cli('notifications', 'retry', dead)).code).toBe(1);

      // The server's worker sends what is back in line (here to the development mailbox).
      expect(await t.deps.notifier.drainOnce()).toBe(2);
      expect(
        await t.deps.db.selectFrom('dev_mailbox').select('recipient').where('recipient', '=', '0412999888').execute(),
      ).toHaveLength(1);
      expect(await ids('--all')).toEqual([waiting, dead, deadCode].sort());
      expect((await cli('notifications', 'list')).stdout).toBe('No notifications waiting.\n');

      // No recipient, text or code in anything the commands printed.
      const printed = [
        ...(await Promise.all([[], ['--dead'], ['--all']].map((o) => cli('notifications', 'list', ...o)))),
        ...(await Promise.all([[], ['--dead'], ['--all']].map((o) => cli('notifications', 'list', '--json', ...o)))),
        expired,
      ]
        .map((r) => r.stdout + r.stderr)
        .join('');
      for (const secret of ['example.com', '0412999888', 'secret.name', 'new message.', '9876', 'Subject line'])
        expect(printed).not.toContain(secret);
    });
  });

  describe('maintenance', () => {
    const active = async () => (await t.post('/api/maintenance/checkmessage', {})).json() as { Message: string }[];

    it("sets and clears the sign-in page's messages", async () => {
      const set = await cli(
        'maintenance',
        'set',
        'The portal is being upgraded until 6pm.',
        '--until',
        '2026-11-21T18:00:00+11:00',
      );
      expect(set.code, set.stderr).toBe(0);
      expect(await active()).toEqual([{ Message: 'The portal is being upgraded until 6pm.' }]);
      const bad = await cli('maintenance', 'set', 'Later', '--until', 'tomorrow');
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain('--until');
      expect(await active()).toHaveLength(1);
      expect(await json('maintenance', 'clear')).toEqual({ Messages: [], EndsAt: null });
      expect(await active()).toEqual([]);
    });
  });

  describe('data', () => {
    it('loads every NAME.html of a directory, sanitised', async () => {
      const content = path.join(dir, 'content');
      fs.mkdirSync(content);
      fs.writeFileSync(
        path.join(content, 'submitdocs.html'),
        '<p onclick="x()">Send us <strong>documents</strong></p><script>alert(1)</script>',
      );
      fs.writeFileSync(path.join(content, 'notice.html'), '<h2>Notice</h2><p>Read this.</p>');
      fs.writeFileSync(path.join(content, 'readme.txt'), 'not content');
      expect(await json('content', 'load', content)).toEqual({ Loaded: ['notice', 'submitdocs'] });
      expect((await t.app.inject({ method: 'GET', url: '/api/content/submitdocs' })).json().Html).toBe(
        '<p>Send us <strong>documents</strong></p>',
      );
      expect((await t.app.inject({ method: 'GET', url: '/api/content/notice' })).json().Html).toBe(
        '<h2>Notice</h2><p>Read this.</p>',
      );

      fs.writeFileSync(path.join(content, 'notice.html'), '<p>Changed</p>');
      fs.writeFileSync(path.join(content, 'Bad Name.html'), '<p>x</p>');
      const refused = await cli('content', 'load', content);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('Bad Name.html');
      expect((await t.app.inject({ method: 'GET', url: '/api/content/notice' })).json().Html).toBe(
        '<h2>Notice</h2><p>Read this.</p>',
      );
    });

    it('imports the AusPayNet BSB directory', async () => {
      await t.deps.db.deleteFrom('bsb_directory').execute();
      const r = await cli('import', 'bsb', path.join(SERVER_DIR, 'data/BSBDirectory.csv'));
      expect(r).toMatchObject({ code: 0, stdout: expect.stringContaining('Imported 17019 BSB entries') });
      const row = await t.deps.db
        .selectFrom('bsb_directory')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(row.n)).toBe(17_019);
      const token = await t.signIn('sam.single@example.com');
      expect((await t.post('/api/account/verifybsb', { AccessToken: token, Bsb: '063-000' })).json()).toEqual({
        BankName: 'Commonwealth Bank of Australia',
      });
      // A file that is not the directory changes nothing.
      const bad = await cli('import', 'bsb', path.join(SERVER_DIR, 'data/institutions.csv'));
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain('not an AusPayNet BSB directory line');
      expect((await cli('import', 'bsb', path.join(dir, 'missing.csv'))).stderr).toContain('ENOENT');
      expect(
        Number(
          (
            await t.deps.db
              .selectFrom('bsb_directory')
              .select((eb) => eb.fn.countAll<number | string>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ).toBe(17_019);
    });

    it('imports G-NAF Core addresses', async () => {
      const file = path.join(dir, 'gnaf.psv');
      fs.writeFileSync(
        file,
        'ADDRESS_DETAIL_PID|ADDRESS_LABEL|LOCALITY_NAME|STATE|POSTCODE\nGAVIC_CLI_1|1 OPERATOR LANE, TESTVILLE VIC 3999|TESTVILLE|VIC|3999\n',
      );
      expect(await json('import', 'addresses', file)).toEqual({ Imported: 1 });
      const row = await t.deps.db
        .selectFrom('addresses')
        .select(['label', 'postcode'])
        .where('id', '=', 'GAVIC_CLI_1')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ label: '1 OPERATOR LANE, TESTVILLE VIC 3999', postcode: '3999' });
      expect((await cli('import', 'addresses', path.join(SERVER_DIR, 'data/BSBDirectory.csv'))).stderr).toContain(
        'not a G-NAF Core file',
      );
    });

    it('imports the localities list, replacing it whole, and keeps it when the file is not one', async () => {
      const file = path.join(SERVER_DIR, 'data/localities-au.csv');
      expect(await json('import', 'localities', file)).toEqual({ Imported: 15_318 });
      expect((await cli('import', 'localities', file)).stdout).toContain('Imported 15318 localities');
      const bad = await cli('import', 'localities', path.join(SERVER_DIR, 'data/BSBDirectory.csv'));
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain('not a localities file');
      expect(bad.stderr).toContain('the localities list is unchanged');
      const row = await t.deps.db
        .selectFrom('localities')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(row.n)).toBe(15_318);
    });

    it('does not load the demo data into a database that holds claimants', async () => {
      expect(await json('seed', 'demo')).toEqual({ Loaded: false });
    });
  });
});

/** The CLI opening the configured database itself: SQLite under DATA_DIR, or PostgreSQL by DATABASE_URL. */
async function ownDatabase(
  dialect: DialectName,
  dataDir: string,
): Promise<{ env: Record<string, string>; open: () => DbHandle; drop: () => Promise<void> }> {
  if (dialect === 'sqlite')
    return {
      env: {},
      open: () => openDatabase({ dialect: 'sqlite', file: path.join(dataDir, 'portal.db') }),
      drop: async () => {},
    };
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  const name = `cli_${crypto.randomBytes(6).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    open: () => openDatabase({ dialect: 'postgres', url: url.toString() }),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

/** A bank number as the code before row binding sealed it (v2: no associated data). */
function sealUnboundV2(dataKey: Buffer, plain: string): string {
  const key = deriveKey(dataKey, 'data-at-rest');
  const iv = crypto.randomBytes(12);
  const c = crypto.createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return [
    'v2',
    keyId(key),
    iv.toString('base64url'),
    c.getAuthTag().toString('base64url'),
    data.toString('base64url'),
  ].join('.');
}

describe.each(DIALECTS)('portal keys rotate on %s', (dialect) => {
  const OLD_KEY = TEST_KEY;
  const NEW_KEY = crypto.createHash('sha256').update('the next data key').digest();
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    await t.deps.notifier.stop();
  });
  afterEach(() => t.close());

  /** The CLI as run after DATA_ENCRYPTION_KEY=NEW_KEY, DATA_ENCRYPTION_KEYS_PREVIOUS=OLD_KEY. */
  async function rotate(...argv: string[]): Promise<Run> {
    const out: string[] = [];
    const err: string[] = [];
    const deps = { ...t.deps, cipher: dataCipher(NEW_KEY, [OLD_KEY]) };
    const code = await runCli(
      ['keys', 'rotate', ...argv],
      { stdout: { write: (s) => out.push(s) }, stderr: { write: (s) => err.push(s) } },
      { deps },
    );
    return { code, stdout: out.join(''), stderr: err.join('') };
  }

  type Sealed = {
    claimants: Record<string, string>;
    forms: Record<string, string>;
    outbox: Record<string, string>;
    recipients: Record<string, string>;
    bodies: Record<string, string>;
  };
  async function sealedValues(): Promise<Sealed> {
    const db = t.deps.db;
    const claimants = await db
      .selectFrom('claimants')
      .select(['id', 'bank_account_number_enc'])
      .where('bank_account_number_enc', 'is not', null)
      .execute();
    const forms = await db
      .selectFrom('forms')
      .select(['id', 'data'])
      .where('data', 'like', '%BankAccNoSealed%')
      .execute();
    const outbox = await db
      .selectFrom('provider_outbox')
      .select(['id', 'payload'])
      .where('payload', 'like', '%BankAccNoSealed%')
      .execute();
    const notes = await db.selectFrom('notifications').select(['id', 'recipient_enc', 'body_enc']).execute();
    return {
      claimants: Object.fromEntries(claimants.map((r) => [r.id, r.bank_account_number_enc as string])),
      forms: Object.fromEntries(
        forms.map((r) => [r.id, (JSON.parse(r.data) as { Payee: { BankAccNoSealed: string } }).Payee.BankAccNoSealed]),
      ),
      outbox: Object.fromEntries(
        outbox.map((r) => [
          (JSON.parse(r.payload) as { FormId: string }).FormId,
          (JSON.parse(r.payload) as { Payee: { BankAccNoSealed: string } }).Payee.BankAccNoSealed,
        ]),
      ),
      recipients: Object.fromEntries(notes.map((r) => [r.id, r.recipient_enc])),
      bodies: Object.fromEntries(notes.flatMap((r) => (r.body_enc === null ? [] : [[r.id, r.body_enc]]))),
    };
  }
  /** Opens every sealed value with the given cipher: what each holds. */
  function opened(v: Sealed, cipher: Cipher) {
    const open = (place: Record<string, string>, at: (id: string) => string) =>
      Object.fromEntries(Object.entries(place).map(([id, s]) => [id, cipher.decrypt(s, at(id))]));
    return {
      claimants: open(v.claimants, (id) => sealedAt('claimants', 'bank_account_number_enc', id)),
      forms: open(v.forms, payeeSealedAt),
      outbox: open(v.outbox, payeeSealedAt),
      recipients: open(v.recipients, (id) => sealedAt('notifications', 'recipient_enc', id)),
      bodies: open(v.bodies, (id) => sealedAt('notifications', 'body_enc', id)),
    };
  }

  /** Values sealed under the old key: the demo's bank numbers (one of them still v2), a paid-someone-else reimbursement and its event, notifications. */
  async function sealedUnderOldKey(): Promise<void> {
    const db = t.deps.db;
    const old = t.deps.cipher;
    const alex = await db
      .selectFrom('claimants')
      .select('id')
      .where('first_name', '=', 'Alex')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('claimants')
      .set({ bank_account_number_enc: sealUnboundV2(OLD_KEY, '123456789') })
      .where('id', '=', alex.id)
      .execute();
    const account = await db
      .selectFrom('accounts')
      .select('id')
      .where('claimant_id', '=', alex.id)
      .executeTakeFirstOrThrow();
    const claim = await db
      .selectFrom('claims')
      .select('id')
      .where('claimant_id', '=', alex.id)
      .executeTakeFirstOrThrow();
    for (const [formId, number] of [
      ['form-a', '11111111'],
      ['form-b', '22222222'],
      ['form-c', '33333333'],
    ] as const) {
      const payload: StoredEventData<'reimbursement'> = {
        FormId: formId,
        SentItemId: `sent-${formId}`,
        Payee: {
          Kind: 'someone-else',
          Name: 'Sam Citizen',
          Address: '1 Example Street, Melbourne VIC 3000',
          Email: 'sam@example.com',
          Phone: '',
          Relationship: 'Parent',
          BankName: 'Example Bank',
          BankAccName: 'Sam Citizen',
          BankBSB: '063-000',
          BankAccNoLast4: number.slice(-4),
          BankAccNoSealed: old.encrypt(number, payeeSealedAt(formId)),
        },
        Receipts: [],
        Total: '$0.00',
        TotalCents: 0,
        Files: [],
      };
      await db
        .insertInto('forms')
        .values({
          id: formId,
          account_id: account.id,
          claim_id: claim.id,
          form_type: 'reimbursement',
          status: 'submitted',
          data: JSON.stringify(payload),
          saved_unsubmitted: 0,
          updated_at: t.clock.now(),
          submitted_at: t.clock.now(),
          idempotency_key: null,
        })
        .execute();
      await queueForProvider(db, { claimId: claim.id, kind: 'reimbursement', payload, now: t.clock.now() });
    }
    for (const n of [1, 2, 3])
      await enqueueNotification(db, old, t.clock.now(), {
        accountId: account.id,
        kind: 'test',
        channel: 'email',
        to: `person.${n}@example.com`,
        subject: 'Subject',
        text: `Your code is ${n}${n}${n}${n}.`,
      });
  }

  it('moves every sealed value from the old key to the current one (v3, bound), in batches; the old key is then not needed', async () => {
    await sealedUnderOldKey();
    const before = await sealedValues();
    const plain = opened(before, dataCipher(OLD_KEY));
    expect(Object.keys(plain.claimants).length).toBeGreaterThanOrEqual(2);
    expect(Object.values(before.claimants).some((s) => s.startsWith('v2.'))).toBe(true);

    const r = await rotate('--batch', '2', '--json');
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as {
      KeyId: string;
      Places: { Place: string; Checked: number; Resealed: number; Current: number; Unreadable: number }[];
    };
    expect(report.KeyId).toBe(dataCipher(NEW_KEY).keyId);
    const resealed = Object.fromEntries(report.Places.map((p) => [p.Place, p.Resealed]));
    expect(resealed).toEqual({
      'claimants.bank_account_number_enc': Object.keys(before.claimants).length,
      'forms.data': 3,
      'provider_outbox.payload': 3,
      'notifications.recipient_enc': 3,
      'notifications.body_enc': 3,
      'authenticators.secret_enc': 0,
    });
    expect(report.Places.every((p) => p.Unreadable === 0 && p.Current === 0)).toBe(true);

    // Only the current key is needed now (DATA_ENCRYPTION_KEYS_PREVIOUS emptied), and the values are the same.
    const after = await sealedValues();
    const current = dataCipher(NEW_KEY);
    for (const place of Object.values(after))
      for (const sealed of Object.values(place as Record<string, string>)) expect(current.isCurrent(sealed)).toBe(true);
    expect(opened(after, current)).toEqual(plain);
    expect(() => opened(after, dataCipher(OLD_KEY))).toThrow();
  });

  it('is idempotent: run again, it changes nothing', async () => {
    await sealedUnderOldKey();
    expect((await rotate()).code).toBe(0);
    const once = await sealedValues();
    const again = await rotate();
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('claimants.bank_account_number_enc: ');
    expect(again.stdout).toMatch(/notifications\.body_enc: 3 checked, 0 re-sealed, 3 already current, 0 unreadable/);
    expect(again.stdout).not.toMatch(/[1-9]\d* re-sealed/);
    expect(again.stdout).toContain(
      `Every sealed value is under key ${dataCipher(NEW_KEY).keyId}: DATA_ENCRYPTION_KEYS_PREVIOUS can be emptied.`,
    );
    expect(await sealedValues()).toEqual(once);
  });

  it('interrupted, continues where it stopped: the batches written stay written', async () => {
    await sealedUnderOldKey();
    const before = await sealedValues();
    const cipher = dataCipher(NEW_KEY, [OLD_KEY]);
    let batches = 0;
    const stop = new Error('the process was stopped');
    await expect(
      resealAll(t.deps.db, cipher, {
        batchSize: 1,
        onBatch: () => {
          batches += 1;
          if (batches === 2) throw stop;
        },
      }),
    ).rejects.toBe(stop);
    const halfway = await sealedValues();
    expect(Object.values(halfway.claimants).filter((s) => cipher.isCurrent(s))).toHaveLength(2);
    const r = await rotate('--json');
    expect(r.code, r.stderr).toBe(0);
    const places = (JSON.parse(r.stdout) as { Places: { Place: string; Resealed: number; Current: number }[] }).Places;
    expect(places[0]).toMatchObject({
      Place: 'claimants.bank_account_number_enc',
      Current: 2,
      Resealed: Object.keys(before.claimants).length - 2,
    });
    expect(opened(await sealedValues(), dataCipher(NEW_KEY))).toEqual(opened(before, dataCipher(OLD_KEY)));
  });

  it('leaves a value no configured key opens, or one moved to another row, and exits 1 telling the operator to keep the old key', async () => {
    await sealedUnderOldKey();
    const [first, second] = await t.deps.db
      .selectFrom('claimants')
      .select(['id', 'bank_account_number_enc'])
      .where('bank_account_number_enc', 'is not', null)
      .orderBy('id')
      .execute();
    const unknown = dataCipher(crypto.createHash('sha256').update('a key nobody kept').digest()).encrypt(
      '44444444',
      sealedAt('claimants', 'bank_account_number_enc', first?.id as string),
    );
    await t.deps.db
      .updateTable('claimants')
      .set({ bank_account_number_enc: unknown })
      .where('id', '=', first?.id as string)
      .execute();
    // Sam's sealed number copied onto another claimant: bound to Sam's row, it opens nowhere else.
    const third = await t.deps.db
      .selectFrom('claimants')
      .select('id')
      .where('id', 'not in', [first?.id as string, second?.id as string])
      .executeTakeFirstOrThrow();
    await t.deps.db
      .updateTable('claimants')
      .set({
        bank_account_number_enc: t.deps.cipher.encrypt(
          '55555555',
          sealedAt('claimants', 'bank_account_number_enc', second?.id as string),
        ),
      })
      .where('id', '=', third.id)
      .execute();
    const r = await rotate();
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^portal: 2 sealed values could not be opened with any configured key: keep DATA_ENCRYPTION_KEYS_PREVIOUS\n/,
    );
    expect(r.stderr).toMatch(
      /claimants\.bank_account_number_enc: \d+ checked, \d+ re-sealed, 0 already current, 2 unreadable/,
    );
    const kept = await t.deps.db
      .selectFrom('claimants')
      .select('bank_account_number_enc')
      .where('id', '=', first?.id as string)
      .executeTakeFirstOrThrow();
    expect(kept.bank_account_number_enc).toBe(unknown);
  });

  it('refuses a batch size that is not a whole number from 1 to 10000 (exit 2)', async () => {
    for (const batch of ['0', '-1', 'ten', '1.5', '10001']) expect((await rotate('--batch', batch)).code).toBe(2);
  });
});

describe.each(DIALECTS)('operator CLI on its own %s database', (dialect) => {
  it('migrates an empty database, seeds the demo data once, and closes it', async () => {
    const dataDir = tempDir();
    const own = await ownDatabase(dialect, dataDir);
    const env = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATA_ENCRYPTION_KEY: TEST_KEY.toString('base64'),
      LOG_LEVEL: 'warn',
      ...own.env,
    };
    try {
      const out: string[] = [];
      const io = {
        stdout: { write: (s: string) => out.push(s) },
        stderr: { write: (s: string) => out.push(`stderr: ${s}`) },
      };
      expect(await runCli(['seed', 'demo', '--json'], io, { env })).toBe(0);
      expect(JSON.parse(out.join(''))).toMatchObject({
        Loaded: true,
        SignIns: expect.arrayContaining(['alex.citizen@example.com']),
      });
      out.length = 0;
      expect(await runCli(['seed', 'demo'], io, { env })).toBe(0);
      expect(out.join('')).toBe('The database already holds claimants; demo data not loaded.\n');
      const handle = own.open();
      try {
        expect(
          await handle.db.selectFrom('claims').select('number').where('number', '=', '21/45678').execute(),
        ).toHaveLength(1);
        // Prepared as the server prepares it: the shipped reference data is in.
        expect(
          await handle.db.selectFrom('bsb_directory').select('bsb').where('bsb', '=', '063-000').execute(),
        ).toHaveLength(1);
      } finally {
        await handle.close();
      }
      out.length = 0;
      // A bad configuration is named, without a stack.
      expect(await runCli(['apikey', 'list'], io, { env: { ...env, DATABASE_URL: 'mysql://x' } })).toBe(1);
      expect(out.join('')).toContain('DATABASE_URL: must be a postgres:// URL');
      expect(out.join('')).not.toMatch(/\n\s+at /);
    } finally {
      await own.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the built bin', () => {
  it('builds, starts with --help and exits 0; a usage error exits 2', () => {
    execFileSync('npm', ['run', 'build', '-w', 'apps/server', '--silent'], { cwd: REPO_DIR, stdio: 'pipe' });
    const bin = path.join(SERVER_DIR, 'dist/cli.js');
    expect(fs.readFileSync(bin, 'utf8').split('\n')[0]).toBe('#!/usr/bin/env node');
    // Run as a bin is: by its own #! line, not through `node`.
    const help = spawnSync(bin, ['--help'], { encoding: 'utf8' });
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toContain('portal apikey create --name NAME --scopes');
    const wrong = spawnSync(process.execPath, [bin, 'nonsense'], { encoding: 'utf8' });
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toBe(
      'portal: unknown command: nonsense\nRun portal --help for the commands and their options.\n',
    );
  }, 120_000);
});
