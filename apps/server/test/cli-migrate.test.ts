/**
 * `npm run migrate` (src/cli-migrate.ts), run as the operator runs it: a process of its own. It
 * runs from source through tsx, so the test needs no build.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminQuery, databaseUrl } from './helpers.ts';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Each run starts Node and tsx, several seconds on a busy machine.
const SLOW = { timeout: 120_000 };
const STACK_FRAME = /^\s+at /m;
/** The migration files, in the order they apply. */
const MIGRATION_NAMES = fs
  .readdirSync(path.join(SERVER_DIR, 'src/db/migrations'))
  .filter((f) => /^\d{4}-.*\.ts$/.test(f))
  .map((f) => f.slice(0, -3))
  .sort();

type Run = { code: number | null; stdout: string; stderr: string };

/** Runs an entry point of src/ with only the given settings (none inherited from this process). */
function run(entry: 'cli-migrate.ts' | 'main.ts', env: Record<string, string>): Run {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(SERVER_DIR, 'src', entry)], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('npm run migrate with a setting it cannot use', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-migrate-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('prints the same message as the server start, naming the variable, with no stack trace', SLOW, () => {
    const env = { DATA_DIR: dataDir, DATABASE_URL: 'nonsense' };
    const migrate = run('cli-migrate.ts', env);
    expect(migrate.code).toBe(1);
    expect(migrate.stdout).toBe('');
    expect(migrate.stderr).toMatch(/^Invalid configuration:\n {2}DATABASE_URL: .+\n$/);
    expect(run('main.ts', env).stderr).toBe(migrate.stderr);
  });

  it('says in one line when the database cannot be reached', SLOW, () => {
    const r = run('cli-migrate.ts', { DATA_DIR: dataDir, DATABASE_URL: 'postgres://portal@127.0.0.1:1/portal' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^The migrations could not be applied: .*ECONNREFUSED.*\n$/);
    expect(r.stderr).not.toMatch(STACK_FRAME);
  });
});

describe.each(DIALECTS)('npm run migrate on %s', (dialect) => {
  const env: Record<string, string> = {};
  let cleanUp: () => Promise<void>;
  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-migrate-'));
    env.DATA_DIR = dataDir;
    if (dialect === 'sqlite') {
      cleanUp = async () => fs.rmSync(dataDir, { recursive: true, force: true });
      return;
    }
    // A database of its own, empty: the test databases of helpers.ts come migrated already.
    const name = `migrate_${crypto.randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${name}`);
    env.DATABASE_URL = databaseUrl(name);
    cleanUp = async () => {
      await adminQuery(`drop database if exists ${name} with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(() => cleanUp());

  it('applies every migration to an empty database, then finds nothing to do', SLOW, () => {
    const first = run('cli-migrate.ts', env);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(`Applied: ${MIGRATION_NAMES.join(', ')}\n`);
    const again = run('cli-migrate.ts', env);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe('Database is up to date.\n');
  });
});
