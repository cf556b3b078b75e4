import { ErrorNumber, type Claim } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { selectClaimForSession, type AuthContext } from '../session/service.ts';
import { tag } from '../../lib/read-cache.ts';
import * as repo from './repository.ts';

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

export async function findClaims(deps: Deps, auth: AuthContext): Promise<Claim[]> {
  const rows = await claimsOf(deps, auth.claimantId);
  return rows.map((c) => ({
    Number: c.number,
    Date: c.accident_date,
    Location: c.location,
    Selected: c.id === auth.selectedClaimId,
  }));
}

/** Selects one of the claimant's own claims; anybody else's number answers "not found". */
export async function selectClaim(deps: Deps, auth: AuthContext, number: string): Promise<true> {
  const claim = (await claimsOf(deps, auth.claimantId)).find((c) => c.number === number);
  if (!claim) throw new AppError(ErrorNumber.NotFound);
  await selectClaimForSession(deps, auth.sessionId, claim.id);
  return true;
}

export async function deselectClaim(deps: Deps, auth: AuthContext): Promise<true> {
  await selectClaimForSession(deps, auth.sessionId, null);
  return true;
}
