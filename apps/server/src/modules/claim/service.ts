import { ErrorNumber, type Claim } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { selectClaimForSession, type AuthContext } from '../session/service.ts';
import * as repo from './repository.ts';

export async function findClaims(deps: Deps, auth: AuthContext): Promise<Claim[]> {
  const rows = await repo.listClaims(deps.db, auth.claimantId);
  return rows.map((c) => ({
    Number: c.number,
    Date: c.accident_date,
    Location: c.location,
    Selected: c.id === auth.selectedClaimId,
  }));
}

/** Selects one of the claimant's own claims; anybody else's number answers "not found". */
export async function selectClaim(deps: Deps, auth: AuthContext, number: string): Promise<true> {
  const claim = await repo.findClaimByNumber(deps.db, auth.claimantId, number);
  if (!claim) throw new AppError(ErrorNumber.NotFound);
  await selectClaimForSession(deps, auth.sessionId, claim.id);
  return true;
}

export async function deselectClaim(deps: Deps, auth: AuthContext): Promise<true> {
  await selectClaimForSession(deps, auth.sessionId, null);
  return true;
}
