/**
 * Who may make a claim call (decision 041): the claimant whose claim it is, or a helper of that
 * claim whose scope reaches the call's declared level (routes.ts `helper`). Decided once per
 * request from the matched route (session/endpoint.ts, and the upload routes outside the table),
 * never from the URL. A call without a level refuses every helper.
 */
import {
  ErrorNumber,
  catalogueMessage,
  fillMessage,
  isoToday,
  scopeReaches,
  type HelperLevel,
} from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { tag } from '../../lib/read-cache.ts';
import { recordAudit } from '../audit/repository.ts';
import { hasFactor } from '../security/factor-change.ts';
import type { AuthContext } from '../session/service.ts';
import { queueHelperChanges } from './events.ts';
import * as repo from './repository.ts';

/**
 * Today in Melbourne, 'yyyy-mm-dd': an end date is the last day of access there. The contracts'
 * isoToday formats with a formatter made once: making one here on every call (every getclaims
 * asks) was a fifth of the server's CPU time under the API mix (bench/profile-summary.ts).
 */
export function melbourneToday(now: number): string {
  return isoToday(new Date(now));
}

/** Has the grant's last day passed? It then ends by itself, whether or not a request has ended it yet. */
export function hasLapsed(grant: { ends_on: string | null }, now: number): boolean {
  return grant.ends_on !== null && grant.ends_on < melbourneToday(now);
}

/**
 * This helper's grant on this claim: from the read cache (decision 031), tagged with the claim's
 * helpers, so ending a grant reaches every process as a sign-out does.
 */
function activeGrant(deps: Deps, helperAccountId: string, claimId: string) {
  return deps.reads.read(`helper-grant:${helperAccountId}:${claimId}`, async () => {
    const g = await repo.findActiveGrant(deps.db, helperAccountId, claimId);
    return g && { value: g, tags: [tag.helpers(claimId), tag.account(helperAccountId)] };
  });
}

/**
 * The context a claim call runs in: the caller's own when the selected claim is theirs; the
 * claimant's, marked with the helper, when the caller helps with it and the scope reaches
 * `level`. Another claim answers "not found", as selecting it does.
 */
export async function claimAccess(deps: Deps, auth: AuthContext, level: HelperLevel | undefined): Promise<AuthContext> {
  if (auth.selectedClaimId) return auth;
  const claimId = auth.helpingClaimId;
  if (!claimId) throw new AppError(ErrorNumber.NoClaimSelected);
  const grant = await activeGrant(deps, auth.accountId, claimId);
  if (!grant) throw new AppError(ErrorNumber.NotFound);
  const now = deps.clock.now();
  if (hasLapsed(grant, now)) {
    await queueHelperChanges(deps.db, await repo.endGrants(deps.db, { id: grant.id }, ['active'], now), 'lapsed', now);
    await deps.reads.changed(tag.helpers(claimId));
    throw new AppError(ErrorNumber.NotFound);
  }
  // Act reaches what only the claimant could do: the helper proves it is them with a factor of
  // their own (a passkey or an authenticator app), on every call, not a password alone.
  if (grant.scope === 'Act' && !(await hasFactor(deps.db, auth.accountId)))
    throw new AppError(
      ErrorNumber.ActNeedsSecondFactor,
      fillMessage(catalogueMessage(ErrorNumber.ActNeedsSecondFactor), { name: grant.first_name }),
    );
  // The rule the web app offers by, from the same table (contracts routes.ts).
  if (!scopeReaches(grant.scope, level)) throw new AppError(ErrorNumber.NotForHelpers);
  return {
    ...auth,
    accountId: grant.claimant_account_id,
    claimantId: grant.claimant_id,
    selectedClaimId: claimId,
    helpingClaimId: null,
    helper: {
      grantId: grant.id,
      accountId: auth.accountId,
      claimantId: auth.claimantId,
      name: grant.helper_name,
      scope: grant.scope,
    },
  };
}

/** A helper's call, recorded on the claimant's trail as done by the helper for them. */
export async function recordHelperCall(deps: Deps, auth: AuthContext, call: string): Promise<void> {
  if (!auth.helper) return;
  await recordAudit(deps.db, {
    accountId: auth.accountId,
    sessionId: auth.sessionId,
    kind: `helper:${call}`,
    changes: {},
    at: deps.clock.now(),
    actingHelperId: auth.helper.accountId,
  });
}
