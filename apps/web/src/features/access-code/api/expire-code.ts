/**
 * POST /api/account/expiresecuritycodewhileloggedin — Cancel on the access-code screen voids the
 * outstanding code for that edit. Silent and best-effort: the claimant is leaving either way, and
 * the code expires on its own after 30 minutes.
 */
import type { CodeTypeValue } from '../../../lib/session/access-code.ts';
import { call } from '../../../lib/request/call.ts';

export async function expireSecureCode(codeType: CodeTypeValue): Promise<void> {
  try {
    await call('expireCodeWhileLoggedIn', { CodeType: codeType }, { silent: true });
  } catch {
    // Best effort (see above).
  }
}
