/**
 * POST /api/account/updatebankaccountdetails (spec 000 §7): the bank payload plus the secure token
 * of a verified Bank code. Silent: the form shows field errors and alerts the rest.
 */
import { call, type CallAnswer } from '../../../lib/request/call.ts';

export type BankDetailsBody = { AccountName: string; Bsb: string; AccountNumber: string; SecureToken: string };

export function updateBankDetails(body: BankDetailsBody): Promise<CallAnswer<'updateBankDetails'>> {
  return call('updateBankDetails', body, { silent: true, loadingMessage: 'Saving your bank details' });
}
