/**
 * The reimbursement claim (spec 001 Reimbursement form and rules; issue #6): submitted from its
 * draft once, idempotently, with its files; recorded as a sent item in words and queued for the
 * provider as structured data (each receipt, the total, the payee). Someone else's account
 * number is sealed (AES-GCM) wherever it is stored — in the form and in the outbox — and is
 * only unsealed when the event is delivered to the claims system.
 */
import {
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
} from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { newId, payeeSealedAt } from '../../lib/crypto.ts';
import { findBankName } from '../bsb/service.ts';
import { queueForProvider } from '../provider/outbox.ts';
import type { AuthContext } from '../session/service.ts';
import * as repo from './repository.ts';

type Input = { formId: string; idempotencyKey: string; payOther: 0 | 1 | 2; payee: Payee | undefined; receipts: Receipt[]; documents: { FileID: string }[] };

const PAYEE_KIND = { 0: 'claimant', 1: 'someone-else', 2: 'provider' } as const;

async function payeeOf(deps: Deps, auth: AuthContext, input: Input): Promise<{ items: ErrorItem[]; payee: Record<string, unknown>; words: string }> {
  const items: ErrorItem[] = [];
  if (input.payOther === PayOther.Me) {
    const own = await repo.findOwnBankDetails(deps.db, auth.claimantId);
    if (!own?.bank_bsb || !own.bank_account_last4) {
      items.push({ Number: ErrorNumber.Validation, Message: MESSAGES.bankDetailsNotFound, Field: 'PayOther' });
      return { items, payee: {}, words: '' };
    }
    return {
      items,
      payee: { Kind: PAYEE_KIND[0], BankName: own.bank_name, BankAccName: own.bank_account_name, BankBSB: own.bank_bsb, BankAccNoLast4: own.bank_account_last4 },
      words: `Pay me: ${own.bank_account_name ?? ''}, BSB ${own.bank_bsb}, account ending ${own.bank_account_last4}`,
    };
  }
  if (input.payOther === PayOther.Provider) return { items, payee: { Kind: PAYEE_KIND[2] }, words: 'Pay my provider' };
  const p = input.payee as Payee;
  const { BankName } = await findBankName(deps, p.BankBSB);
  if (!BankName) items.push({ Number: ErrorNumber.Validation, Message: MESSAGES.bsbInvalid, Field: 'Payee.BankBSB' });
  const last4 = p.BankAccNo.slice(-4);
  return {
    items,
    payee: {
      Kind: PAYEE_KIND[1],
      Name: p.PaymentName, Address: p.PaymentAddress, Email: p.PaymentEmail, Phone: p.PaymentPhone, Relationship: p.PaymentRelationship,
      BankName, BankAccName: p.BankAccName, BankBSB: p.BankBSB, BankAccNoLast4: last4,
      BankAccNoSealed: deps.cipher.encrypt(p.BankAccNo, payeeSealedAt(input.formId)),
    },
    words: `Pay ${p.PaymentName} (${p.PaymentRelationship}): ${p.BankAccName}, BSB ${p.BankBSB}, account ending ${last4}`,
  };
}

export async function submitReimbursement(deps: Deps, auth: AuthContext, claimId: string, input: Input): Promise<{ SentItemId: string }> {
  const earlier = await repo.findByIdempotencyKey(deps.db, auth.accountId, input.idempotencyKey);
  if (earlier) {
    const sent = await repo.findSentItemOfForm(deps.db, earlier.id);
    if (sent) return { SentItemId: sent.id };
  }
  const form = await repo.findOwnForm(deps.db, input.formId, auth.accountId, claimId);
  if (!form || form.form_type !== 'reimbursement') throw new AppError(ErrorNumber.NotFound);
  if (form.status === 'submitted') throw new AppError(ErrorNumber.FormAlreadySubmitted);
  const ids = input.documents.map((d) => d.FileID);
  const files = await repo.findUnsentFiles(deps.db, auth.accountId, claimId, ids);
  if (files.length !== new Set(ids).size) throw new AppError(ErrorNumber.NotFound);
  const { items, payee, words } = await payeeOf(deps, auth, input);
  if (items.length) throw AppError.list(items);

  const total = input.receipts.reduce((sum, r) => sum + amountCents(receiptAmount(r)), 0);
  const receipts = input.receipts.map((r) => ({ ...r, Amount: receiptAmount(r), Description: describeReceipt(r as unknown as Record<string, string> & { Kind: Receipt['Kind'] }) }));
  const summary = `${receipts.length} receipt${receipts.length === 1 ? '' : 's'}, total ${formatCents(total)}`;
  const message = [...receipts.map((r) => r.Description), words].join('\n\n');
  const data = JSON.stringify({ PayOther: input.payOther, Payee: payee, Receipts: receipts, Total: formatCents(total), Documents: files.map((f) => ({ Filename: f.original_name, FileID: f.id })) });
  const now = deps.clock.now();
  const sentItemId = newId();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.markSubmitted(trx, form.id, data, input.idempotencyKey, now))) throw new AppError(ErrorNumber.FormAlreadySubmitted);
    await repo.attachFiles(trx, form.id, ids, now);
    await repo.insertSentItem(trx, {
      id: sentItemId, account_id: auth.accountId, claim_id: claimId, form_id: form.id, type_item: 'Reimbursement',
      subject_main: 'Reimbursement', subject_other: summary, message, created_at: now,
    });
    await queueForProvider(trx, {
      claimId,
      kind: 'reimbursement',
      payload: { FormId: form.id, SentItemId: sentItemId, Payee: payee, Receipts: receipts, Total: formatCents(total), TotalCents: total, Files: files.map((f) => ({ FileId: f.id, Filename: f.original_name })) },
      now,
    });
  });
  return { SentItemId: sentItemId };
}
