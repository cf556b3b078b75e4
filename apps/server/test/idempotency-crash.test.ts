/**
 * A provider write whose process is killed (SIGKILL) between its Idempotency-Key and its answer
 * (decision 037): a real process (crash-server.ts, the production buildApp) stops at a fault
 * point and is killed there; the retry with the same key, through the process that restarts on
 * the same database (this test's app), gets the one true outcome at once — never 409 — and the
 * work is done once. Run from source through tsx: no build needed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderScope } from '@portal/contracts';
import type { IdempotencyFaultPoint } from '../src/modules/provider/idempotency.ts';
import { createApiKey } from '../src/modules/provider/keys.ts';
import { DIALECTS, TEST_KEY, createTestApp, type TestApp } from './helpers.ts';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCOPES: ProviderScope[] = ['payments:write', 'messages:write'];
// Each run starts Node and tsx, several seconds on a busy machine.
const SLOW = { timeout: 120_000 };

/** Resolves with the first line of the child's stdout that matches. */
function lineOf(child: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      for (const line of seen.split('\n')) {
        const match = pattern.exec(line);
        if (match) {
          child.stdout?.off('data', onData);
          resolve(match);
          return;
        }
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the process ended (${code}) before ${pattern}: ${seen}`)));
  });
}

describe.each(DIALECTS)('a provider write killed between its Idempotency-Key and its answer, on %s', (dialect) => {
  let t: TestApp;
  let apiKey: string;
  let target: string;
  let dataDir: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    apiKey = (await createApiKey(t.deps.db, t.clock.now(), { name: 'claims system', scopes: SCOPES })).key;
    if (dialect === 'postgres') target = t.database.url as string;
    else {
      const [main] = (await t.deps.db
        .selectFrom('pragma_database_list' as never)
        .select('file' as never)
        .execute()) as { file: string }[];
      target = main?.file as string;
    }
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-crash-'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Sends the request to a process that stops at `point`, and kills it there. */
  async function killedAt(
    point: IdempotencyFaultPoint,
    request: { method: 'PUT' | 'POST'; url: string; idempotencyKey: string; body: object },
  ) {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(SERVER_DIR, 'test', 'crash-server.ts')], {
      cwd: SERVER_DIR,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        DATA_ENCRYPTION_KEY: TEST_KEY.toString('base64'),
        WEB_DIST: path.join(dataDir, 'no-web'),
        METRICS_PORT: '0',
        CRASH_DATABASE: target,
        CRASH_AT: point,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const port = Number((await lineOf(child, /^listening (\d+)$/))[1]);
      const stopped = lineOf(child, /^stopped at (\w+)$/);
      const answer = fetch(`http://127.0.0.1:${port}${request.url}`, {
        method: request.method,
        headers: {
          authorization: `Bearer ${apiKey}`,
          'content-type': 'application/json',
          'idempotency-key': request.idempotencyKey,
        },
        body: JSON.stringify(request.body),
      }).then(
        (res) => `answered ${res.status}`,
        () => 'no answer',
      );
      expect((await stopped)[1]).toBe(point);
      child.kill('SIGKILL');
      await exited;
      expect(await answer).toBe('no answer');
    } finally {
      child.kill('SIGKILL');
    }
  }

  const call = (method: 'PUT' | 'POST', url: string, body: object, idempotencyKey: string) =>
    t.app.inject({
      method,
      url,
      payload: body as Record<string, unknown>,
      headers: { authorization: `Bearer ${apiKey}`, 'idempotency-key': idempotencyKey },
    });

  it.each<IdempotencyFaultPoint>(['reserved', 'worked'])(
    'a payment killed with its key %s: the retry writes it once and every retry after gets that answer',
    SLOW,
    async (point) => {
      const reference = `CRASH-${point}`;
      const idempotencyKey = `crash-payment-${point}`;
      const body = {
        ClaimNumber: '22/11111',
        Reference: reference,
        Kind: 'income-support',
        AmountCents: 456_78,
        PaymentDate: '2026-11-19',
        Status: 'paid',
        PaidTo: { Kind: 'account', AccountLast3: '432' },
      };
      await killedAt(point, { method: 'PUT', url: '/provider/v1/payments', idempotencyKey, body });

      // The process that is not dead: the key is not stuck, the payment was not written by the killed one.
      const payments = () => t.deps.db.selectFrom('payments').select('id').where('reference', '=', reference).execute();
      expect(await payments()).toHaveLength(0);
      const retry = await call('PUT', '/provider/v1/payments', body, idempotencyKey);
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.headers['idempotent-replayed']).toBeUndefined();
      const again = await call('PUT', '/provider/v1/payments', body, idempotencyKey);
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(retry.json());
      expect(await payments()).toHaveLength(1);
    },
  );

  it(
    'a message killed once its work was done: the retry posts it once, and the claimant is told once',
    SLOW,
    async () => {
      const body = { ClaimNumber: '21/45678', Subject: 'Crash test message', Body: 'Sent once.' };
      const idempotencyKey = 'crash-message-worked';
      const messages = () =>
        t.deps.db.selectFrom('inbox_messages').select('id').where('subject', '=', body.Subject).execute();
      const notices = async () => (await t.deps.db.selectFrom('notifications').select('id').execute()).length;
      const before = await notices();
      await killedAt('worked', { method: 'POST', url: '/provider/v1/messages', idempotencyKey, body });
      expect(await messages()).toHaveLength(0);
      const retry = await call('POST', '/provider/v1/messages', body, idempotencyKey);
      expect(retry.statusCode, retry.body).toBe(200);
      const again = await call('POST', '/provider/v1/messages', body, idempotencyKey);
      expect(again.json()).toEqual(retry.json());
      expect(await messages()).toHaveLength(1);
      const told = (retry.json() as { Notified: boolean }).Notified;
      expect(await notices()).toBe(before + (told ? 1 : 0));
    },
  );
});
