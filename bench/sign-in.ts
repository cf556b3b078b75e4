/**
 * Sign-in. Logins per second against the spawned production bundle, with
 * SIGNIN_CONNECTIONS concurrent clients for SIGNIN_DURATION seconds, beside argon2id alone (the
 * server's own hashPassword, same parameters) at the same concurrency in this process: a
 * sign-in is bounded by argon2id by design, so the ratio shows what the rest of the sign-in costs.
 */
import autocannon from 'autocannon';
import { hashPassword } from '../apps/server/src/lib/crypto.ts';
import { envNumber, isMain, log, scratchDir, startBench } from './lib/bench.ts';
import type { BenchResult } from './lib/results.ts';
import { DEMO_PASSWORD, apiHeaders, prepareDatabase, startServer } from './lib/server.ts';
import { median, msSince, round } from './lib/stats.ts';

const NAME = 'sign-in';
const USERS = [
  'alex.citizen@example.com',
  'sam.single@example.com',
  'pat.trustee@example.com',
  'new.registrant@example.com',
];

/** Hashes per second with `concurrency` hashes always in flight, for `seconds`. */
async function hashRate(concurrency: number, seconds: number): Promise<number> {
  let done = 0;
  const until = Date.now() + seconds * 1000;
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        await hashPassword(DEMO_PASSWORD);
        done += 1;
      }
    }),
  );
  return done / (msSince(start) / 1000);
}

export async function run(): Promise<BenchResult> {
  const finish = startBench(NAME, 'Sign-in rate and argon2id');
  const connections = envNumber('SIGNIN_CONNECTIONS', 4);
  const duration = envNumber('SIGNIN_DURATION', 10);
  const scratch = scratchDir(NAME);
  try {
    // argon2id alone first, before the server exists.
    await hashPassword(DEMO_PASSWORD);
    const hashTimes: number[] = [];
    for (let i = 0; i < 10; i++) {
      const t = process.hrtime.bigint();
      await hashPassword(DEMO_PASSWORD);
      hashTimes.push(msSince(t));
    }
    // The hash rate is measured before and after the sign-ins (half as long each) and averaged,
    // so a change in the machine's load during the run weighs on both sides alike.
    const hashRateBefore = await hashRate(connections, duration / 2);
    log(
      NAME,
      `argon2id: ${round(median(hashTimes))} ms per hash, ${round(hashRateBefore, 1)}/s at ${connections} concurrent`,
    );

    await prepareDatabase(scratch.dir);
    const server = await startServer({
      dataDir: scratch.dir,
      env: { RATE_LIMIT_PER_MINUTE: '100000000', LOGIN_RATE_LIMIT_PER_MINUTE: '100000000' },
    });
    let wrong = 0;
    let result;
    try {
      const requests = USERS.map((u) => ({
        method: 'POST',
        path: '/api/account/login',
        headers: apiHeaders(),
        body: JSON.stringify({ EmailAddress: u, Password: DEMO_PASSWORD, RememberMe: false, DeviceType: 0 }),
        onResponse: (status: number, body: string) => {
          if (status !== 200 || !body.includes('"AccountActivated":2')) wrong += 1;
        },
      }));
      await autocannon({ url: server.url, connections, duration: 2, requests });
      wrong = 0;
      log(NAME, `logins: ${duration} s × ${connections} connections`);
      result = await autocannon({ url: server.url, connections, duration, requests, timeout: 30 });
    } finally {
      await server.stop();
    }
    if (wrong > 0) throw new Error(`${wrong} sign-ins did not succeed`);
    const hashRateAfter = await hashRate(connections, duration / 2);
    const hashesPerSecond = (hashRateBefore + hashRateAfter) / 2;
    const loginsPerSecond = result.requests.total / result.duration;
    return finish(
      {
        SIGNIN_CONNECTIONS: connections,
        SIGNIN_DURATION: `${duration} s`,
        argon2id: 'm=19456 KiB, t=2, p=1 (apps/server/src/lib/crypto.ts)',
      },
      [
        {
          id: `${NAME}.logins-per-second`,
          label: 'Sign-ins per second',
          value: round(loginsPerSecond, 1),
          unit: '/s',
          baseline: {
            label: `argon2id hashes/s, ${connections} in flight`,
            value: round(hashesPerSecond, 1),
            unit: '/s',
          },
          ratio: round((100 * loginsPerSecond) / hashesPerSecond, 0),
          ratioLabel: '% of argon2id alone',
        },
        {
          id: `${NAME}.latency-p50`,
          label: 'Sign-in latency p50',
          value: result.latency.p50,
          unit: 'ms',
          baseline: { label: 'one argon2id hash (median)', value: round(median(hashTimes), 1), unit: 'ms' },
          ratio: round(result.latency.p50 / median(hashTimes), 1),
          ratioLabel: '× one hash',
        },
        { id: `${NAME}.latency-p99`, label: 'Sign-in latency p99', value: result.latency.p99, unit: 'ms' },
      ],
      [
        `${result.requests.total} sign-ins, every one answered 200 with AccountActivated 2 (a known browser); ` +
          `four demo accounts in turn. ` +
          `Each verifies the password (argon2id), writes the throttle record and a new session.`,
        `argon2id alone: ${round(hashRateBefore, 1)}/s before the sign-ins and ${round(hashRateAfter, 1)}/s after ` +
          `(the baseline is their mean); one hash at a time: ${round(median(hashTimes), 1)} ms (median of 10).`,
        "argon2id runs on libuv's thread pool (4 threads by default) in both the server and this process; " +
          'the machine has 2 cores, and autocannon shares them during the sign-in run.',
      ],
    );
  } finally {
    scratch.remove();
  }
}

if (isMain(import.meta.url)) {
  const { saveResults } = await import('./lib/results.ts');
  saveResults([await run()]);
}
