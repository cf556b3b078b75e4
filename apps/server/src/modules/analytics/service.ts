import type { Deps } from '../../deps.ts';
import { newId } from '../../lib/crypto.ts';
import { authenticate } from '../session/service.ts';
import { insertPageView } from './repository.ts';

/**
 * First-party page views (no third-party analytics): the path and title, and the account when
 * a valid session sent it. Query strings are dropped so nothing typed into a URL is kept.
 */
export async function recordPageView(
  deps: Deps,
  input: { path: string; title: string; token: string | undefined },
): Promise<true> {
  const accountId = input.token
    ? await authenticate(deps, input.token).then(
        (a) => a.accountId,
        () => null,
      )
    : null;
  await insertPageView(deps.db, {
    id: newId(),
    path: input.path.split(/[?#]/)[0] ?? '/',
    title: input.title,
    accountId,
    at: deps.clock.now(),
  });
  return true;
}
