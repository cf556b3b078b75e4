/**
 * The claimant changes what a helper they invited can do (decision 041): View to Send needs the
 * Security step-up, as inviting does; Send to View needs none, as ending needs none. The change is
 * one conditional update from the scope the claimant saw, with its audit row, the helper's notice
 * and the claims system's event in one transaction; then every process drops the claim's cached
 * grants, so it holds from the helper's next request. The claims system's appointments are its
 * own to change: here they are not found.
 */
import { ErrorNumber, SECURITY_CODE_TYPE, givesMoreAccess, type Helper } from '@portal/contracts';
import type { ChangeHelperRequest } from '@portal/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { tag } from '../../lib/read-cache.ts';
import { consumeSecureToken } from '../access-code/sign-in.ts';
import { recordAudit } from '../audit/repository.ts';
import type { AuthContext } from '../session/service.ts';
import { queueHelperChanges } from './events.ts';
import { queueScopeChangeNotice } from './notice.ts';
import * as repo from './repository.ts';
import { grantState, helperSummary } from './views.ts';

type ChangeInput = z.output<typeof ChangeHelperRequest>;

export async function changeHelper(deps: Deps, auth: AuthContext, input: ChangeInput): Promise<Helper> {
  const now = deps.clock.now();
  const mine = await repo.listGrantsOfClaimant(deps.db, auth.accountId);
  const g = mine.find((x) => x.id === input.Id && x.provider_ref === null && grantState(x, now) !== 'Ended');
  if (!g) throw new AppError(ErrorNumber.NotFound);
  if (g.scope === input.Scope) return helperSummary(g, now);
  // More access is proved as inviting is; the token is spent only when it is needed.
  if (givesMoreAccess(g.scope, input.Scope)) {
    if (!input.SecureToken || !(await consumeSecureToken(deps, auth, input.SecureToken, SECURITY_CODE_TYPE)))
      throw new AppError(ErrorNumber.SecureTokenRequired);
  }
  const changed = await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.changeScope(trx, { id: g.id, claimantAccountId: auth.accountId, from: g.scope, to: input.Scope })))
      return false;
    await recordAudit(trx, {
      accountId: auth.accountId,
      sessionId: auth.sessionId,
      kind: 'helper-scope-changed',
      changes: { scope: { from: g.scope, to: input.Scope } },
      at: now,
    });
    await queueScopeChangeNotice(deps, trx, now, {
      contact: g.invited_contact,
      name: g.helper_name,
      claimNumber: g.claim_number,
      scope: input.Scope,
    });
    await queueHelperChanges(trx, [{ ...g, scope: input.Scope }], 'changed', now);
    return true;
  });
  // Ended (or changed) by another request since it was read: nothing changed here.
  if (!changed) throw new AppError(ErrorNumber.NotFound);
  await deps.reads.changed(tag.helpers(g.claim_id));
  deps.notifier.wake();
  return helperSummary({ ...g, scope: input.Scope }, now);
}
