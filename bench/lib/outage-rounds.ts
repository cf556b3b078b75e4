/**
 * The reliability script's outage and stale-session rounds (bench/reliability.ts, decision 037),
 * against real server processes: Redis stopped (a redis-server of the script's own), the
 * database behind a relay that is closed, a sign-out read through another process the moment it
 * answers, and the same while that process's channel stalls without closing.
 */
import { ErrorNumber, TOKEN_EXPIRED_NUMBERS } from '@portal/contracts';
import { ownRedisServer } from '../../apps/server/test/redis-helpers.ts';
import { tcpRelay } from '../../apps/server/test/relay.ts';
import { measureInvalidation } from './invalidation.ts';
import { apiHeaders, postJson, signIn, startServer, stopServers, type RunningServer } from './server.ts';
import { median, round } from './stats.ts';

const USER = 'sam.single@example.com';
const PASSWORD = 'Claimant#2026';

export type OutageTally = {
  requests: number;
  busy: number;
  busyWithoutRetryAfter: number;
  fivehundreds: number;
  other: string[];
  recovered: boolean;
};

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  for (const end = Date.now() + timeoutMs; Date.now() < end;) {
    if (await check().catch(() => false)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

const readyz = async (server: RunningServer) => (await fetch(`${server.url}/readyz`)).status;

/** Sends `count` of each call and sorts the answers: busy (198 with Retry-After), 500, anything else. */
async function tallyAnswers(calls: (() => Promise<Response>)[], count: number, tally: OutageTally): Promise<void> {
  for (let i = 0; i < count; i++)
    for (const call of calls) {
      const res = await call();
      const body = (await res.json()) as unknown;
      tally.requests++;
      const number = Array.isArray(body) ? (body[0] as { Number?: number } | undefined)?.Number : undefined;
      if (res.status >= 500 && res.status !== 503) tally.fivehundreds++;
      else if ((res.status === 225 && number === ErrorNumber.ServiceBusy) || res.status === 503) {
        tally.busy++;
        if (!res.headers.get('retry-after')) tally.busyWithoutRetryAfter++;
      } else tally.other.push(`${res.status} ${JSON.stringify(body).slice(0, 120)}`);
    }
}

const post = (server: RunningServer, path: string, body: unknown) =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: apiHeaders(), body: JSON.stringify(body) });
const login = (server: RunningServer) => () =>
  post(server, '/api/account/login', { EmailAddress: USER, Password: PASSWORD, RememberMe: false, DeviceType: 0 });

/** Redis stopped under a running server (sign-in and recovery need it), then started again. */
export async function redisOutage(dataDir: string, env: Record<string, string>): Promise<OutageTally> {
  const redis = await ownRedisServer();
  const server = await startServer({ dataDir, env: { ...env, REDIS_URL: redis.url } });
  const tally: OutageTally = {
    requests: 0,
    busy: 0,
    busyWithoutRetryAfter: 0,
    fivehundreds: 0,
    other: [],
    recovered: false,
  };
  try {
    await signIn(server.url, USER);
    await redis.stop();
    if (!(await until(async () => (await readyz(server)) === 503, 10_000))) throw new Error('/readyz never said Redis');
    const recovery = () =>
      post(server, '/api/account/retrieveusername', {
        FirstName: 'Sam',
        LastName: 'Single',
        DateOfBirth: '01/01/1980',
        EmailAddress: USER,
        ClaimNumber: '22/11111',
      });
    await tallyAnswers([login(server), recovery], 20, tally);
    await redis.start();
    tally.recovered = await until(async () => (await login(server)()).status === 200, 15_000);
  } finally {
    await server.stop();
    await redis.stop();
  }
  return tally;
}

/** The database behind a relay that is closed under a running server, then opened again. */
export async function databaseOutage(dataDir: string, databaseUrl: string, apiKey: string): Promise<OutageTally> {
  const relay = await tcpRelay(databaseUrl, 5432);
  const server = await startServer({ dataDir, env: { DATABASE_URL: relay.url } });
  const tally: OutageTally = {
    requests: 0,
    busy: 0,
    busyWithoutRetryAfter: 0,
    fivehundreds: 0,
    other: [],
    recovered: false,
  };
  try {
    const token = await signIn(server.url, USER);
    await relay.stop();
    if (!(await until(async () => (await readyz(server)) === 503, 10_000))) throw new Error('/readyz never said so');
    const account = () => post(server, '/api/account/getaccount', { AccessToken: token });
    const provider = () =>
      fetch(`${server.url}/provider/v1/claimants/CL-NONE`, { headers: { authorization: `Bearer ${apiKey}` } });
    await tallyAnswers([login(server), account, provider], 10, tally);
    await relay.start();
    tally.recovered = await until(async () => (await login(server)()).status === 200, 15_000);
  } finally {
    await server.stop();
    await relay.close();
  }
  return tally;
}

export type StaleTally = { trials: number; stale: number; signOutMedianMs: number; signOutLongestMs: number };

/**
 * Two processes over one PostgreSQL database, their channel NOTIFY or (`withRedis`) a Redis of the
 * script's own: 100 sign-outs through one, each read at once through the other.
 */
export async function staleAfterSignOut(
  dataDir: string,
  env: Record<string, string>,
  withRedis = false,
): Promise<StaleTally> {
  const redis = withRedis ? await ownRedisServer() : undefined;
  const channelEnv = { ...env, ...(redis ? { REDIS_URL: redis.url } : {}) };
  const servers: RunningServer[] = [];
  try {
    servers.push(await startServer({ dataDir, env: channelEnv }), await startServer({ dataDir, env: channelEnv }));
    const [a, b] = servers as [RunningServer, RunningServer];
    const run = await measureInvalidation(a.url, b.url, 100);
    return {
      trials: run.trials.length,
      stale: run.staleAnswers,
      signOutMedianMs: round(median(run.signOut), 1),
      signOutLongestMs: round(Math.max(...run.signOut), 1),
    };
  } finally {
    await stopServers(servers);
    await redis?.stop();
  }
}

async function refused(server: RunningServer, token: string): Promise<boolean> {
  const res = await post(server, '/api/account/getaccount', { AccessToken: token });
  const body = (await res.json()) as unknown;
  const number = Array.isArray(body) ? (body[0] as { Number?: number } | undefined)?.Number : undefined;
  return res.status !== 200 && number !== undefined && TOKEN_EXPIRED_NUMBERS.includes(number);
}

/**
 * The second process reaches Redis through a relay that stops forwarding without closing (its
 * subscriber and its client stall: no error, no end). A sign-out through the first is read at
 * once through the second; then the relay's new connections flow again, and the next trial starts.
 */
export async function staleWhileStalled(dataDir: string, env: Record<string, string>, trials = 5): Promise<StaleTally> {
  const redis = await ownRedisServer();
  const relay = await tcpRelay(redis.url, 6379);
  const servers: RunningServer[] = [];
  const tally: StaleTally = { trials: 0, stale: 0, signOutMedianMs: 0, signOutLongestMs: 0 };
  const signOuts: number[] = [];
  try {
    servers.push(await startServer({ dataDir, env: { ...env, REDIS_URL: redis.url } }));
    servers.push(await startServer({ dataDir, env: { ...env, REDIS_URL: relay.url } }));
    const [a, b] = servers as [RunningServer, RunningServer];
    for (let i = 0; i < trials; i++) {
      // Serving from its cache again (after the previous trial's stall): a second read is a hit.
      const token = await signIn(a.url, USER);
      if (await refused(b, token)) throw new Error('the second process refused a fresh session');
      await refused(b, token);
      relay.freeze();
      const asked = performance.now();
      await postJson(`${a.url}/api/account/logout`, { AccessToken: token });
      signOuts.push(performance.now() - asked);
      tally.trials++;
      if (!(await refused(b, token))) tally.stale++;
      // The second process finds the silence within the bound and connects again.
      await new Promise((resolve) => setTimeout(resolve, 4_000));
    }
  } finally {
    await stopServers(servers);
    await relay.close();
    await redis.stop();
  }
  tally.signOutMedianMs = round(median(signOuts), 1);
  tally.signOutLongestMs = round(Math.max(...signOuts), 1);
  return tally;
}
