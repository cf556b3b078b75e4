/**
 * What every change of the claimant's own details does besides the change itself: the secure
 * token of its CodeType spent once, and the audit row, the provider's event and the notice, in the
 * change's transaction (updates.ts, contact-details.ts).
 */
import { ErrorNumber, type ACCOUNT_CHANGES } from '@portal/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { consumeSecureToken } from '../access-code/sign-in.ts';
import { recordAudit, type Change } from '../audit/repository.ts';
import type { Channel } from '../../notify/transports.ts';
import { queueAccountChange } from '../provider/outbox.ts';
import type { AuthContext } from '../session/service.ts';
import { queueSecurityNotice, type SecurityChange } from './security-notice.ts';

export async function requireSecureToken(
  deps: Deps,
  auth: AuthContext,
  token: string | undefined,
  codeType: number,
): Promise<void> {
  if (!token || !(await consumeSecureToken(deps, auth, token, codeType)))
    throw new AppError(ErrorNumber.SecureTokenRequired);
}

const NOTICE: Record<(typeof ACCOUNT_CHANGES)[number], SecurityChange> = {
  preferences: 'notification preferences',
  password: 'password',
  'bank-details': 'bank details',
  'contact-details': 'contact details',
};

/**
 * Every change of the claimant's details (their own, or a helper's for them): audited, sent to the
 * provider as an event (masked), and told to the claimant on every channel on record — and on the
 * old e-mail or mobile when that is what changed — in the change's transaction
 * (modules/account/security-notice.ts).
 */
export async function recordChange(
  deps: Deps,
  trx: Transaction<Database>,
  auth: AuthContext,
  change: {
    claimantId: string;
    kind: keyof typeof NOTICE;
    changes: Record<string, Change>;
    now: number;
    oldContacts?: { channel: Channel; to: string }[];
  },
): Promise<void> {
  const { claimantId, kind, changes, now } = change;
  if (Object.keys(changes).length === 0) return;
  await recordAudit(trx, { accountId: auth.accountId, sessionId: auth.sessionId, kind, changes, at: now });
  // A helper with Act changing the claimant's contact details (decision 041): both hear who did it.
  const helper = auth.helper;
  await queueAccountChange(trx, {
    claimantId,
    selectedClaimId: auth.selectedClaimId,
    kind,
    changes,
    now,
    ...(helper ? { actedBy: { HelperReference: helper.accountId, Name: helper.name } } : {}),
  });
  await queueSecurityNotice(deps, trx, now, {
    accountId: auth.accountId,
    change: NOTICE[kind],
    alsoTo: change.oldContacts ?? [],
    ...(helper ? { by: helper.name } : {}),
  });
}
