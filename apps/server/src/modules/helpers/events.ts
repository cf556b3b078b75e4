/**
 * The claims system hears who may act on a claim (decision 041): a `helper-change` event for each
 * grant that starts or ends (accepted, ended by the claimant, left by the helper, removed with
 * everyone, past its last day). Invitations never taken give no access and send nothing. Its own
 * appointments it hears of from the start (appointed, changed), with their Ref and Basis, and
 * before the helper has taken the link (HelperReference null).
 */
import type { Db } from '../../db/database.ts';
import { queueForProvider } from '../provider/outbox.ts';
import type { GrantRow } from './repository.ts';

export type HelperChange = 'appointed' | 'changed' | 'accepted' | 'ended' | 'left' | 'removed-all' | 'lapsed';

export async function queueHelperChanges(
  db: Db,
  grants: readonly GrantRow[],
  change: HelperChange,
  now: number,
  helperAccountId?: string,
): Promise<void> {
  for (const g of grants) {
    const helper = helperAccountId ?? g.helper_account_id;
    if (!helper && g.provider_ref === null) continue;
    await queueForProvider(db, {
      claimId: g.claim_id,
      kind: 'helper-change',
      payload: {
        Change: change,
        HelperReference: helper,
        Name: g.helper_name,
        Scope: g.scope,
        EndsOn: g.ends_on,
        ...(g.provider_ref === null ? {} : { Ref: g.provider_ref }),
        ...(g.basis === null ? {} : { Basis: g.basis }),
      },
      now,
    });
  }
}
