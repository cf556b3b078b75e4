/**
 * Invalidation across processes (decisions 031 and 037): how long after a sign-out
 * through one server process another process, which had the session in its read cache, refuses
 * the token. Each trial signs in on the first process, uses the token twice on the second (so it
 * is cached there), signs out on the first, and from the sign-out's answer asks the second
 * without pause until it refuses. The sign-out answers once every process has acked the
 * invalidation, so the first ask is refused: the figure is the longest trial (one request), with
 * the answers served meanwhile (0 expected) and what the wait costs the sign-out itself. The
 * baseline is one request to the second process, timed in the same loop.
 */
import { performance } from 'node:perf_hooks';
import { TOKEN_EXPIRED_NUMBERS } from '@portal/contracts';
import type { Figure } from './results.ts';
import { apiHeaders, postJson, signIn } from './server.ts';
import { median, round } from './stats.ts';

const USER = 'sam.single@example.com';
/** A trial that is still served after this long has failed: the figure says so rather than hang. */
const GIVE_UP_MS = 5_000;

async function refused(url: string, token: string): Promise<boolean> {
  const res = await fetch(`${url}/api/account/getaccount`, {
    method: 'POST',
    headers: apiHeaders(),
    body: JSON.stringify({ AccessToken: token }),
  });
  const body = (await res.json()) as unknown;
  if (res.status === 200) return false;
  const number = Array.isArray(body) ? (body[0] as { Number?: number } | undefined)?.Number : undefined;
  if (number !== undefined && (TOKEN_EXPIRED_NUMBERS as readonly number[]).includes(number)) return true;
  throw new Error(`getaccount answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
}

export type InvalidationRun = { trials: number[]; request: number[]; signOut: number[]; staleAnswers: number };

export async function measureInvalidation(first: string, second: string, trials = 100): Promise<InvalidationRun> {
  const times: number[] = [];
  const request: number[] = [];
  const signOut: number[] = [];
  let staleAnswers = 0;
  for (let i = 0; i < trials; i++) {
    const token = await signIn(first, USER);
    for (let warm = 0; warm < 2; warm++) {
      const start = performance.now();
      if (await refused(second, token)) throw new Error('the second process refused a fresh session');
      request.push(performance.now() - start);
    }
    const asked = performance.now();
    await postJson(`${first}/api/account/logout`, { AccessToken: token });
    const signedOut = performance.now();
    signOut.push(signedOut - asked);
    for (;;) {
      if (await refused(second, token)) break;
      staleAnswers++;
      if (performance.now() - signedOut > GIVE_UP_MS) throw new Error('the second process still serves the session');
    }
    times.push(performance.now() - signedOut);
  }
  return { trials: times, request, signOut, staleAnswers };
}

export function invalidationFigure(name: string, run: InvalidationRun, channel: string): Figure {
  const longest = Math.max(...run.trials);
  const oneRequest = median(run.request);
  return {
    id: `${name}.invalidation`,
    label:
      `Sign-out through one process refused by another (${channel}), longest of ${run.trials.length}; ` +
      `median ${round(median(run.trials), 1)} ms, ${run.staleAnswers} answer(s) served meanwhile; ` +
      `the sign-out itself median ${round(median(run.signOut), 1)} ms, longest ${round(Math.max(...run.signOut), 1)} ms`,
    value: round(longest, 1),
    unit: 'ms',
    baseline: { label: 'one request to the second process (median)', value: round(oneRequest, 1), unit: 'ms' },
    ratio: round(longest / Math.max(oneRequest, 0.01), 1),
    ratioLabel: '× one request',
  };
}
