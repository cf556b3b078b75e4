/**
 * The faults the portal must survive (decision 037), reproduced against real server processes
 * (apps/server/dist/main.js: run `npm run build -w apps/server` first), and what each gives:
 *
 * - **Crash** (SQLite and PostgreSQL): provider writes with Idempotency-Keys from 8 writers at
 *   once, the server killed with SIGKILL at a random moment, a new process on the same database
 *   sent every request again: stuck keys (409), 500s, writes found twice or missing.
 * - **Outage**: Redis stopped (a redis-server of the script's own, never the machine's) and the
 *   database behind a closed relay, under a running server: every call answered busy (198 with
 *   Retry-After; the provider API 503), never 500, and back when the dependency is.
 * - **Stale session**: 100 sign-outs through one process, each read through another the moment it
 *   answers (PostgreSQL NOTIFY, and Redis); and sign-outs while the other's Redis connections stall
 *   without closing.
 *
 * `npx tsx bench/reliability.ts`; RELIABILITY_ROUNDS (5) crash rounds per database, RELIABILITY_SEED
 * (1), BENCH_DATABASE_URL as the other benchmarks (PostgreSQL rounds skipped when it does not
 * answer). Prints the table, writes it to bench/RELIABILITY.md, and exits 1 if any fault shows.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase, type DbHandle } from '../apps/server/src/db/database.ts';
import { REDIS_SERVER } from '../apps/server/test/redis-helpers.ts';
import { envNumber, log, scratchDir } from './lib/bench.ts';
import { crashRound, emptyTally, providerKey, type CrashTally } from './lib/crash-rounds.ts';
import { describeMachine, gitCommit } from './lib/machine.ts';
import {
  databaseOutage,
  redisOutage,
  staleAfterSignOut,
  staleWhileStalled,
  type OutageTally,
  type StaleTally,
} from './lib/outage-rounds.ts';
import { BENCH_DIR } from './lib/paths.ts';
import { createPgDatabase, type BenchPgDatabase } from './lib/postgres.ts';
import { seededRandom } from './lib/prng.ts';
import { prepareDatabase, seedDatabase } from './lib/server.ts';

const NAME = 'reliability';
const LIMITS = { RATE_LIMIT_PER_MINUTE: '100000000', LOGIN_RATE_LIMIT_PER_MINUTE: '100000000' };

type Row = { fault: string; measured: string; outcome: string; ok: boolean };

function crashRow(dialect: string, t: CrashTally): Row {
  const bad = t.stuck + t.fivehundreds + t.otherRetryAnswers.length + t.replaysDiffering + t.writtenTwice + t.missing;
  return {
    fault: `kill -9 during provider writes (${dialect})`,
    measured: `${t.rounds} rounds, ${t.requests} requests, ${t.inFlightAtKill} in flight at the kill`,
    outcome:
      `${t.stuck} stuck keys (409), ${t.fivehundreds} answers of 500, ${t.writtenTwice} written twice, ` +
      `${t.missing} missing, ${t.replaysDiffering} replays differing` +
      (t.otherRetryAnswers.length ? `; other answers: ${t.otherRetryAnswers.slice(0, 3).join('; ')}` : ''),
    ok: bad === 0,
  };
}

function outageRow(fault: string, t: OutageTally): Row {
  return {
    fault,
    measured: `${t.requests} requests while it was away`,
    outcome:
      `${t.busy} busy (198 / 503), ${t.busy - t.busyWithoutRetryAfter} of them with Retry-After; ${t.fivehundreds} answers of 500` +
      (t.other.length ? `, other: ${t.other.slice(0, 3).join('; ')}` : '') +
      `; ${t.recovered ? 'signs in again once it is back' : 'did NOT recover'}`,
    ok: t.fivehundreds === 0 && t.other.length === 0 && t.busyWithoutRetryAfter === 0 && t.recovered,
  };
}

function staleRow(fault: string, t: StaleTally): Row {
  return {
    fault,
    measured: `${t.trials} sign-outs, each read through the other process the moment it answered`,
    outcome:
      `${t.stale} served after the sign-out's answer (bound: 0); ` +
      `the sign-out took ${t.signOutMedianMs} ms (median), ${t.signOutLongestMs} ms (longest)`,
    ok: t.stale === 0,
  };
}

async function pgAnswers(): Promise<BenchPgDatabase | undefined> {
  try {
    return await createPgDatabase();
  } catch (e) {
    log(NAME, `PostgreSQL rounds skipped: ${(e as Error).message}`);
    return undefined;
  }
}

async function crashRounds(dialect: 'sqlite' | 'postgres', pg: BenchPgDatabase | undefined): Promise<CrashTally> {
  const scratch = scratchDir(`${NAME}-${dialect}`);
  const tally = emptyTally();
  let handle: DbHandle | undefined;
  try {
    if (dialect === 'sqlite') handle = openDatabase({ dialect, file: await prepareDatabase(scratch.dir) });
    else {
      handle = openDatabase({ dialect, url: (pg as BenchPgDatabase).url, maxConnections: 2 });
      await seedDatabase(handle.db);
    }
    const apiKey = await providerKey(handle.db);
    const env = { ...LIMITS, ...(pg && dialect === 'postgres' ? { DATABASE_URL: pg.url } : {}) };
    const random = seededRandom(envNumber('RELIABILITY_SEED', 1));
    for (let r = 0; r < envNumber('RELIABILITY_ROUNDS', 5); r++) {
      log(NAME, `${dialect}: crash round ${r + 1}`);
      await crashRound({ dataDir: scratch.dir, env, db: handle.db, apiKey, round: `${dialect}-${r}`, random }, tally);
    }
  } finally {
    await handle?.close();
    scratch.remove();
  }
  return tally;
}

/** A round that cannot finish (a server that died, a dependency that never came back) is a fault too. */
async function attempt(rows: Row[], fault: string, round: () => Promise<Row>): Promise<void> {
  log(NAME, fault);
  try {
    rows.push(await round());
  } catch (e) {
    rows.push({ fault, measured: '—', outcome: `could not finish: ${(e as Error).message.slice(0, 200)}`, ok: false });
  }
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  await attempt(rows, 'kill -9 during provider writes (SQLite)', async () =>
    crashRow('SQLite', await crashRounds('sqlite', undefined)),
  );
  const pg = await pgAnswers();
  const scratch = scratchDir(NAME);
  try {
    if (pg) {
      await attempt(rows, 'kill -9 during provider writes (PostgreSQL)', async () =>
        crashRow('PostgreSQL', await crashRounds('postgres', pg)),
      );
      const env = { ...LIMITS, DATABASE_URL: pg.url };
      const handle = openDatabase({ dialect: 'postgres', url: pg.url, maxConnections: 1 });
      const apiKey = await providerKey(handle.db).finally(() => handle.close());
      await attempt(rows, 'PostgreSQL unreachable', async () =>
        outageRow('PostgreSQL unreachable', await databaseOutage(scratch.dir, pg.url, apiKey)),
      );
      await attempt(rows, 'Cross-process sign-out, PostgreSQL LISTEN/NOTIFY', async () =>
        staleRow('Cross-process sign-out, PostgreSQL LISTEN/NOTIFY', await staleAfterSignOut(scratch.dir, env)),
      );
      if (REDIS_SERVER) {
        await attempt(rows, 'Redis stopped (PostgreSQL)', async () =>
          outageRow('Redis stopped (PostgreSQL)', await redisOutage(scratch.dir, env)),
        );
        await attempt(rows, 'Cross-process sign-out, Redis pub/sub', async () =>
          staleRow('Cross-process sign-out, Redis pub/sub', await staleAfterSignOut(scratch.dir, env, true)),
        );
        await attempt(rows, 'Stalled Redis subscriber', async () =>
          staleRow('Stalled Redis subscriber', await staleWhileStalled(scratch.dir, env)),
        );
      }
    } else if (REDIS_SERVER) {
      const dir = scratchDir(`${NAME}-redis`);
      await prepareDatabase(dir.dir);
      await attempt(rows, 'Redis stopped (SQLite)', async () =>
        outageRow('Redis stopped (SQLite)', await redisOutage(dir.dir, LIMITS)),
      );
      dir.remove();
    }
  } finally {
    await pg?.drop();
    scratch.remove();
  }
  const machine = describeMachine();
  const table = [
    `# Reliability: crashes, outages and stalls`,
    '',
    `Written by \`npx tsx bench/reliability.ts\` (decision 037) on ${new Date().toISOString()} at commit \`${gitCommit()}\`: ` +
      `${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, load average ${machine.loadAverage} at the start.`,
    '',
    '| Fault | Measured | Outcome | Verdict |',
    '| --- | --- | --- | --- |',
    ...rows.map((r) => `| ${r.fault} | ${r.measured} | ${r.outcome} | ${r.ok ? 'ok' : '**FAULT**'} |`),
    '',
  ].join('\n');
  fs.writeFileSync(path.join(BENCH_DIR, 'RELIABILITY.md'), table);
  console.log(table);
  process.exitCode = rows.every((r) => r.ok) ? 0 : 1;
}

await main();
