/**
 * A portal process for the crash tests (idempotency-crash.test.ts): the production buildApp over
 * the database the test names (CRASH_DATABASE: a SQLite file or a postgres:// URL), listening on a
 * port of its own choosing, that stops for ever at the idempotent write's fault point CRASH_AT
 * and says so on stdout. The test then kills it with SIGKILL: nothing of it runs after that, as
 * when a machine loses power.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';

const target = process.env.CRASH_DATABASE ?? '';
const database = target.startsWith('postgres')
  ? openDatabase({ dialect: 'postgres', url: target })
  : openDatabase({ dialect: 'sqlite', file: target });
const { app } = await buildApp({
  config: loadConfig(process.env),
  database,
  startWorkers: false,
  faults: {
    idempotency: async (point) => {
      if (point !== process.env.CRASH_AT) return;
      process.stdout.write(`stopped at ${point}\n`);
      await new Promise(() => {});
    },
  },
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`listening ${(app.server.address() as AddressInfo).port}\n`);
