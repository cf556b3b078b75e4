/**
 * The claims system hears who may act on a claim (decision 041): a `helper-change` event for each
 * invitation made or withdrawn and each grant that starts, changes or ends (accepted, changed by
 * the claimant, ended by the claimant, left by the helper, removed with everyone, past its last
 * day). Its own appointments it hears of from the start (appointed, changed), with their Ref and
 * Basis. Until a link is taken the helper has no account: HelperReference is null.
 */
import type { Db } from '../../db/database.ts';
import { queueForProvider } from '../provider/outbox.ts';
import type { GrantRow } from './repository.ts';

import type { HELPER_CHANGES } from '@portal/contracts';

export type HelperChange = (typeof HELPER_CHANGES)[number];

export async function queueHelperChanges(
  db: Db,
  grants: readonly GrantRow[],
  change: HelperChange,
  now: number,
  helperAccountId?: string,
): Promise<void> {
  for (const g of grants) {
    const helper = helperAccountId ?? g.helper_account_id;
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
