/** The portal account of a claimant named by the claims system's reference, for the commands that act on one. */
import { ClaimantRefParams } from '@portal/contracts';
import type { Deps } from '../deps.ts';
import { CommandError, validate } from './command.ts';

export async function accountOf(deps: Deps, rawRef: string): Promise<{ ref: string; accountId: string }> {
  const { ref } = validate(ClaimantRefParams, { ref: rawRef }, () => 'CLAIMANT_REF');
  const row = await deps.db
    .selectFrom('claimants')
    .leftJoin('accounts', 'accounts.claimant_id', 'claimants.id')
    .select(['claimants.id', 'accounts.id as account_id'])
    .where('claimants.provider_ref', '=', ref)
    .executeTakeFirst();
  if (!row) throw new CommandError(`Claimant ${ref} not found`);
  if (!row.account_id) throw new CommandError(`Claimant ${ref} has no portal account`);
  return { ref, accountId: row.account_id };
}
