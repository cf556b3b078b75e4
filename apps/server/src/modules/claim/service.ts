import { ErrorNumber, type Claim } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { selectClaimForSession, type AuthContext } from '../session/service.ts';
import { tag } from '../../lib/read-cache.ts';
import * as repo from './repository.ts';
import { melbourneToday } from '../helpers/access.ts';
import { listHelping } from '../helpers/repository.ts';

/**
 * The claimant's claims, from the read cache (decision 031): dropped when the claims system
 * changes the claimant (provider upsertClaimant, the only writer of claims after the seed).
 */
async function claimsOf(deps: Deps, claimantId: string) {
  return (
    (await deps.reads.read(`claims:${claimantId}`, async () => ({
      value: await repo.listClaims(deps.db, claimantId),
      tags: [tag.claimant(claimantId)],
    }))) ?? []
  );
}

/**
 * The claims this account helps with today (decision 041), from the read cache (decision 031),
 * asked on every getclaims: tagged by the helper's account (a grant taken: acceptInvitation), by
 * each claim's helpers (a grant ended or changed, in every process as a sign-out is) and by each
 * claimant (their name, the claim's date and place: the claims system's upsert); today is in the
 * key, so a grant's last day ends it by itself.
 */
async function helpingOf(deps: Deps, accountId: string) {
  const today = melbourneToday(deps.clock.now());
  return (
    (await deps.reads.read(`helping:${accountId}:${today}`, async () => {
      const rows = await listHelping(deps.db, accountId, today);
      const tags = rows.flatMap((g) => [tag.helpers(g.claim_id), tag.claimant(g.claimant_id)]);
      return { value: rows, tags: [tag.helping(accountId), ...tags] };
    })) ?? []
  );
}

/**
 * The State Trustees and bank-edit flags that apply to the claimant's bank details: over every
 * claim of theirs, whichever is selected. The bank details belong to the claimant, not to a claim,
 * so the strictest claim wins: one claim managed by the State Trustees, or with bank edits
 * disallowed, locks them for all. From the cached claims.
 */
export async function findBankFlags(deps: Deps, claimantId: string) {
  const claims = await claimsOf(deps, claimantId);
  return {
    trustee: claims.some((c) => Number(c.is_state_trustee) === 1),
    bankEditAllowed: claims.every((c) => Number(c.bank_edit_allowed) === 1),
  };
}

/** One of the claimant's own claims, by its number. */
export async function findOwnClaim(deps: Deps, claimantId: string, number: string) {
  return (await claimsOf(deps, claimantId)).find((c) => c.number === number);
}

/** The claimant's own claims, then those they help with (decision 041), each marked with whose it is. */
export async function findClaims(deps: Deps, auth: AuthContext): Promise<Claim[]> {
  const [rows, helping] = await Promise.all([claimsOf(deps, auth.claimantId), helpingOf(deps, auth.accountId)]);
  return [
    ...rows.map((c) => ({
      Number: c.number,
      Date: c.accident_date,
      Location: c.location,
      Selected: c.id === auth.selectedClaimId,
    })),
    ...helping.map((g) => ({
      Number: g.claim_number,
      Date: g.accident_date,
      Location: g.location,
      Selected: g.claim_id === auth.helpingClaimId,
      Helping: { HelperId: g.id, ClaimantName: `${g.first_name} ${g.surname}`, Scope: g.scope },
    })),
  ];
}

/**
 * Selects one of the claimant's own claims, or one they help with now; anybody else's number
 * answers "not found", alike.
 */
export async function selectClaim(deps: Deps, auth: AuthContext, number: string): Promise<true> {
  const claim =
    (await claimsOf(deps, auth.claimantId)).find((c) => c.number === number) ??
    (await helpingOf(deps, auth.accountId))
      .map((g) => ({ id: g.claim_id, number: g.claim_number }))
      .find((c) => c.number === number);
  if (!claim) throw new AppError(ErrorNumber.NotFound);
  await selectClaimForSession(deps, auth.sessionId, claim.id);
  return true;
}

export async function deselectClaim(deps: Deps, auth: AuthContext): Promise<true> {
  await selectClaimForSession(deps, auth.sessionId, null);
  return true;
}
