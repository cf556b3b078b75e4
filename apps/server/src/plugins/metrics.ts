/**
 * Prometheus metrics (docs/operations/metrics.md). Errors travel as HTTP 225 (decision 001), which
 * standard monitoring takes for success: here every answer is counted by the route that matched,
 * its method and status, by its outcome (ok, refused, fault: a 225 by its first number), and a
 * 225 answer by the catalogue numbers in its list; each is timed; and
 * the two outboxes are counted when the metrics are scraped. One registry per app (never
 * prom-client's global one), served by a listener of its own (lib/metrics-listener.ts), never on
 * the portal's port. Labels hold route patterns, methods, statuses and catalogue numbers only:
 * never a raw URL (unbounded), nor anything a claimant typed.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SelectQueryBuilder } from 'kysely';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { ErrorNumber } from '@portal/contracts';
import type { Database } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { ERROR_STATUS } from '../errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics, served by the metrics listener (lib/metrics-listener.ts). */
    metrics: Registry;
  }
}

/** The route label of a request no route matched (the not-found handler, the web app's fallback). */
const UNMATCHED_ROUTE = 'unmatched';
/** Error numbers counted from one answer: the client branches on the first; a few more tell enough. */
const MAX_NUMBERS_PER_ANSWER = 5;
/** How much of a 225 answer is read for its numbers: the first items, each at most a few hundred characters. */
const SCAN_CHARS = 2048;
/** The outbox counts stop here: a scrape never counts more rows than this (10 000 reads as "at least"). */
const OUTBOX_COUNT_CAP = 10_000;
const OUTBOX_COUNT_TIMEOUT_MS = 2_000;
/** From a cached answer to an upload under the 120 s request time-out. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

const CATALOGUE = new Set<number>(Object.values(ErrorNumber));

/**
 * Catalogue numbers that mean the portal failed the claimant, not that it refused them: a 225
 * whose first number is one of these counts as a fault, like a 5xx. Every other 225 is a refusal
 * (wrong details, a limit, a rule), like a 4xx. A new number for "we could not do it" belongs here.
 */
const FAULT_NUMBERS: ReadonlySet<number> = new Set([ErrorNumber.ServiceBusy, ErrorNumber.Internal]);
const OUTCOMES = ['ok', 'refused', 'fault'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** What an answer was, as monitoring that groups by status class should have read it. */
export function outcomeOf(status: number, firstNumber: string | undefined): Outcome {
  if (status === ERROR_STATUS)
    return firstNumber !== undefined && FAULT_NUMBERS.has(Number(firstNumber)) ? 'fault' : 'refused';
  if (status >= 500) return 'fault';
  return status >= 400 ? 'refused' : 'ok';
}
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The matched route's pattern, never the URL as sent: `/%61pi/...` counts under `/api/...`. */
function routeOf(request: FastifyRequest): string {
  return request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
}

const methodOf = (request: FastifyRequest): string => (METHODS.has(request.method) ? request.method : 'other');

/**
 * The distinct catalogue numbers among the first items of a 225 list, as serialized JSON. A
 * `"Number":` inside a Message or Field would have its quotes escaped, so only the items' own
 * numbers match; a number outside the catalogue counts as 'other'.
 */
export function errorNumbersOf(payload: unknown): string[] {
  const text =
    typeof payload === 'string'
      ? payload.slice(0, SCAN_CHARS)
      : Buffer.isBuffer(payload)
        ? payload.toString('utf8', 0, SCAN_CHARS)
        : '';
  const numbers = new Set<string>();
  for (const match of text.matchAll(/"Number":(\d{1,9})\b/g)) {
    numbers.add(CATALOGUE.has(Number(match[1])) ? String(Number(match[1])) : 'other');
    if (numbers.size >= MAX_NUMBERS_PER_ANSWER) break;
  }
  return [...numbers];
}

/** Counts the rows of `rows`, stopping at OUTBOX_COUNT_CAP: a backlog never makes a scrape slow. */
async function cappedCount<TB extends keyof Database>(
  deps: Deps,
  rows: SelectQueryBuilder<Database, TB, { one: number }>,
): Promise<number> {
  const row = await deps.db
    .selectFrom(rows.limit(OUTBOX_COUNT_CAP).as('capped'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The outboxes' depth, each count on an index (provider_outbox_pending, notifications_due). Dead
 * notifications are those /readyz counts: an expired one (an access code past its lifetime) can
 * no longer be retried, and an alert on it would never clear.
 */
async function countOutboxes(deps: Deps): Promise<{ outbox: string; state: string; n: number }[]> {
  const one = sql<number>`1`.as('one');
  const undelivered = () => deps.db.selectFrom('provider_outbox').select(one).where('delivered_at', 'is', null);
  const unsent = () => deps.db.selectFrom('notifications').select(one).where('sent_at', 'is', null);
  const now = deps.clock.now();
  const [providerPending, providerDead, notificationsPending, notificationsDead] = await Promise.all([
    cappedCount(deps, undelivered().where('dead_at', 'is', null)),
    cappedCount(deps, undelivered().where('dead_at', 'is not', null)),
    cappedCount(deps, unsent().where('dead_at', 'is', null)),
    cappedCount(
      deps,
      unsent()
        .where('dead_at', 'is not', null)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)])),
    ),
  ]);
  return [
    { outbox: 'provider_webhook', state: 'pending', n: providerPending },
    { outbox: 'provider_webhook', state: 'dead', n: providerDead },
    { outbox: 'notifications', state: 'pending', n: notificationsPending },
    { outbox: 'notifications', state: 'dead', n: notificationsDead },
  ];
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Creates this app's registry (`app.metrics`) and the hooks that fill it. Registered before any
 * plugin or route, so every route and the not-found handler run its hooks. The measurement per
 * request is a few map look-ups; the database is read only when the metrics are scraped.
 */
export function registerMetrics(app: FastifyInstance, deps: Deps): void {
  const registry = new Registry();
  app.decorate('metrics', registry);

  const requests = new Counter({
    name: 'portal_http_requests_total',
    help: 'Answers by matched route pattern (or unmatched), method and HTTP status; errors are status 225 (decision 001).',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const apiErrors = new Counter({
    name: 'portal_api_errors_total',
    help: `Catalogue error numbers in 225 answers, by matched route pattern (at most ${MAX_NUMBERS_PER_ANSWER} distinct numbers per answer).`,
    labelNames: ['route', 'number'] as const,
    registers: [registry],
  });
  const outcomes = new Counter({
    name: 'portal_http_outcomes_total',
    help: 'Answers by matched route pattern and outcome: ok, refused (4xx, or a 225 of a refusal) or fault (5xx, or a 225 whose first number is 199).',
    labelNames: ['route', 'outcome'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time from the request arriving to the answer sent, by matched route pattern.',
    labelNames: ['route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const notificationFailures = new Counter({
    name: 'portal_notification_failures_total',
    help: 'Failed e-mail and SMS delivery attempts; outcome dead: the attempt that parked the notification for an operator.',
    labelNames: ['channel', 'outcome'] as const,
    registers: [registry],
  });
  for (const channel of ['email', 'sms'])
    for (const outcome of ['retry', 'dead']) notificationFailures.inc({ channel, outcome }, 0);
  deps.notifier.onFailed(({ channel }, dead) =>
    notificationFailures.inc({ channel, outcome: dead ? 'dead' : 'retry' }),
  );

  new Gauge({
    name: 'portal_outbox_messages',
    help:
      'Rows waiting in an outbox (provider_webhook, notifications) by state (pending, dead), ' +
      `counted at scrape time up to ${OUTBOX_COUNT_CAP}; NaN when the database did not answer.`,
    labelNames: ['outbox', 'state'] as const,
    registers: [registry],
    async collect() {
      try {
        for (const { outbox, state, n } of await withTimeout(countOutboxes(deps), OUTBOX_COUNT_TIMEOUT_MS))
          this.set({ outbox, state }, n);
      } catch (err) {
        // The other metrics are still worth a scrape; /readyz says what is wrong with the database.
        deps.log.warn({ err }, 'outbox counts for the metrics failed');
        for (const outbox of ['provider_webhook', 'notifications'])
          for (const state of ['pending', 'dead']) this.set({ outbox, state }, Number.NaN);
      }
    },
  });

  // A child per label set, kept: prom-client hashes the labels on every call otherwise.
  const requestChildren = new Map<string, { inc: () => void }>();
  const durationChildren = new Map<string, { observe: (seconds: number) => void }>();
  const errorChildren = new Map<string, { inc: () => void }>();
  const child = <T>(cache: Map<string, T>, key: string, make: () => T): T => {
    let found = cache.get(key);
    if (found === undefined) {
      found = make();
      cache.set(key, found);
    }
    return found;
  };

  // The first number of each 225 answer, for its outcome once it is sent.
  const firstNumbers = new WeakMap<FastifyRequest, string>();
  const outcomeChildren = new Map<string, { inc: () => void }>();
  const countOutcome = (route: string, outcome: Outcome) => {
    if (!outcomeChildren.has(`${route} ok`))
      // Every outcome of a route from its first answer: ratios and rate() need no absent series.
      for (const o of OUTCOMES) {
        const series = outcomes.labels({ route, outcome: o });
        series.inc(0);
        outcomeChildren.set(`${route} ${o}`, series);
      }
    outcomeChildren.get(`${route} ${outcome}`)?.inc();
  };

  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode === ERROR_STATUS) {
      const route = routeOf(request);
      const numbers = errorNumbersOf(payload);
      if (numbers[0] !== undefined) firstNumbers.set(request, numbers[0]);
      for (const number of numbers)
        child(errorChildren, `${route} ${number}`, () => apiErrors.labels({ route, number })).inc();
    }
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeOf(request);
    const method = methodOf(request);
    const status = String(reply.statusCode);
    child(requestChildren, `${route} ${method} ${status}`, () => requests.labels({ route, method, status })).inc();
    countOutcome(route, outcomeOf(reply.statusCode, firstNumbers.get(request)));
    child(durationChildren, route, () => duration.labels({ route })).observe(reply.elapsedTime / 1000);
    done();
  });
}
