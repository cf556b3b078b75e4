/**
 * Personal-details change requests as the claims system decides them, and where any sent item
 * stands: the claimant reads both in Sent Items.
 */
import type { z } from 'zod';
import type { DecideDetailsRequest, SetSentItemStatusRequest } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { setClaimantNames } from '../account/claimant-repository.ts';
import { diff, recordAudit } from '../audit/repository.ts';
import * as submissions from '../submissions/repository.ts';
import type { RequestedDetails } from '../submissions/requests.ts';
import { ProviderError, notFound } from './errors.ts';
import { postToInbox } from './inbox-message.ts';
import { inboxChanged } from '../inbox/service.ts';
import { tag } from '../../lib/read-cache.ts';

export async function setSentItemStatus(deps: Deps, id: string, input: z.output<typeof SetSentItemStatusRequest>) {
  if (!(await submissions.setSentItemStatus(deps.db, id, input.Status, input.Note ?? null)))
    throw notFound('Sent item');
  return { Id: id, Status: input.Status };
}

function detailsView(r: {
  id: string;
  status: 'pending' | 'approved' | 'declined';
  requested: string;
  created_at: number;
  provider_ref?: string | null | undefined;
}) {
  return {
    RequestId: r.id,
    ClaimantRef: r.provider_ref ?? null,
    Status: r.status,
    SubmittedAt: new Date(r.created_at).toISOString(),
    Requested: JSON.parse(r.requested) as RequestedDetails,
  };
}

function detailsQuery(deps: Deps) {
  return deps.db
    .selectFrom('details_requests')
    .innerJoin('claimants', 'claimants.id', 'details_requests.claimant_id')
    .select([
      'details_requests.id',
      'details_requests.status',
      'details_requests.requested',
      'details_requests.created_at',
      'details_requests.form_id',
      'details_requests.account_id',
      'details_requests.claimant_id',
      'claimants.provider_ref',
    ]);
}

export async function listDetailsRequests(deps: Deps, status: 'pending' | 'approved' | 'declined') {
  const rows = await detailsQuery(deps)
    .where('details_requests.status', '=', status)
    .orderBy('details_requests.created_at')
    .limit(500)
    .execute();
  return { Items: rows.map(detailsView) };
}

/** Approval applies the requested details (audited); either way the claimant gets a message. */
export async function decideDetailsRequest(deps: Deps, id: string, input: z.output<typeof DecideDetailsRequest>) {
  const r = await detailsQuery(deps).where('details_requests.id', '=', id).executeTakeFirst();
  if (!r) throw notFound('Details request');
  if (r.status !== 'pending') throw new ProviderError(409, 'Conflict', `The request was already ${r.status}`);
  const requested = JSON.parse(r.requested) as RequestedDetails;
  const now = deps.clock.now();
  const claimId = await deps.db.transaction().execute(async (trx) => {
    const decided = await submissions.decideDetailsRequest(trx, id, {
      decision: input.Decision,
      note: input.Note ?? null,
      now,
    });
    if (!decided) throw new ProviderError(409, 'Conflict', 'The request was decided meanwhile');
    const form = await trx
      .selectFrom('forms')
      .select(['claim_id'])
      .where('id', '=', r.form_id)
      .executeTakeFirstOrThrow();
    const claim = await trx
      .selectFrom('claims')
      .select(['id', 'claimant_id'])
      .where('id', '=', form.claim_id)
      .executeTakeFirstOrThrow();
    if (input.Decision === 'approved') {
      const before = await trx
        .selectFrom('claimants')
        .select(['first_name', 'middle_names', 'surname', 'date_of_birth'])
        .where('id', '=', r.claimant_id)
        .executeTakeFirstOrThrow();
      const after = {
        first_name: requested.FirstName,
        middle_names: requested.MiddleNames,
        surname: requested.Surname,
        date_of_birth: requested.DateOfBirth,
      };
      await setClaimantNames(trx, r.claimant_id, after);
      await recordAudit(trx, {
        accountId: r.account_id,
        sessionId: null,
        kind: 'personal_details_change_approved',
        changes: diff(before, after),
        at: now,
      });
    }
    await submissions.completeSentItemOfForm(trx, r.form_id, input.Note ?? null);
    const approved = input.Decision === 'approved';
    const body = approved
      ? 'We have approved the change to your personal details. Personal details now shows your updated name and date of birth.'
      : `We could not approve the change to your personal details.${input.Note ? ` ${input.Note}` : ''} Please contact us if you have any questions.`;
    await postToInbox(deps, trx, claim, {
      subject: approved ? 'Your personal details have been updated' : 'Your personal details change request',
      body,
      sentAt: now,
      now,
    });
    return claim.id;
  });
  await inboxChanged(deps, claimId);
  // The names (when approved) and the pending request are the claimant's account view.
  await deps.reads.changed(tag.claimant(r.claimant_id));
  deps.notifier.wake();
  return detailsView({ ...r, status: input.Decision });
}
