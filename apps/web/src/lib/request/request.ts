/**
 * The request layer: the ONE function every API call goes through (STYLE.md rule 4).
 *
 * - Same-origin paths from the contracts' routes; POST with a JSON body unless GET. Its one entry
 *   is `call` (typed in ./call-types.ts, in ./call.ts over `requestCall` below), which names the endpoint and is
 *   typed by the contracts' endpoint table; the untyped `request` under it stays in this module.
 * - Adds `AccessToken` to the body when absent (spec 000 §7), from the stored session.
 * - CSRF: sends header X-XSRF-TOKEN equal to the readable __Host-XSRF-TOKEN cookie on every non-GET call;
 *   when the cookie is missing before the first POST, GET /api/information/getinformation sets it.
 * - 120 000 ms time-out (LIMITS.requestTimeoutMs) → 'Sorry, request timed out. Please try again.'
 * - HTTP 200 is success (the body is checked against the endpoint's response schema);
 *   HTTP 225 carries a list of { Number, Message, Field? }; 415 → 'Unprocessable Request' (2);
 *   any other body → 1 'endpoint not available'; fetch failures → 3; unreadable 200 → 4.
 * - A token-expired number (8, 18, 21, 22, 24, 28) as the first error is an error marked
 *   `forcedLogout` and shows no alert; ./call.ts, the entry every caller uses, signs out on it
 *   (lib/session/sign-out.ts; the app goes to /login). Only lib/session/sign-out.ts calls `requestCall` here
 *   directly (it tells the server of a sign-out, so it cannot import ./call.ts).
 * - Otherwise, unless `silent`, the error is shown as an alert (spec 000 §8 format) and thrown.
 * - Every successful authenticated call restarts the client's idle clock (lib/session/activity.ts).
 * - `token`: a call made with a token of its own (the survey token) leaves the claimant's session
 *   alone — no forced logout, no idle-clock restart; the caller handles an expired token.
 * - `binary`: a file download (downloadfile). A 200 answers the bytes, resolved as a
 *   BinaryAnswer; every other answer (the 225 list, 415, time-out, network) goes through the
 *   same handling as any call.
 *
 * This module loads no zod (the /login JavaScript budget): a call's response schema may be
 * given as a loader, started as the call is sent; the schemas come one area of the endpoint
 * table at a time, and the error list's alone (./endpoint-schemas/, `loadEndpoint` in
 * ./request-checks.ts).
 * The CSRF cookie and header are ./xsrf.ts.
 */
import { CLIENT_MESSAGES, ErrorNumber, LIMITS, ROUTES, isTokenExpiredNumber } from '@portal/contracts';
import type { EndpointName, RequestOptions } from './call-types.ts';
import { markAuthenticatedActivity } from '../session/activity.ts';
import { showAlert } from '../feedback/alerts.ts';
import { startLoading } from '../feedback/loading.ts';
import {
  loadEndpoint,
  readErrorList,
  readJson,
  responseCheck,
  unreachable,
  type Call,
  type ResponseCheck,
} from './request-checks.ts';
import { RequestError } from './request-error.ts';
import { earlyKey, holdEarlyAnswer, isHeld, takeEarlyAnswer } from './early-answers.ts';
import { getCurrentUser } from '../session/session.ts';
import { XSRF_COOKIE, XSRF_HEADER, ensureXsrfCookie, readCookie } from './xsrf.ts';

export { loadEndpoint } from './request-checks.ts';
export { dropEarlyAnswers } from './early-answers.ts';
export { XSRF_COOKIE, XSRF_HEADER, readCookie } from './xsrf.ts';

type RequestBody = Record<string, unknown>;

/** What a `binary` call resolves with: the bytes (typed by the answer's Content-Type) and its Content-Disposition. */
export type BinaryAnswer = { blob: Blob; disposition: string | null };

const TIMEOUT_REASON = 'portal-request-timeout';

function storedTokens(): string[] {
  const user = getCurrentUser();
  return [user?.AccessToken, user?.RegistrationToken, user?.VerificationToken].filter(
    (t): t is string => typeof t === 'string',
  );
}

function currentToken(): string | undefined {
  return storedTokens()[0];
}

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

async function send(endpoint: Call, body: RequestBody, options: RequestOptions): Promise<unknown> {
  const controller = new AbortController();
  const timeoutMs = options.timeoutMs ?? LIMITS.requestTimeoutMs;
  const timer = setTimeout(() => controller.abort(TIMEOUT_REASON), timeoutMs);
  const onCallerAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const timedOut = () => controller.signal.aborted && controller.signal.reason === TIMEOUT_REASON;

  try {
    const headers: Record<string, string> = { Accept: options.binary ? '*/*' : 'application/json' };
    const init: RequestInit = {
      method: endpoint.method,
      credentials: 'same-origin',
      cache: 'no-store',
      headers,
      signal: controller.signal,
    };
    if (options.keepalive) init.keepalive = true;

    let sentToken: string | undefined;
    if (endpoint.method !== 'GET') {
      await ensureXsrfCookie();
      const payload: RequestBody = { ...body };
      if (options.token !== undefined) payload.AccessToken = options.token;
      else if (options.withToken !== false && (payload.AccessToken === undefined || payload.AccessToken === null)) {
        const token = currentToken();
        if (token) payload.AccessToken = token;
        else delete payload.AccessToken;
      }
      sentToken = typeof payload.AccessToken === 'string' ? payload.AccessToken : undefined;
      headers['Content-Type'] = 'application/json';
      const xsrf = readCookie(XSRF_COOKIE);
      if (xsrf) headers[XSRF_HEADER] = xsrf;
      init.body = JSON.stringify(payload);
    }

    // A lazily loaded response schema downloads while the call is in flight.
    const check = options.binary ? undefined : responseCheck(endpoint);
    check?.catch(() => undefined); // handled where it is awaited
    // The server counts idleness from when it saw the call, not from its answer (a slow
    // upload): the browser's idle clock starts from the sending too.
    const sentAt = Date.now();
    let response: Response;
    try {
      response = await fetch(endpoint.path, init);
    } catch (error) {
      if (timedOut()) throw new RequestError('timeout', []);
      if (isAbortError(error) || controller.signal.aborted) throw error;
      throw unreachable();
    }

    if (options.binary && response.status === 200) {
      let blob: Blob;
      try {
        blob = await response.blob();
      } catch (error) {
        if (timedOut()) throw new RequestError('timeout', [], 200);
        if (isAbortError(error) || controller.signal.aborted) throw error;
        throw unreachable();
      }
      if (endpoint.auth !== 'public' && options.token === undefined) markAuthenticatedActivity(sentAt);
      const answer: BinaryAnswer = { blob, disposition: response.headers.get('Content-Disposition') };
      return answer;
    }

    const json = await readJson(response).catch(() => ({ ok: false as const }));
    if (timedOut()) throw new RequestError('timeout', [], response.status);

    if (response.status === 200) {
      if (!json.ok) {
        throw new RequestError(
          'syntax',
          [{ Number: ErrorNumber.SyntaxError, Message: 'The response could not be read.' }],
          200,
        );
      }
      const parsed = (await (check ?? responseCheck(endpoint))).safeParse(json.value);
      if (!parsed.success) {
        throw new RequestError(
          'syntax',
          [{ Number: ErrorNumber.SyntaxError, Message: 'The response was not in the expected form.' }],
          200,
        );
      }
      if (endpoint.auth !== 'public' && options.token === undefined) markAuthenticatedActivity(sentAt);
      return parsed.data;
    }

    if (response.status === 415) {
      throw new RequestError(
        'unprocessable',
        [{ Number: ErrorNumber.UnprocessableRequest, Message: CLIENT_MESSAGES.unprocessableRequest }],
        415,
      );
    }

    // HTTP 225 (or any other status that still carries the list): the error list.
    const items = json.ok ? await readErrorList(json.value) : undefined;
    if (!items || items.length === 0) {
      throw new RequestError(
        'unavailable',
        [{ Number: ErrorNumber.EndpointNotAvailable, Message: 'endpoint not available' }],
        response.status,
      );
    }
    const first = items[0];
    if (first && isTokenExpiredNumber(first.Number) && options.token === undefined && !options.keepSession) {
      // A late answer for a session that has already been replaced must not end the new one.
      const stale = sentToken !== undefined && !storedTokens().includes(sentToken);
      if (!stale) throw new RequestError('server', items, response.status, true);
    }
    throw new RequestError('server', items, response.status);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}

/**
 * Sends a call and answers its body, checked against the call's response schema; `call` types it.
 * `early`: the key of an answer that may already be on its way (./early-answers.ts), taken instead
 * of sending; the alert, the loading message and a forced sign-out are this call's as ever.
 */
async function request(endpoint: Call, body: RequestBody, options: RequestOptions, early?: string): Promise<unknown> {
  const done = options.loadingMessage ? startLoading(options.loadingMessage) : undefined;
  try {
    return await ((early ? takeEarlyAnswer(early) : undefined) ?? send(endpoint, body, options));
  } catch (error) {
    if (!(error instanceof RequestError)) {
      if (isAbortError(error)) throw error;
      // Anything else is a fault in this code: the script error of spec 000 §8.
      const failure = new RequestError('network', [{ Number: ErrorNumber.ScriptError, Message: String(error) }]);
      if (!options.silent) showAlert(failure.entries);
      throw failure;
    }
    if (!error.forcedLogout && !options.silent) showAlert(error.entries);
    throw error;
  } finally {
    done?.();
  }
}

/** '/api/content/:name' with { name: 'terms' } → '/api/content/terms'. */
function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  if (!params) return path;
  return path.replace(/:([A-Za-z]+)/g, (whole, key: string) =>
    key in params ? encodeURIComponent(String(params[key])) : whole,
  );
}

function withQuery(path: string, query: Record<string, unknown> | undefined): string {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * Calls the endpoint `name` of the contracts' table; resolves with its checked answer. Untyped:
 * callers use ./call.ts, which types it by the endpoint table and signs out on an ended session.
 */
export type RequestCallOptions = Omit<RequestOptions, 'binary'> & {
  binary?: boolean;
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  check?: ResponseCheck;
};

export function requestCall(
  name: EndpointName,
  body: Record<string, unknown>,
  options: RequestCallOptions = {},
): Promise<unknown> {
  const { params, query, check, ...rest } = options;
  const route = ROUTES[name];
  const path = withQuery(fillPath(route.path, params), query);
  const response = check ?? (() => loadEndpoint(name).then((endpoint) => endpoint.response));
  // A download or a call with a token of its own never takes an answer sent for the session.
  const early = rest.binary || rest.token !== undefined ? undefined : earlyKey(name, path, currentToken(), body);
  return request({ ...route, path, response }, body, rest, early);
}

/**
 * Sends a read now, for the page's own call of it to take (./early-answers.ts): a page's first
 * reads, started as the app starts (app/first-reads.ts). Once per read while it is held.
 */
export function startEarly(
  name: EndpointName,
  body: Record<string, unknown> = {},
  { params, query }: Pick<RequestCallOptions, 'params' | 'query'> = {},
): void {
  const route = ROUTES[name];
  const path = withQuery(fillPath(route.path, params), query);
  const key = earlyKey(name, path, currentToken(), body);
  if (isHeld(key)) return;
  const response = () => loadEndpoint(name).then((endpoint) => endpoint.response);
  holdEarlyAnswer(key, send({ ...route, path, response }, body, {}));
}
