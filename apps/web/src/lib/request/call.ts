/**
 * The typed call, as every caller imports it: the types of ./call-types.ts and the request layer's
 * call (./request.ts). An answer saying the session has ended (a token-expired number, the error
 * marked `forcedLogout`) signs the claimant out here, before the caller sees it: lib/session/sign-out.ts,
 * which itself calls the request layer directly, so the two never import each other.
 */
import { ErrorNumber } from '@portal/contracts';
import type { CallAnswer, CallBody, CallOptions, EndpointName, OptionsArgument } from './call-types.ts';
import { requestCall, type BinaryAnswer, type RequestCallOptions } from './request.ts';
import { isRequestError } from './request-error.ts';
import { signOut } from '../session/sign-out.ts';

export type * from './call-types.ts';

/** A file download (downloadfile): a 200 answers the bytes. */
export function call<K extends EndpointName>(
  name: K,
  body: CallBody<K>,
  options: CallOptions<K> & { binary: true },
): Promise<BinaryAnswer>;
/** Calls the endpoint `name` of the contracts' table; resolves with its checked answer. */
export function call<K extends EndpointName>(
  name: K,
  body: CallBody<K>,
  ...options: OptionsArgument<K>
): Promise<CallAnswer<K>>;
export async function call(
  name: EndpointName,
  body: Record<string, unknown>,
  options?: RequestCallOptions,
): Promise<unknown> {
  try {
    return await requestCall(name, body, options);
  } catch (error) {
    if (isRequestError(error) && error.forcedLogout) {
      // 8 is the server's idle time-out: the claimant is told it was inactivity.
      void signOut(error.number === ErrorNumber.SessionIdleExpired ? 'server-idle' : 'expired');
    }
    throw error;
  }
}

/** A page's first reads, sent before the page asks (app/first-reads.ts, ./early-answers.ts). */
export { dropEarlyAnswers, startEarly } from './request.ts';
