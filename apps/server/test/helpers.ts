/**
 * Test harness: each test gets its own database — a copy of a migrated, seeded SQLite template,
 * or a fresh PostgreSQL schema when TEST_DATABASE_URL is set — and the production buildApp.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type DbHandle, type DialectName } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { DEMO_PASSWORD, seedDemoData, seedReferenceFiles } from '../src/db/seed/demo.ts';
import { seedContent } from '../src/db/seed/content.ts';
import { seedReferenceData } from '../src/db/seed/reference.ts';
import type { Deps } from '../src/deps.ts';
import { dataCipher, hashPassword } from '../src/lib/crypto.ts';
import { DEVICE_COOKIE, deviceCookieValue } from '../src/modules/device/service.ts';

export const DIALECTS: DialectName[] = ['sqlite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])];

export const TEST_KEY = crypto.createHash('sha256').update('test-key').digest();
/** A fixed instant: Saturday 21 November 2026, 10:00 in Melbourne. */
export const T0 = Date.parse('2026-11-20T23:00:00Z');

type TestClock = { now: () => number; advance: (ms: number) => void; set: (t: number) => void };
function testClock(start = T0): TestClock {
  let t = start;
  return {
    now: () => t,
    advance: (ms) => {
      t += ms;
    },
    set: (v) => {
      t = v;
    },
  };
}

const tmpRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
let sqliteTemplate: Promise<string> | undefined;

let demoHash: Promise<string> | undefined;

async function seed(handle: DbHandle, now: number): Promise<void> {
  await migrateToLatest(handle.db);
  await seedReferenceData(handle.db);
  demoHash ??= hashPassword(DEMO_PASSWORD);
  await seedDemoData(handle.db, dataCipher(TEST_KEY), now, await demoHash);
  await seedReferenceFiles(handle.db);
  await seedContent(handle.db, now);
}

function buildSqliteTemplate(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const file = path.join(tmpRoot, 'template.db');
    const handle = openDatabase({ dialect: 'sqlite', file });
    await seed(handle, T0);
    await handle.close();
    return file;
  })();
  return sqliteTemplate;
}

/** PostgreSQL: a connection URL for one database of the test server. */
export function databaseUrl(name: string): string {
  const u = new URL(process.env.TEST_DATABASE_URL as string);
  u.pathname = `/${name}`;
  return u.toString();
}

/** PostgreSQL: one statement on the test server's admin connection (create or drop a database). */
export async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * PostgreSQL: each test gets its own database cloned from a migrated, seeded template built once
 * per test file (CREATE DATABASE … TEMPLATE copies files: fast). Databases, not schemas: Kysely's
 * migrator introspects every schema of a database, so parallel tests sharing one would race.
 */
let pgTemplate: Promise<string> | undefined;
function buildPgTemplate(): Promise<string> {
  pgTemplate ??= (async () => {
    const name = `tpl_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
    await adminQuery(`create database ${name}`);
    const handle = openDatabase({ dialect: 'postgres', url: databaseUrl(name), maxConnections: 2 });
    await seed(handle, T0);
    await handle.close();
    return name;
  })();
  return pgTemplate;
}

/** Drops this file's PostgreSQL template (the setup file calls it after each test file). */
export async function dropPgTemplate(): Promise<void> {
  if (!pgTemplate) return;
  const name = await pgTemplate;
  pgTemplate = undefined;
  await adminQuery(`drop database if exists ${name} with (force)`);
}

async function openTestDatabase(dialect: DialectName): Promise<{ handle: DbHandle; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const file = path.join(tmpRoot, `${crypto.randomUUID()}.db`);
    fs.copyFileSync(await buildSqliteTemplate(), file);
    const handle = openDatabase({ dialect: 'sqlite', file });
    return { handle, drop: async () => fs.rmSync(file, { force: true }) };
  }
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name} template ${await buildPgTemplate()}`);
  // Dropping the database terminates connections the pool may still be closing.
  const handle = openDatabase({
    dialect: 'postgres',
    url: databaseUrl(name),
    maxConnections: 4,
    onIdleClientError: () => {},
  });
  return { handle, drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATA_DIR: tmpRoot,
    DATA_ENCRYPTION_KEY: TEST_KEY.toString('base64'),
    WEB_DIST: path.join(tmpRoot, 'no-web'),
    ...env,
  });
}

export type TestApp = {
  app: FastifyInstance;
  deps: Deps;
  /** The database as opened (a second app over the same database is given it). */
  database: DbHandle;
  clock: TestClock;
  logs: string[];
  /** POSTs JSON with the CSRF cookie and header, as the web app does. */
  post: (
    url: string,
    body?: unknown,
    options?: { headers?: Record<string, string>; remoteAddress?: string },
  ) => Promise<LightMyRequestResponse>;
  signIn: (username: string, extra?: Record<string, unknown>) => Promise<string>;
  close: () => Promise<void>;
};

export const PASSWORD = 'Claimant#2026';
export const CSRF = 'test-csrf-token-value';
export const KNOWN_DEVICE = 'known-test-device';
/** Cookies of a browser the server has never seen (no device cookie). */
export const NEW_BROWSER = { cookie: `__Host-XSRF-TOKEN=${CSRF}` };

export async function createTestApp(dialect: DialectName, env: Record<string, string> = {}): Promise<TestApp> {
  const { handle, drop } = await openTestDatabase(dialect);
  const clock = testClock();
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      logs.push(chunk.toString('utf8'));
      cb();
    },
  });
  const { app, deps } = await buildApp({ config: testConfig(env), database: handle, clock, logStream });
  await app.ready();
  // The harness is a browser every demo account has already verified on (decision 008);
  // tests of the verification itself send `newBrowser` cookies instead.
  const accounts = await deps.db.selectFrom('accounts').select('id').execute();
  await deps.db
    .insertInto('known_devices')
    .values(accounts.map((a) => ({ account_id: a.id, device_id: KNOWN_DEVICE, verified_at: clock.now() })))
    .execute();
  const knownDeviceCookie = `${DEVICE_COOKIE}=${deviceCookieValue(deps, KNOWN_DEVICE)}`;
  const post: TestApp['post'] = (url, body = {}, options = {}) =>
    app.inject({
      method: 'POST',
      url,
      payload: body as Record<string, unknown>,
      headers: { cookie: `__Host-XSRF-TOKEN=${CSRF}; ${knownDeviceCookie}`, 'x-xsrf-token': CSRF, ...options.headers },
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    });
  const signIn: TestApp['signIn'] = async (username, extra = {}) => {
    const res = await post('/api/account/login', {
      EmailAddress: username,
      Password: PASSWORD,
      RememberMe: false,
      DeviceType: 0,
      ...extra,
    });
    if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
    return (res.json() as { AccessToken: string }).AccessToken;
  };
  return {
    app,
    deps,
    database: handle,
    clock,
    logs,
    post,
    signIn,
    close: async () => {
      await app.close();
      await handle.close();
      await drop();
    },
  };
}

/** Signs in and selects the claim with that number. */
export async function signInWithClaim(t: TestApp, username: string, claimNumber: string): Promise<string> {
  const token = await t.signIn(username);
  const res = await t.post('/api/claim/selectclaim', { AccessToken: token, Number: claimNumber });
  if (res.statusCode !== 200) throw new Error(`select failed: ${res.body}`);
  return token;
}

export function errorNumbers(res: LightMyRequestResponse): number[] {
  return (res.json() as { Number: number }[]).map((e) => e.Number);
}
