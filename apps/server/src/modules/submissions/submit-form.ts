/**
 * The one submission path (spec 001 §7) of documents, reimbursement, the authority form, contact us
 * and the personal-details request: the idempotency key, the claimant's own form, "already sent",
 * marking it submitted, its files, the sent item and the provider's copy, in one transaction. Each
 * kind supplies only its check and what it sends (a `Submission`).
 */
import { ErrorNumber, type FormType } from '@portal/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/crypto.ts';
import * as forms from '../forms/repository.ts';
import { attachFiles } from '../uploads/repository.ts';
import { queueHelperSubmissionNotice } from '../helpers/notice.ts';
import { queueForProvider, type QueuedEvent, type StoredEventData, type StoredFile } from '../provider/outbox.ts';
import type { AuthContext } from '../session/service.ts';
import * as repo from './repository.ts';

export type SentFile = { id: string; original_name: string };

/** The form being sent: the claimant's draft, or (authority) one made at the submit. */
export type OpenForm = { id: string; data: string };

/** What a kind of form sends once its check has passed: `data` is the form as sent, `files` the claimant's unsent files with it. */
export type Submission = {
  data: string;
  files: SentFile[];
  /**
   * The sent item: its type (also its subject), the line under the subject, the message and, for
   * a reimbursement, whom it asks us to pay (in words, kept apart so a decline can leave it out).
   */
  sentItem: { type: string; subject: string; message: string; payTo?: string };
  /** The provider's event: its kind, and its payload, which starts with what every submission carries. */
  event: (submitted: SubmittedFields) => Extract<QueuedEvent, { kind: SubmissionEventType }>;
  /** Rows of the kind's own, written in the same transaction (a details request, a signed PDF's file). */
  record?: (trx: Transaction<Database>, formId: string) => Promise<void>;
  /** Undoes what the kind did outside the database (a stored file) when the transaction fails. */
  abandon?: () => Promise<void>;
};

type SubmissionEventType = 'documents' | 'reimbursement' | 'enquiry' | 'authority-form' | 'personal-details-request';
/** What every submission's event carries before the kind's own fields (the contracts' ProviderEvent). */
type SubmittedFields = Pick<StoredEventData<'documents'>, 'FormId' | 'SentItemId' | 'RespondsTo' | 'ActedBy'>;

/** What was sent, by its sent item's type, as the claimant's notice says it. */
const SENT_WORDS: Record<string, string> = {
  Documents: 'documents',
  Reimbursement: 'a reimbursement claim',
  Enquiry: 'a message',
  'Personal details': 'a request to change your personal details',
  'Authority form': 'the authority form',
};
const sentWords = (sentItemType: string) => SENT_WORDS[sentItemType] ?? 'a form';

export const fileList = (files: SentFile[]): StoredFile[] =>
  files.map((f) => ({ FileId: f.id, Filename: f.original_name }));

/** The claimant's own draft of this type, still unsent: another claimant's, or another type, is "not found". */
async function findOpenForm(
  deps: Deps,
  auth: AuthContext,
  claimId: string,
  formType: FormType,
  formId: string,
): Promise<OpenForm> {
  const form = await forms.findOwnForm(deps.db, formId, auth.accountId, claimId);
  if (!form || form.form_type !== formType) throw new AppError(ErrorNumber.NotFound);
  if (form.status === 'submitted') throw new AppError(ErrorNumber.FormAlreadySubmitted);
  return form;
}

/**
 * Sends a form. `FormId` names the draft being sent; without it the form is made, already sent,
 * at the submit. `prepare` checks what needs the database (throwing the kind's errors) and says
 * what is sent.
 */
export async function submitForm(
  deps: Deps,
  auth: AuthContext,
  claimId: string,
  formType: FormType,
  body: { FormId?: string; IdempotencyKey: string; RespondsTo?: string | undefined },
  prepare: (form: OpenForm, now: number) => Promise<Submission>,
): Promise<{ SentItemId: string }> {
  const key = body.IdempotencyKey;
  // The same key answers the same result: a retried request or a double click sends one form.
  const earlier = await repo.findSentItemByKey(deps.db, auth.accountId, key);
  if (earlier) return { SentItemId: earlier.id };
  const draft = body.FormId === undefined ? undefined : await findOpenForm(deps, auth, claimId, formType, body.FormId);
  // What it answers ("more information needed"): one of the claimant's own submissions of this claim.
  if (
    body.RespondsTo !== undefined &&
    !(await repo.findOwnSentItemId(deps.db, auth.accountId, claimId, body.RespondsTo))
  )
    throw new AppError(ErrorNumber.NotFound);
  const form = draft ?? { id: newId(), data: '' };
  const now = deps.clock.now();
  const sent = await prepare(form, now);
  const sentItemId = newId();
  try {
    await deps.db.transaction().execute(async (trx) => {
      if (draft) {
        if (!(await forms.markSubmitted(trx, form.id, sent.data, key, now)))
          throw new AppError(ErrorNumber.FormAlreadySubmitted);
      } else {
        await forms.insertForm(trx, {
          id: form.id,
          account_id: auth.accountId,
          claim_id: claimId,
          form_type: formType,
          status: 'submitted',
          data: sent.data,
          saved_unsubmitted: 0,
          updated_at: now,
          submitted_at: now,
          idempotency_key: key,
        });
      }
      await attachFiles(
        trx,
        form.id,
        sent.files.map((f) => f.id),
        now,
      );
      await sent.record?.(trx, form.id);
      const { type, subject, message, payTo } = sent.sentItem;
      await repo.insertSentItem(trx, {
        id: sentItemId,
        account_id: auth.accountId,
        claim_id: claimId,
        form_id: form.id,
        type_item: type,
        subject_main: type,
        subject_other: subject,
        message,
        created_at: now,
        responds_to: body.RespondsTo ?? null,
        pay_to: payTo ?? '',
        sent_by_helper: auth.helper?.name ?? null,
      });
      const event = sent.event({
        FormId: form.id,
        SentItemId: sentItemId,
        ...(body.RespondsTo === undefined ? {} : { RespondsTo: body.RespondsTo }),
        // Sent by someone who helps the claimant (decision 041): who, for the claims system's record.
        ...(auth.helper ? { ActedBy: { HelperReference: auth.helper.accountId, Name: auth.helper.name } } : {}),
      });
      await queueForProvider(trx, { claimId, ...event, now });
      if (auth.helper)
        await queueHelperSubmissionNotice(deps, trx, now, {
          claimantAccountId: auth.accountId,
          helperName: auth.helper.name,
          sent: sentWords(type),
        });
    });
    if (auth.helper) deps.notifier.wake();
  } catch (e) {
    await sent.abandon?.();
    // A parallel request with the same key won the race: answer what it recorded.
    const winner = await repo.findSentItemByKey(deps.db, auth.accountId, key);
    if (winner) return { SentItemId: winner.id };
    throw e;
  }
  return { SentItemId: sentItemId };
}
