/**
 * Decisions as the claims system records them through the provider API (and the CLI): where a
 * submission stands or its outcome, with an optional PDF letter. Every check runs before anything
 * is written; a refused request stores nothing. The claimant hears only that there is news.
 */
import { Readable } from 'node:stream';
import type { z } from 'zod';
import { DECIDING_OUTCOMES, amountCents, type DecisionOutcome, type SetDecisionRequest } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/crypto.ts';
import { mimeOf } from '../../storage/file-check.ts';
import type { FileStore, StagedFile } from '../../storage/file-store.ts';
import * as submissions from '../submissions/repository.ts';
import { deleteFileRow, insertFile } from '../uploads/repository.ts';
import { safeFilename, stageChecked } from '../uploads/service.ts';
import { notFound } from '../provider/errors.ts';
import type { Write } from '../provider/idempotency.ts';
import { notifyClaimant } from '../provider/inbox-message.ts';
import { isRealDate, newsNotice, today, unprocessable } from './provider.ts';
import * as decisions from './decisions-repository.ts';
import * as repo from './repository.ts';

type DecisionInput = z.output<typeof SetDecisionRequest>;

/** Where each outcome puts the sent item the claimant sees in Sent Items. */
const SENT_ITEM_STATUS: Record<DecisionOutcome, 'Received' | 'In progress' | 'Completed'> = {
  received: 'Received',
  'in-assessment': 'In progress',
  'more-information-needed': 'In progress',
  approved: 'Completed',
  'partly-approved': 'Completed',
  declined: 'Completed',
};
const RANK: Record<DecisionOutcome, number> = {
  received: 0,
  'in-assessment': 1,
  'more-information-needed': 2,
  approved: 3,
  'partly-approved': 3,
  declined: 3,
};

/** The receipts of a reimbursement as sent: their descriptions and amounts in cents. */
export function receiptsOf(formData: string | undefined): { description: string; cents: number }[] {
  if (!formData) return [];
  try {
    const data = JSON.parse(formData) as { Receipts?: { Description?: string; Amount?: string }[] };
    return (data.Receipts ?? []).map((r) => ({
      description: r.Description ?? '',
      cents: typeof r.Amount === 'string' ? amountCents(r.Amount) : 0,
    }));
  } catch {
    return [];
  }
}

async function checkDecision(deps: Deps, input: DecisionInput, item: { form_id: string; type_item: string }) {
  if (!isRealDate(input.Date)) throw unprocessable('Date', 'Not a calendar date');
  if (input.Date > today(deps)) throw unprocessable('Date', 'An outcome cannot be dated in the future');
  if (input.Outcome === 'more-information-needed') {
    if (!input.Needed) throw unprocessable('Needed', 'Say what is needed');
    if (input.NeededBy === undefined) throw unprocessable('NeededBy', 'Say by when it is needed');
    if (!isRealDate(input.NeededBy) || input.NeededBy < input.Date)
      throw unprocessable('NeededBy', 'A calendar date on or after the outcome date');
  } else if (input.NeededBy !== undefined || input.Needed)
    throw unprocessable('Needed', 'Only when more information is needed');
  if (input.Outcome === 'declined') {
    if (!input.Reason) throw unprocessable('Reason', 'Give the reason in plain words');
    if (!input.Review) throw unprocessable('Review', 'Say how to ask for a review');
    if (input.ReviewBy !== undefined && (!isRealDate(input.ReviewBy) || input.ReviewBy < input.Date))
      throw unprocessable('ReviewBy', 'A calendar date on or after the outcome date');
  } else if (input.ReviewBy !== undefined) throw unprocessable('ReviewBy', 'Only when declined');
  if (input.Outcome === 'partly-approved') {
    if (!input.Reason && input.Lines.every((l) => !l.Reason))
      throw unprocessable('Reason', 'Give the reason in plain words (overall or per line)');
    if (!input.Lines.length) throw unprocessable('Lines', 'Give the amount approved for each receipt line');
  }
  if (input.Lines.length) {
    if (input.Outcome !== 'approved' && input.Outcome !== 'partly-approved')
      throw unprocessable('Lines', 'Only an approval has receipt lines');
    if (item.type_item !== 'Reimbursement') throw unprocessable('Lines', 'Only a reimbursement has receipt lines');
    const receipts = receiptsOf(await decisions.findFormData(deps.db, item.form_id));
    const seen = new Set<number>();
    for (const [i, l] of input.Lines.entries()) {
      const receipt = receipts[l.Line - 1];
      if (!receipt) throw unprocessable(`Lines.${i}.Line`, `The reimbursement has ${receipts.length} receipt lines`);
      if (seen.has(l.Line)) throw unprocessable(`Lines.${i}.Line`, 'Listed twice');
      seen.add(l.Line);
      if (l.ApprovedCents > receipt.cents)
        throw unprocessable(`Lines.${i}.ApprovedCents`, 'More than the receipt claimed');
    }
  }
}

type Letter = { file: StagedFile; name: string; key: string; fileId: string };

/**
 * The decision's rows in one transaction: the letter's file, the decision (a new one, or the
 * outcome's earlier one updated), the sent item's status and, for news, the claimant's notice.
 * Returns whether the claimant was told, and the earlier letter a new one replaces.
 */
async function recordDecision(
  deps: Deps,
  claim: { id: string; claimant_id: string },
  item: { id: string },
  input: DecisionInput,
  letter: Letter | undefined,
) {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const existing = await decisions.findDecision(trx, item.id, input.Outcome);
    const decisionId = existing?.id ?? newId();
    const values = {
      decided_on: input.Date,
      reason: input.Reason,
      needed: input.Needed,
      needed_by: input.NeededBy ?? null,
      review: input.Review,
      review_by: input.ReviewBy ?? null,
      lines: JSON.stringify(input.Lines),
    };
    // The same decision sent again (a retry without an Idempotency-Key) is no news to the claimant.
    const news =
      !existing ||
      letter !== undefined ||
      (Object.keys(values) as (keyof typeof values)[]).some((k) => existing[k] !== values[k]);
    if (letter)
      await insertFile(trx, {
        id: letter.fileId,
        account_id: null,
        claim_id: claim.id,
        form_type: 'decision',
        form_id: decisionId,
        description: '',
        original_name: letter.name,
        size: letter.file.size,
        mime: mimeOf('pdf'),
        sha256: letter.file.sha256,
        storage_key: letter.key,
        created_at: now,
        submitted_at: now,
      });
    await decisions.saveDecision(trx, existing?.id, {
      id: decisionId,
      sent_item_id: item.id,
      claim_id: claim.id,
      outcome: input.Outcome,
      ...values,
      // Set again without a letter: the earlier letter of this outcome stays.
      letter_file_id: letter?.fileId ?? existing?.letter_file_id ?? null,
      created_at: now,
      updated_at: now,
    });
    const recorded = await decisions.findDecisionsOf(trx, item.id);
    const furthest = recorded.reduce<DecisionOutcome>(
      (best, d) => (RANK[d.outcome] > RANK[best] ? d.outcome : best),
      input.Outcome,
    );
    await submissions.setSentItemStatus(trx, item.id, SENT_ITEM_STATUS[furthest], null);
    const notified =
      news && (DECIDING_OUTCOMES as readonly string[]).includes(input.Outcome)
        ? await notifyClaimant(deps, trx, claim.claimant_id, now, newsNotice(deps, 'decision-news'))
        : false;
    const replaced = letter && existing?.letter_file_id ? existing.letter_file_id : null;
    return { notified, replaced };
  });
}

/** The letter checked and put in the file store, before any row is written. */
async function stageLetter(store: FileStore, letter: NonNullable<DecisionInput['Letter']>) {
  const name = safeFilename(letter.Filename);
  try {
    return {
      file: await stageChecked(store, 'pdf', Readable.from(Buffer.from(letter.ContentBase64, 'base64'))),
      name,
    };
  } catch (e) {
    if (e instanceof AppError) throw unprocessable('Letter', e.message);
    throw e;
  }
}

/**
 * Records where a submission stands or its decision, with an optional PDF letter (checked and
 * stored as inbox attachments are, before `write`: the idempotent write's transaction holds no
 * lock while it reads the letter). The submission must be one of the named claim's: the claims
 * system cannot attach a decision to another claim's submission. The sent item's status follows
 * (Received, In progress, Completed); a decision (not a step) tells the claimant there is news.
 */
export async function setDecision(
  deps: Deps,
  store: FileStore,
  sentItemId: string,
  input: DecisionInput,
  write: Write = (work) => work(deps),
) {
  const claim = await repo.findClaimByNumber(deps.db, input.ClaimNumber);
  if (!claim) throw notFound('Claim');
  const item = await repo.findSentItemOfClaim(deps.db, claim.id, sentItemId);
  if (!item) throw notFound('Sent item');
  await checkDecision(deps, input, item);

  const staged = input.Letter ? await stageLetter(store, input.Letter) : undefined;
  let key: string | undefined;
  let replaced: string | null = null;
  let written = false;
  try {
    key = staged ? await staged.file.commit() : undefined;
    const letter = staged && key ? { ...staged, key, fileId: newId() } : undefined;
    const answer = await write(async (d) => {
      const result = await recordDecision(d, claim, item, input, letter);
      // The earlier letter's row goes with the write; its bytes once the write has committed.
      replaced = result.replaced ? await removeLetterRow(d, result.replaced) : null;
      if (result.notified) d.notifier.wake();
      return {
        SentItemId: item.id,
        Outcome: input.Outcome,
        Date: input.Date,
        LetterFileId:
          letter?.fileId ?? (await decisions.findDecision(d.db, item.id, input.Outcome))?.letter_file_id ?? null,
        Notified: result.notified,
      };
    });
    written = true;
    if (replaced) await store.remove(replaced);
    return answer;
  } catch (e) {
    if (!written) {
      if (staged && !key) await staged.file.discard();
      else if (key) await store.remove(key);
    }
    throw e;
  }
}

/** A letter replaced by a newer one of the same outcome: its row goes; returns where its bytes are. */
async function removeLetterRow(deps: Deps, fileId: string): Promise<string | null> {
  const f = await deps.db.selectFrom('files').select('storage_key').where('id', '=', fileId).executeTakeFirst();
  if (!f) return null;
  await deleteFileRow(deps.db, fileId);
  return f.storage_key;
}
