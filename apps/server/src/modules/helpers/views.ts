/**
 * People who help (decision 041), as they are shown: where a grant stands now, the claimant's list
 * (their session's call), and the operator's, which also names each helper's HelperReference (the
 * one `portal helpers end` takes, as the claims system's events do).
 */
import type { Helper } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { maskValue } from '../audit/repository.ts';
import { hasLapsed } from './access.ts';
import * as repo from './repository.ts';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Where a grant stands now: an invitation expired or a grant past its last day has ended. */
export function grantState(g: repo.GrantRow, now: number): Helper['State'] {
  if (hasLapsed(g, now)) return 'Ended';
  if (g.state === 'active') return 'Active';
  return g.state === 'invited' && (g.token_expires_at ?? 0) > now ? 'Invited' : 'Ended';
}

/** One helper as the claimant sees them: the contact masked, the state as of now. */
export function helperSummary(g: repo.GrantRow, now: number): Helper {
  const open = grantState(g, now) === 'Invited';
  return {
    Id: g.id,
    Name: g.helper_name,
    Contact: maskValue(g.invited_contact),
    ClaimNumber: g.claim_number,
    Scope: g.scope,
    State: grantState(g, now),
    EndsOn: g.ends_on,
    InvitationExpiresAt: open ? iso(g.token_expires_at) : null,
    Appointed: g.provider_ref !== null,
  };
}

/** The claimant's helpers, newest first. */
export async function findHelpers(deps: Deps, claimant: { accountId: string }): Promise<Helper[]> {
  const now = deps.clock.now();
  return (await repo.listGrantsOfClaimant(deps.db, claimant.accountId)).map((g) => helperSummary(g, now));
}

/** The operator's `helpers list`: each helper with the HelperReference `helpers end` takes (null until taken). */
export async function findHelpersForOperator(
  deps: Deps,
  claimant: { accountId: string },
): Promise<(Helper & { HelperReference: string | null })[]> {
  const now = deps.clock.now();
  return (await repo.listGrantsOfClaimant(deps.db, claimant.accountId)).map((g) => ({
    ...helperSummary(g, now),
    HelperReference: g.helper_account_id,
  }));
}
