/**
 * The reimbursement claim (spec 001 Reimbursement form and rules): sent from its draft on the
 * submission path with its files; recorded as a sent item in words and queued for the
 * provider as structured data (each receipt, the total, the payee). Someone else's account
 * number is sealed (AES-GCM) wherever it is stored — in the form and in the outbox — and is
 * only unsealed when the event is delivered to the claims system.
 */
import {
  bsbNotFound,
  ErrorNumber,
  MESSAGES,
  PayOther,
  amountCents,
  describeReceipt,
  formatCents,
  receiptAmount,
  type ErrorItem,
  type Payee,
  type Receipt,
  type SubmitReimbursementRequest,
} from '@portal/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { payeeSealedAt } from '../../lib/crypto.ts';
import { findBankName } from '../bsb/service.ts';
import type { StoredEventData } from '../provider/outbox.ts';
import * as forms from '../forms/repository.ts';
import type { AuthContext } from '../session/service.ts';
import * as repo from './repository.ts';
import { fileList, submitForm } from './submit-form.ts';

type Body = z.output<typeof SubmitReimbursementRequest>;

const PAYEE_KIND = { 0: 'claimant', 1: 'someone-else', 2: 'provider' } as const;

async function payeeOf(
  deps: Deps,
  auth: AuthContext,
  claimId: string,
  body: Body,
): Promise<{ items: ErrorItem[]; payee: StoredEventData<'reimbursement'>['Payee']; words: string }> {
  const items: ErrorItem[] = [];
  if (body.PayOther === PayOther.Me) {
    const own = await repo.findOwnBankDetails(deps.db, auth.claimantId, claimId);
    if (!own?.bank_bsb || !own.bank_account_last4) {
      // A trustee claim cannot add bank details in My Details: the spec's text would be a dead end (decision 027).
      const message = own?.is_state_trustee ? MESSAGES.bankDetailsNotFoundStateTrustee : MESSAGES.bankDetailsNotFound;
      throw AppError.list([{ Number: ErrorNumber.Validation, Message: message, Field: 'PayOther' }]);
    }
    return {
      items,
      payee: {
        Kind: PAYEE_KIND[0],
        BankName: own.bank_name,
        BankAccName: own.bank_account_name,
        BankBSB: own.bank_bsb,
        BankAccNoLast4: own.bank_account_last4,
      },
      words: `You: ${own.bank_account_name ?? ''}, BSB ${own.bank_bsb}, account ending ${own.bank_account_last4}`,
    };
  }
  if (body.PayOther === PayOther.Provider) return { items, payee: { Kind: PAYEE_KIND[2] }, words: 'Your provider' };
  const p = body.Payee as Payee;
  const { BankName } = await findBankName(deps, p.BankBSB);
  if (!BankName)
    items.push({ Number: ErrorNumber.Validation, Message: bsbNotFound(p.BankBSB), Field: 'Payee.BankBSB' });
  const last4 = p.BankAccNo.slice(-4);
  return {
    items,
    payee: {
      Kind: PAYEE_KIND[1],
      Name: p.PaymentName,
      Address: p.PaymentAddress,
      Email: p.PaymentEmail,
      Phone: p.PaymentPhone,
      Relationship: p.PaymentRelationship,
      BankName,
      BankAccName: p.BankAccName,
      BankBSB: p.BankBSB,
      BankAccNoLast4: last4,
      BankAccNoSealed: deps.cipher.encrypt(p.BankAccNo, payeeSealedAt(body.FormId)),
    },
    words: `${p.PaymentName} (${p.PaymentRelationship}): ${p.BankAccName}, BSB ${p.BankBSB}, account ending ${last4}`,
  };
}

export async function submitReimbursement(deps: Deps, auth: AuthContext, claimId: string, body: Body) {
  return submitForm(deps, auth, claimId, 'reimbursement', body, async () => {
    const ids = body.Documents.map((d) => d.FileID);
    const files = await forms.findUnsentFiles(deps.db, auth.accountId, claimId, ids);
    if (files.length !== new Set(ids).size) throw new AppError(ErrorNumber.NotFound);
    const { items, payee, words } = await payeeOf(deps, auth, claimId, body);
    if (items.length) throw AppError.list(items);

    const total = body.Receipts.reduce((sum, r) => sum + amountCents(receiptAmount(r)), 0);
    const receipts = body.Receipts.map((r) => ({
      ...r,
      Amount: receiptAmount(r),
      Description: describeReceipt(r as unknown as Record<string, string> & { Kind: Receipt['Kind'] }),
    }));
    return {
      data: JSON.stringify({
        PayOther: body.PayOther,
        Payee: payee,
        Receipts: receipts,
        Total: formatCents(total),
        Documents: files.map((f) => ({ Filename: f.original_name, FileID: f.id })),
      }),
      files,
      sentItem: {
        type: 'Reimbursement',
        subject: `${receipts.length} receipt${receipts.length === 1 ? '' : 's'}, total ${formatCents(total)}`,
        message: receipts.map((r) => r.Description).join('\n\n'),
        payTo: words,
      },
      event: (submitted) => ({
        kind: 'reimbursement',
        payload: {
          ...submitted,
          Payee: payee,
          Receipts: receipts,
          Total: formatCents(total),
          TotalCents: total,
          Files: fileList(files),
        },
      }),
    };
  });
}
