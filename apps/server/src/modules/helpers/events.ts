/**
 * The claims system hears who may act on a claim (decision 041): a `helper-change` event for each
 * grant that starts or ends (accepted, ended by the claimant, left by the helper, removed with
 * everyone, past its last day). Invitations never taken give no access and send nothing.
 */
import type { Db } from '../../db/database.ts';
import { queueForProvider } from '../provider/outbox.ts';
import type { GrantRow } from './repository.ts';

export type HelperChange = 'accepted' | 'ended' | 'left' | 'removed-all' | 'lapsed';

export async function queueHelperChanges(
  db: Db,
  grants: readonly GrantRow[],
  change: HelperChange,
  now: number,
  helperAccountId?: string,
): Promise<void> {
  for (const g of grants) {
    const helper = helperAccountId ?? g.helper_account_id;
    if (!helper) continue;
    await queueForProvider(db, {
      claimId: g.claim_id,
      kind: 'helper-change',
      payload: { Change: change, HelperReference: helper, Name: g.helper_name, Scope: g.scope, EndsOn: g.ends_on },
      now,
    });
  }
}
