/**
 * What a call's 200 answer and 225 list are checked with, loaded without zod up front (the /login
 * JavaScript budget): a call's response schema may be a loader, and the schemas come one area at a
 * time (`loadEndpoint`): the contracts list each call's area (ENDPOINT_AREAS), and each area's
 * table is its own chunk (./endpoint-schemas/), downloaded and built when a call of that area is
 * first made — /claim's first view builds the schemas of the calls it makes, not the whole API's
 * (decision 016). The error list's schema is a chunk of its own, loaded when a 225 first arrives.
 */
import {
  ErrorNumber,
  endpointArea,
  type ENDPOINTS,
  type EndpointArea,
  type ErrorItem,
  type Route,
} from '@portal/contracts';
import type * as ErrorListModule from './endpoint-schemas/error-list.ts';
import { RequestError } from './request-error.ts';

/** What a 200 answer is checked with: a contract schema (or the same check written without zod). */
export type ResponseCheck = {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false };
};

/**
 * A call: its route, and its response schema — or a loader of it, so that a page can make the
 * call without downloading zod first (the loader is started as the call is sent).
 */
export type Call = Route & { response: ResponseCheck | (() => Promise<ResponseCheck>) };

type Endpoints = typeof ENDPOINTS;
type AreaModule = { endpoints: Partial<Endpoints> };

/** Each area's chunk. A new area in the contracts is a type error here until it has its chunk. */
const AREAS: Record<EndpointArea, () => Promise<AreaModule>> = {
  account: () => import('./endpoint-schemas/account.ts'),
  forms: () => import('./endpoint-schemas/forms.ts'),
  messages: () => import('./endpoint-schemas/messages.ts'),
  payments: () => import('./endpoint-schemas/payments.ts'),
  content: () => import('./endpoint-schemas/content.ts'),
  signIn: () => import('./endpoint-schemas/sign-in.ts'),
  security: () => import('./endpoint-schemas/security.ts'),
  analytics: () => import('./endpoint-schemas/analytics.ts'),
  helpers: () => import('./endpoint-schemas/helpers.ts'),
};

const loading = new Map<EndpointArea, Promise<AreaModule>>();

/** An area's chunk, loaded once; a failed download is tried again by the next call. */
function loadArea(area: EndpointArea): Promise<AreaModule> {
  let promise = loading.get(area);
  if (!promise) {
    promise = AREAS[area]().catch((error: unknown) => {
      loading.delete(area);
      throw error;
    });
    loading.set(area, promise);
  }
  return promise;
}

/** A call's endpoint with its schemas (ENDPOINTS[name]), from its area's chunk. */
export async function loadEndpoint<K extends keyof Endpoints>(name: K): Promise<Endpoints[K]> {
  const area = endpointArea(name);
  const { endpoints } = await loadArea(area);
  const endpoint = endpoints[name];
  if (!endpoint) throw new Error(`The ${area} schemas have no call ${name}.`);
  return endpoint;
}

let errorList: Promise<typeof ErrorListModule> | undefined;

function loadErrorList() {
  errorList ??= import('./endpoint-schemas/error-list.ts').catch((error: unknown) => {
    errorList = undefined;
    throw error;
  });
  return errorList;
}

export async function readJson(response: Response): Promise<{ ok: true; value: unknown } | { ok: false }> {
  try {
    const text = await response.text();
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** A download this call needs (a schema chunk) failed: the same as the service being unreachable. */
export function unreachable(): RequestError {
  return new RequestError('network', [
    {
      Number: ErrorNumber.ScriptError,
      Message: 'The service could not be reached. Please check your internet connection.',
    },
  ]);
}

export async function responseCheck(endpoint: Call): Promise<ResponseCheck> {
  const { response } = endpoint;
  if (typeof response !== 'function') return response;
  try {
    return await response();
  } catch {
    throw unreachable();
  }
}

export async function readErrorList(value: unknown): Promise<ErrorItem[] | undefined> {
  let schema;
  try {
    ({ ErrorList: schema } = await loadErrorList());
  } catch {
    throw unreachable();
  }
  const list = schema.safeParse(value);
  return list.success ? list.data : undefined;
}
