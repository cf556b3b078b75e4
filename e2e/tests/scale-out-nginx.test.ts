/**
 * The deploy/ layout for real: two portal processes (the built server) over one
 * PostgreSQL database and one DATA_DIR, behind Debian's nginx configured from deploy/ (its
 * upstream block — no sticky sessions — and deploy/nginx/portal-locations.conf). One claimant
 * signs in through one process and carries on through the other and through nginx; the API and
 * sign-in limits and the sign-in throttle count across both; and a process stopped with SIGTERM
 * in the middle of a 10 MB upload through nginx refuses new connections, finishes the upload and
 * exits 0, while nginx carries on with the other process.
 *
 * Needs TEST_DATABASE_URL (CI sets postgres://postgres@127.0.0.1:5432/test): the test creates a
 * database of its own beside it and drops it afterwards. Each part of the test is a client of
 * its own (127.0.0.2, .3, …), so the per-address limits of one do not touch another.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ErrorNumber, LIMITS, TOKEN_EXPIRED_NUMBERS, UPLOAD_FILE_FIELD, UPLOAD_PATH } from '@portal/contracts';
import { codeIn, startSmtpSink, type Sink } from '../../apps/server/test/mail-sink.ts';
import { spellings } from '../../apps/server/test/path-spellings.ts';
import { ALEX_CLAIMS, DEMO, DEMO_PASSWORD, SAM_CLAIM } from '../support/api.ts';
import { REPO_ROOT, SERVER_ENTRY, WEB_DIST } from '../support/paths.ts';
import {
  ClaimantBrowser,
  acceptsConnections,
  createDatabase,
  errorNumber,
  send,
  startNginx,
  startPortal,
  startUpload,
  UPSTREAM_HEADER,
  type ApiReply,
  type Nginx,
  type PortalProcess,
  type TestDatabase,
} from '../support/scale-out.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
/** API calls per minute per client address (RATE_LIMIT_PER_MINUTE), for both processes together. */
const API_LIMIT = 300;
/** Sign-in attempts per minute per client address (LOGIN_RATE_LIMIT_PER_MINUTE), likewise. */
const LOGIN_LIMIT = 8;
/** Start-up on a busy 2-core machine: migrations, seeding and the demo data's password hashes. */
const READY_WITHIN_MS = 60_000;

const LOGIN = '/api/account/login';

function loginBody(username: string, password = DEMO_PASSWORD): Record<string, unknown> {
  return { EmailAddress: username, Password: password, RememberMe: false, DeviceType: 0 };
}

function webDist(): string {
  try {
    return inject('webDist') || WEB_DIST;
  } catch {
    return WEB_DIST;
  }
}

describe.skipIf(!ADMIN_URL)(
  `two portal processes behind nginx over one PostgreSQL database${ADMIN_URL ? '' : ' (skipped: TEST_DATABASE_URL is unset)'}`,
  () => {
    let database: TestDatabase | undefined;
    let mail: Sink | undefined;
    let dataDir: string | undefined;
    let first: PortalProcess | undefined;
    let second: PortalProcess | undefined;
    let nginx: Nginx | undefined;

    const need = <T>(value: T | undefined, what: string): T => {
      if (value === undefined) throw new Error(`${what} is not running (beforeAll failed?)`);
      return value;
    };
    const A = () => need(first, 'the first process');
    const B = () => need(second, 'the second process');
    const proxy = () => need(nginx, 'nginx');
    const sink = () => need(mail, 'the SMTP sink');
    const output = () => [first?.output(), second?.output(), nginx?.output()].filter(Boolean).join('\n');

    /** A browser the portal has verified for `username` (through the real code flow), and its session. */
    async function verifiedSignIn(
      browser: ClaimantBrowser,
      username: string,
      via: { login: string; code: string; validate: string },
    ): Promise<string> {
      const pending = await browser.ok<{ AccessToken: string; AccountActivated: number }>(
        via.login,
        LOGIN,
        loginBody(username),
      );
      expect(pending.AccountActivated, `${username} on a new browser must verify`).toBe(1);
      await browser.ok(via.code, '/api/account/generatesecuritycodeforlogin', {
        AccessToken: pending.AccessToken,
        DevType: 0,
      });
      const code = codeIn(await sink().next(username, 30_000));
      const verified = await browser.ok<{ AccessToken: string }>(
        via.validate,
        '/api/account/validatesecuritycodeforlogin',
        {
          AccessToken: pending.AccessToken,
          SecurityCode: code,
          DeviceType: 0,
        },
      );
      return verified.AccessToken;
    }

    beforeAll(async () => {
      try {
        database = await createDatabase(ADMIN_URL as string);
        mail = await startSmtpSink();
        dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-scale-out-'));
        const env = {
          NODE_ENV: 'production',
          DATABASE_URL: database.url,
          // One DATA_DIR (the file store) and one key for both, as deploy/portal.env.example says.
          DATA_DIR: dataDir,
          DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
          TRUSTED_PROXIES: '127.0.0.1',
          WEB_DIST: webDist(),
          SMTP_URL: mail.url,
          // Production refuses the placeholder contacts of the defaults.
          PROVIDER_PRIVACY_EMAIL: 'privacy@tac.vic.gov.au',
          PROVIDER_WEBSITE: 'https://www.tac.vic.gov.au',
          // Nor without the public address passkeys are bound to (decision 029).
          PUBLIC_URL: 'https://portal.tac.vic.gov.au',
          // Each request is logged as it starts: the test sees which process nginx chose.
          LOG_LEVEL: 'info',
          RATE_LIMIT_PER_MINUTE: String(API_LIMIT),
          LOGIN_RATE_LIMIT_PER_MINUTE: String(LOGIN_LIMIT),
        };
        // Production refuses PORTAL_DEMO=1: the operator CLI migrates the new database and loads the demo data first.
        execFileSync(process.execPath, [path.join(path.dirname(SERVER_ENTRY), 'cli.js'), 'seed', 'demo'], {
          cwd: REPO_ROOT,
          env: { ...process.env, ...env },
          stdio: 'pipe',
        });
        first = await startPortal({ name: 'portal-1', env, readyWithinMs: READY_WITHIN_MS });
        second = await startPortal({ name: 'portal-2', env, readyWithinMs: READY_WITHIN_MS });
        nginx = await startNginx({ upstreams: [first.port, second.port], readyWithinMs: 20_000 });
      } catch (error) {
        throw new Error(`${(error as Error).message}\n${output()}`, { cause: error });
      }
    }, 180_000);

    afterAll(async () => {
      await nginx?.stop();
      await Promise.all([first?.stop(), second?.stop()]);
      await mail?.close();
      await database?.drop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    }, 60_000);

    it('serves one claimant through either process and through nginx, without sticky sessions', async () => {
      const alex = new ClaimantBrowser('127.0.0.2');
      await alex.open(proxy().url);
      // A new browser: the code is requested through nginx and entered through the other process.
      await verifiedSignIn(alex, DEMO.alex, { login: A().url, code: proxy().url, validate: B().url });
      // The browser the second process verified is known to the first.
      const signedIn = await alex.ok<{ AccessToken: string; AccountActivated: number }>(
        A().url,
        LOGIN,
        loginBody(DEMO.alex),
      );
      expect(signedIn.AccountActivated).toBe(2);
      const token = signedIn.AccessToken;

      // The claim is selected through the second process; the session is the same everywhere.
      const claim = ALEX_CLAIMS[0].number;
      await alex.ok(B().url, '/api/claim/selectclaim', { AccessToken: token, Number: claim });
      const servedBy = new Set<string>();
      for (let i = 0; i < 6; i++) {
        const viaNginx = await alex.post(proxy().url, '/api/inbox/getunreadmessagecount', { AccessToken: token });
        expect(viaNginx.status, JSON.stringify(viaNginx.body)).toBe(200);
        expect(viaNginx.body).toBe(ALEX_CLAIMS[0].unread);
        if (viaNginx.upstream) servedBy.add(viaNginx.upstream);
        const direct = await alex.post(i % 2 === 0 ? A().url : B().url, '/api/claim/getclaims', { AccessToken: token });
        expect(direct.status, JSON.stringify(direct.body)).toBe(200);
        expect((direct.body as { Number: string }[]).map((c) => c.Number).sort()).toEqual(
          ALEX_CLAIMS.map((c) => c.number).sort(),
        );
      }
      expect([...servedBy].sort(), 'nginx sent the calls to both processes').toEqual([A().address, B().address].sort());

      // Signed out through nginx: neither process knows the session any more.
      await alex.ok(proxy().url, '/api/account/logout', { AccessToken: token });
      const after: ApiReply[] = [];
      for (const base of [A().url, B().url, proxy().url, proxy().url])
        after.push(await alex.post(base, '/api/account/getaccount', { AccessToken: token }));
      for (const reply of after) expect(TOKEN_EXPIRED_NUMBERS).toContain(errorNumber(reply));
    });

    it('counts sign-in attempts per client address across both processes, directly and through nginx', async () => {
      // Wrong passwords for ever new usernames (so no username throttle), spread over A, B and nginx.
      const caller = new ClaimantBrowser('127.0.0.3');
      await caller.open(proxy().url);
      const targets = [A().url, B().url, proxy().url];
      const answers: (number | undefined)[] = [];
      for (let i = 0; i < LOGIN_LIMIT + 3; i++) {
        answers.push(
          errorNumber(
            await caller.post(
              targets[i % targets.length] as string,
              LOGIN,
              loginBody(`nobody.${i}@example.com`, 'Not-the-password-1'),
            ),
          ),
        );
      }
      // Per process, every one of the eleven would still be allowed (4, 4 and 3 each).
      expect(answers).toEqual([
        ...Array<number>(LOGIN_LIMIT).fill(ErrorNumber.LoginFailed),
        ...Array<number>(3).fill(ErrorNumber.RateLimited),
      ]);

      // Another client address (through nginx, which passes it on in X-Forwarded-For) is not limited.
      const other = new ClaimantBrowser('127.0.0.4');
      await other.open(proxy().url);
      expect(
        errorNumber(await other.post(proxy().url, LOGIN, loginBody('nobody.else@example.com', 'Not-the-password-1'))),
      ).toBe(ErrorNumber.LoginFailed);
    });

    it('meets every spelling of the sign-in path through nginx with the same CSRF check and the same limit', async () => {
      // nginx passes the raw target on unchanged: the portal must read the controls off the route.
      const caller = new ClaimantBrowser('127.0.0.11');
      await caller.open(proxy().url);
      const raw = (target: string, headers: Record<string, string>) =>
        new Promise<{ status: number; number: number | undefined }>((resolve, reject) => {
          const request = http.request(
            {
              host: '127.0.0.1',
              port: proxy().port,
              method: 'POST',
              path: target,
              localAddress: '127.0.0.11',
              agent: false,
              headers: { ...headers, 'Content-Type': 'application/json' },
            },
            (response) => {
              let text = '';
              response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
              response.on('end', () => {
                let number: number | undefined;
                try {
                  number = (JSON.parse(text) as { Number?: number }[])[0]?.Number;
                } catch {
                  // nginx's own error page
                }
                resolve({ status: response.statusCode ?? 0, number });
              });
            },
          );
          request.on('error', reject);
          request.end(JSON.stringify(loginBody('nobody.spelled@example.com', 'Not-the-password-1')));
        });
      const refused = (a: { status: number; number: number | undefined }) =>
        a.status === 404 ||
        a.status === 400 ||
        (a.status === 225 && (a.number === ErrorNumber.CsrfMismatch || a.number === ErrorNumber.RateLimited));
      const withoutHeader = caller.headers();
      delete withoutHeader['X-XSRF-TOKEN'];
      for (const target of spellings(LOGIN)) {
        const a = await raw(target, withoutHeader);
        expect(refused(a), `POST ${target} without the CSRF header → ${a.status} ${a.number}`).toBe(true);
      }
      let admitted = 0;
      for (const target of [...spellings(LOGIN), ...Array<string>(LOGIN_LIMIT + 2).fill(LOGIN)]) {
        if (!refused(await raw(target, caller.headers()))) admitted++;
      }
      expect(admitted).toBe(LOGIN_LIMIT);
    });

    it('counts API calls per client address across both processes, directly and through nginx', async () => {
      const from = '127.0.0.7';
      const targets = [A().url, B().url, proxy().url];
      const statuses = new Map<number, number>();
      for (let sent = 0; sent < API_LIMIT;) {
        const batch = Math.min(10, API_LIMIT - sent);
        const replies = await Promise.all(
          Array.from({ length: batch }, (_, i) =>
            send(`${targets[(sent + i) % targets.length]}/api/information/getinformation`, { from }),
          ),
        );
        for (const reply of replies) statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
        sent += batch;
      }
      expect(Object.fromEntries(statuses)).toEqual({ 200: API_LIMIT });
      // A hundred calls to each so far: one more to any of them is over the limit.
      for (const base of targets) {
        const reply = await send(`${base}/api/information/getinformation`, { from });
        expect(reply.status).toBe(225);
        expect(JSON.parse(reply.text)).toMatchObject([{ Number: ErrorNumber.RateLimited }]);
      }
    });

    it('locks a username after failures split across both processes (the sign-in throttle is shared)', async () => {
      const guesser = new ClaimantBrowser('127.0.0.5');
      await guesser.open(proxy().url);
      const username = 'ghost.user@example.com';
      const failures: (number | undefined)[] = [];
      for (let i = 0; i < 5; i++)
        failures.push(
          errorNumber(
            await guesser.post(i % 2 === 0 ? A().url : B().url, LOGIN, loginBody(username, 'Not-the-password-1')),
          ),
        );
      expect(failures).toEqual(Array<number>(5).fill(ErrorNumber.LoginFailed));
      // Five failures lock the username (account/throttle.ts), whichever process counted them.
      for (const base of [B().url, proxy().url])
        expect(errorNumber(await guesser.post(base, LOGIN, loginBody(username, 'Not-the-password-1')))).toBe(
          ErrorNumber.LoginThrottled,
        );
    });

    it('on SIGTERM refuses new connections, finishes a 10 MB upload in flight through nginx and exits 0; nginx carries on with the other process', async () => {
      const sam = new ClaimantBrowser('127.0.0.6');
      await sam.open(proxy().url);
      const token = await verifiedSignIn(sam, DEMO.sam, {
        login: proxy().url,
        code: proxy().url,
        validate: proxy().url,
      });
      await sam.ok(proxy().url, '/api/claim/selectclaim', { AccessToken: token, Number: SAM_CLAIM.number });

      // Traffic through nginx all along: no call may fail because a process is stopping.
      let trafficOn = true;
      const traffic: ApiReply[] = [];
      const background = (async () => {
        while (trafficOn) {
          traffic.push(await sam.post(proxy().url, '/api/inbox/getunreadmessagecount', { AccessToken: token }));
          await new Promise((r) => setTimeout(r, 100));
        }
      })();

      // The upload streams through nginx (proxy_request_buffering off) as slowly as it is written.
      const size = LIMITS.uploadMaxBytes;
      const upload = startUpload(`${proxy().url}${UPLOAD_PATH}`, {
        browser: sam,
        fields: { accessToken: token, FormType: 'documents', Description: 'Sent while the process stops' },
        fileField: UPLOAD_FILE_FIELD,
        filename: 'long-letter.txt',
        size,
      });
      try {
        await upload.write(2 * 1024 * 1024);
        // The process nginx gave it to logs the request as it starts (LOG_LEVEL info).
        const started = `"url":"${UPLOAD_PATH}"`;
        let stopping: PortalProcess | undefined;
        for (const deadline = Date.now() + 15_000; !stopping && Date.now() < deadline;) {
          stopping = [A(), B()].find((p) => p.output().includes(started));
          if (!stopping) {
            await upload.write(16 * 1024);
            await new Promise((r) => setTimeout(r, 20));
          }
        }
        if (!stopping) throw new Error(`neither process logged the upload's start within 15 s\n${output()}`);
        const staying = stopping === A() ? B() : A();
        stopping.signal('SIGTERM');

        // The listening socket closes at once; the upload goes on, slowly, meanwhile.
        let refused = false;
        for (const deadline = Date.now() + 15_000; !refused && Date.now() < deadline;) {
          await upload.write(64 * 1024);
          refused = !(await acceptsConnections(stopping.port));
          if (!refused) await new Promise((r) => setTimeout(r, 50));
        }
        expect(refused, `a new connection to the stopping process was still accepted after 15 s\n${output()}`).toBe(
          true,
        );
        expect(upload.answered(), 'the upload was answered before its body was complete').toBe(false);
        expect(upload.written()).toBeLessThan(size);

        // Then the rest of the 10 MB, in 256 KB steps a few milliseconds apart.
        while (upload.written() < size) {
          await upload.write(256 * 1024);
          await new Promise((r) => setTimeout(r, 20));
        }
        await upload.finish(256 * 1024);
        const answer = await upload.response;
        expect(answer.status, answer.text).toBe(200);
        expect(answer.headers[UPSTREAM_HEADER]).toBe(stopping.address);
        const fileId = (JSON.parse(answer.text) as { FileId: string }).FileId;
        expect(fileId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

        // Quiet now: no request of nginx's may close a connection it keeps to the stopping process;
        // the process must close them itself rather than wait out their keep-alive and the bound.
        trafficOn = false;
        await background;
        const exit = await stopping.exited;
        // Exit code 0 is the process finishing by itself: at main.ts's SHUTDOWN_GRACE_MS it would
        // have been stopped with code 1. So the bound is proven without timing anything here.
        expect({ code: exit.code, signal: exit.signal }, output()).toEqual({ code: 0, signal: null });

        // With one process gone, nginx sends everything to the other; the file the stopped one
        // stored is there for it (one database, one file store).
        for (let i = 0; i < 4; i++) {
          const reply = await sam.post(proxy().url, '/api/inbox/getunreadmessagecount', { AccessToken: token });
          expect({ status: reply.status, upstream: reply.upstream }).toEqual({
            status: 200,
            upstream: staying.address,
          });
        }
        const download = await send(`${proxy().url}/api/documentupload/downloadfile`, {
          method: 'POST',
          from: sam.from,
          headers: sam.headers({ 'Content-Type': 'application/json' }),
          body: JSON.stringify({ AccessToken: token, Identifier: fileId }),
        });
        expect(download.status).toBe(200);
        expect(String(download.headers[UPSTREAM_HEADER]).split(',').pop()?.trim()).toBe(staying.address);
        expect(Buffer.byteLength(download.text)).toBe(size);
        expect(download.text.startsWith('A line of a long letter')).toBe(true);
      } finally {
        trafficOn = false;
        await background;
      }

      const failed = traffic.filter((r) => r.status !== 200);
      expect(failed, `calls through nginx that failed while a process stopped:\n${output()}`).toEqual([]);
      expect(traffic.length).toBeGreaterThan(0);

      // Each access code was sent once, although both processes drain the one outbox.
      expect(sink().messages.filter((m) => m.to === DEMO.alex)).toHaveLength(1);
      expect(sink().messages.filter((m) => m.to === DEMO.sam)).toHaveLength(1);
    });
  },
);
