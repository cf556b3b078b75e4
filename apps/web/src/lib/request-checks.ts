/**
 * What a call's 200 answer and 225 list are checked with, loaded without zod up front (the /login
 * JavaScript budget): a call's response schema may be a loader, and the error list's schema comes
 * in the schemas' chunk, ./endpoint-schemas.ts.
 */
import { ErrorNumber, type ErrorItem, type Route } from '@portal/contracts';
import type * as EndpointSchemas from './endpoint-schemas.ts';
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

type Schemas = typeof EndpointSchemas;
let schemas: Promise<Schemas> | undefined;

/** The schemas' chunk (zod, the endpoint table, the error list); tried again after a failed download. */
export function loadSchemas(): Promise<Schemas> {
  schemas ??= import('./endpoint-schemas.ts').catch((error: unknown) => {
    schemas = undefined;
    throw error;
  });
  return schemas;
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
    ({ ErrorList: schema } = await loadSchemas());
  } catch {
    throw unreachable();
  }
  const list = schema.safeParse(value);
  return list.success ? list.data : undefined;
}
