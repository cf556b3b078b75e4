/**
 * Route guards (spec 000 §4 "Guards"; spec 001 §2), run as loaders before a page renders:
 *
 * - Signed out: every page except the public ones goes to /login.
 * - Signed in on /login (or /login/m): goes to /claims. The spec also says visiting the login page
 *   signs the user out; we let the guard win (a signed-in claimant who opens /login lands on
 *   /claims) and the login page clears any half-finished registration or verification token.
 * - Signed in without a selected claim: every claim page goes to /claims. Public pages (terms,
 *   privacy, …) stay reachable so the side menu's legal links work from /claims.
 *   The one exception: /claim is allowed when the claimant has no claims at all (spec 000 §4
 *   sends a claimant with 0 claims to /claim; without it the two rules would loop).
 * - Helping someone with their claim (decision 041): a page the helper's scope does not reach goes
 *   to /claim (lib/session/helping.ts, from the endpoint table's helper levels).
 * - Registration and recovery pages are for signed-out visitors (a signed-in claimant goes to
 *   /claims: registering or resetting over a live session would replace it).
 * - /activate needs a stored registration token and /verify a sign-in verification token, else
 *   /login. /resetpassword needs a stored forgot-password token, else /login; a signed-in
 *   claimant cannot enter it (spec 000 §4). /sentusername's guard needs route state, which a
 *   loader cannot see: the page itself sends a visitor without it to /login.
 * - /surveyintro, /survey and /surveyoutro need a stored self-assessment token (nidlogin), else
 *   /surveyvalidation. They do not use the claimant's session: signed in or not makes no difference.
 * - Route data `mobile` (the /login/m route) turns app mode on.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { setAppMode } from '../lib/platform/app-mode.ts';
import { isRequestError } from '../lib/request/request-error.ts';
import { getPasswordReset } from '../lib/session/password-reset.ts';
import { getCurrentUser, isSignedIn } from '../lib/session/session.ts';
import { getSurveyToken } from '../lib/session/survey-session.ts';
import { dropEarlyAnswers } from '../lib/request/call.ts';
import { startFirstReads } from './first-reads.ts';
import type { LazyQueryClient } from './lazy-query-client.ts';
import type { RouteMeta } from './route-meta.ts';

export function createGuard(meta: RouteMeta, queryClient: LazyQueryClient) {
  return async function guard({ request }: LoaderFunctionArgs): Promise<null> {
    if (meta.mobile) setAppMode(true);
    const signedIn = isSignedIn();
    switch (meta.access) {
      case 'login':
        if (signedIn) throw redirect('/claims');
        return null;
      case 'signed-out':
        if (signedIn) throw redirect('/claims');
        return null;
      case 'registration':
        if (!getCurrentUser()?.RegistrationToken) throw redirect('/login');
        return null;
      case 'verification':
        if (!getCurrentUser()?.VerificationToken) throw redirect('/login');
        return null;
      case 'reset':
        if (signedIn) throw redirect('/claims');
        if (!getPasswordReset()) throw redirect('/login');
        return null;
      case 'public':
        return null;
      case 'survey':
        if (!getSurveyToken()) throw redirect('/surveyvalidation');
        return null;
      case 'session':
        if (!signedIn) throw redirect('/login');
        return null;
      case 'claim': {
        if (!signedIn) throw redirect('/login');
        let claims;
        try {
          // As the app starts (no query client yet, so nothing cached), the page's first reads
          // set off at once, beside the download of TanStack Query and the contracts' schemas
          // (which the first download of /login does without), rather than a round trip after it;
          // the queries below take their answers. Later, the cache answers.
          if (queryClient.peek() === undefined) startFirstReads(meta, new URL(request.url));
          const [{ claimsQueryOptions }, { accountQueryOptions }, client] = await Promise.all([
            import('../lib/api/get-claims.ts'),
            import('../lib/api/get-account.ts'),
            queryClient.load(),
          ]);
          // Every claim page shows the account (the side menu's name, the claim home's bank banner).
          void client.prefetchQuery(accountQueryOptions);
          claims = await client.ensureQueryData(claimsQueryOptions);
        } catch (error) {
          // A forced logout has already happened for token-expired numbers; anything else:
          // /claims retries and explains.
          dropEarlyAnswers();
          throw redirect(isRequestError(error) && error.forcedLogout ? '/login' : '/claims');
        }
        const pathname = new URL(request.url).pathname;
        const selected = claims.find((claim) => claim.Selected);
        if (!selected && !(pathname === '/claim' && claims.length === 0)) {
          dropEarlyAnswers(); // the page's first reads were of no claim
          throw redirect('/claims');
        }
        // Only a helper's guard needs the scope rules (kept out of the first download of /login).
        if (selected?.Helping && !(await import('../lib/session/helping.ts')).mayOpen(selected.Helping, pathname))
          throw redirect('/claim');
        return null;
      }
    }
  };
}
