/**
 * What the claims system does through the provider API: keeps claimants and claims, posts
 * inbox messages (with attachments, and a notification without claim content), says where a
 * submission stands, decides personal-details change requests, and keeps the portal's content.
 *
 * Ownership of data: names and date of birth belong to the claims system (a claimant asks for
 * a change; an approval applies it). Contact details are the claimant's to keep in the portal:
 * the claims system's values fill only what the portal does not have yet.
 */
import { Readable } from 'node:stream';
import type { z } from 'zod';
import type {
  DecideDetailsRequest,
  PostMessageRequest,
  PutListRequest,
  PutServiceRequest,
  PutSurveyRequest,
  SetMaintenanceRequest,
  SetSentItemStatusRequest,
  UpsertClaimantRequest,
} from '@portal/contracts';
import type { Transaction } from 'kysely';
import type { Deps } from '../../deps.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/crypto.ts';
import { sanitizeHtml } from '../../lib/html.ts';
import { enqueueNotification } from '../../notify/outbox.ts';
import { extensionOf, mimeOf } from '../../storage/file-check.ts';
import type { FileStore, StagedFile } from '../../storage/file-store.ts';
import { diff, recordAudit } from '../audit/repository.ts';
import { safeFilename, stageChecked } from '../uploads/service.ts';
import { ProviderError, notFound } from './errors.ts';

type Tx = Transaction<Database>;
const address = (a: { Line1: string; Line2: string; Line3: string } | null) =>
  a
    ? JSON.stringify({
        ExperianSingleSelectedLine: [a.Line1, a.Line2].filter(Boolean).join(', '),
        AddressLine1: a.Line1,
        AddressLine2: a.Line2,
        AddressLine3: a.Line3,
      })
    : null;

export async function findClaimant(deps: Deps, ref: string) {
  const c = await deps.db
    .selectFrom('claimants')
    .select([
      'id',
      'title_id',
      'first_name',
      'middle_names',
      'surname',
      'date_of_birth',
      'mobile_edit_disabled',
      'email_edit_disabled',
      'verify_sign_in',
    ])
    .where('provider_ref', '=', ref)
    .executeTakeFirst();
  if (!c) throw notFound('Claimant');
  const claims = await deps.db
    .selectFrom('claims')
    .select(['number', 'accident_date', 'location', 'is_state_trustee', 'bank_edit_allowed'])
    .where('claimant_id', '=', c.id)
    .orderBy('number')
    .execute();
  const account = await deps.db
    .selectFrom('accounts')
    .select(['id'])
    .where('claimant_id', '=', c.id)
    .executeTakeFirst();
  return {
    ClaimantRef: ref,
    Title: c.title_id,
    FirstName: c.first_name,
    MiddleNames: c.middle_names,
    Surname: c.surname,
    DateOfBirth: c.date_of_birth,
    Registered: Boolean(account),
    MobileEditDisabled: c.mobile_edit_disabled === 1,
    EmailEditDisabled: c.email_edit_disabled === 1,
    VerifySignIn: c.verify_sign_in === 1,
    Claims: claims.map((k) => ({
      Number: k.number,
      AccidentDate: k.accident_date,
      Location: k.location,
      StateTrustee: k.is_state_trustee === 1,
      BankEditAllowed: k.bank_edit_allowed === 1,
    })),
  };
}

/**
 * Creates or updates a claimant by the claims system's reference. A claimant the portal already
 * holds without a reference (loaded before the integration) is recognised by a claim number and
 * the same date of birth; a claim number held by anyone else is a conflict.
 */
export async function upsertClaimant(deps: Deps, ref: string, input: z.output<typeof UpsertClaimantRequest>) {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    let claimant = await trx
      .selectFrom('claimants')
      .select(['id', 'email', 'mobile', 'home_address', 'postal_address'])
      .where('provider_ref', '=', ref)
      .executeTakeFirst();
    const numbers = input.Claims.map((c) => c.Number);
    const existing = numbers.length
      ? await trx.selectFrom('claims').select(['number', 'claimant_id']).where('number', 'in', numbers).execute()
      : [];
    if (!claimant && existing[0]) {
      // Only the same person: no reference yet, and the same date of birth.
      claimant = await trx
        .selectFrom('claimants')
        .select(['id', 'email', 'mobile', 'home_address', 'postal_address'])
        .where('id', '=', existing[0].claimant_id)
        .where('provider_ref', 'is', null)
        .where('date_of_birth', '=', input.DateOfBirth)
        .executeTakeFirst();
    }
    const owner = claimant?.id;
    const taken = existing.filter((c) => c.claimant_id !== owner);
    if (taken.length)
      throw new ProviderError(
        409,
        'Conflict',
        `Claim ${taken.map((c) => c.number).join(', ')} belongs to another claimant`,
      );
    const names = {
      title_id: input.Title,
      first_name: input.FirstName,
      middle_names: input.MiddleNames,
      surname: input.Surname,
      date_of_birth: input.DateOfBirth,
    };
    const flags = {
      mobile_edit_disabled: input.MobileEditDisabled ? 1 : 0,
      email_edit_disabled: input.EmailEditDisabled ? 1 : 0,
      verify_sign_in: input.VerifySignIn ? 1 : 0,
    };
    let id: string;
    if (claimant) {
      id = claimant.id;
      await trx
        .updateTable('claimants')
        .set({
          ...names,
          ...flags,
          provider_ref: ref,
          email: claimant.email ?? input.Email,
          mobile: claimant.mobile ?? input.Mobile,
          home_address: claimant.home_address ?? address(input.HomeAddress),
          postal_address: claimant.postal_address ?? address(input.PostalAddress ?? input.HomeAddress),
        })
        .where('id', '=', id)
        .execute();
    } else {
      id = newId();
      const home = address(input.HomeAddress);
      const postal = address(input.PostalAddress ?? input.HomeAddress);
      await trx
        .insertInto('claimants')
        .values({
          id,
          ...names,
          ...flags,
          provider_ref: ref,
          email: input.Email,
          mobile: input.Mobile,
          phone_area: null,
          phone_number: null,
          home_address: home,
          postal_address: postal,
          addresses_same: home === postal ? 1 : 0,
          pref_sms: 0,
          pref_email: 1,
          bank_name: null,
          bank_account_name: null,
          bank_bsb: null,
          bank_account_number_enc: null,
          bank_account_last4: null,
          bank_verified: 0,
          created_at: now,
        })
        .execute();
    }
    for (const c of input.Claims) {
      const values = {
        accident_date: c.AccidentDate,
        location: c.Location,
        is_state_trustee: c.StateTrustee ? 1 : 0,
        bank_edit_allowed: c.BankEditAllowed ? 1 : 0,
      };
      if (existing.some((e) => e.number === c.Number))
        await trx.updateTable('claims').set(values).where('number', '=', c.Number).execute();
      else
        await trx
          .insertInto('claims')
          .values({ id: newId(), claimant_id: id, number: c.Number, ...values })
          .execute();
    }
  });
  return findClaimant(deps, ref);
}

/** "You have a new message": no claim content, by the channels the claimant chose. */
async function notifyNewMessage(deps: Deps, trx: Tx, claimantId: string, now: number): Promise<boolean> {
  const row = await trx
    .selectFrom('accounts')
    .innerJoin('claimants', 'claimants.id', 'accounts.claimant_id')
    .select([
      'accounts.id as accountId',
      'accounts.activated',
      'claimants.email',
      'claimants.mobile',
      'claimants.pref_email',
      'claimants.pref_sms',
    ])
    .where('accounts.claimant_id', '=', claimantId)
    .executeTakeFirst();
  if (!row || row.activated !== 1) return false;
  const portal = `${deps.config.provider.shortName} claimant portal`;
  const text = `You have a new message in the ${portal}. Sign in to read it.`;
  const targets = [
    ...(row.pref_email === 1 && row.email ? [{ channel: 'email' as const, to: row.email }] : []),
    ...(row.pref_sms === 1 && row.mobile ? [{ channel: 'sms' as const, to: row.mobile }] : []),
  ];
  for (const t of targets)
    await enqueueNotification(trx, deps.cipher, now, {
      accountId: row.accountId,
      kind: 'new-message',
      channel: t.channel,
      to: t.to,
      subject: `New message in the ${portal}`,
      text,
    });
  return targets.length > 0;
}

async function insertMessage(
  deps: Deps,
  trx: Tx,
  claim: { id: string; claimant_id: string },
  m: { subject: string; body: string; sentAt: number; now: number },
) {
  const id = newId();
  await trx
    .insertInto('inbox_messages')
    .values({
      id,
      claim_id: claim.id,
      subject: m.subject,
      body: m.body,
      sent_at: m.sentAt,
      received_at: m.now,
      read_at: null,
    })
    .execute();
  const notified = await notifyNewMessage(deps, trx, claim.claimant_id, m.now);
  return { id, notified };
}

export async function postMessage(deps: Deps, store: FileStore, input: z.output<typeof PostMessageRequest>) {
  const claim = await deps.db
    .selectFrom('claims')
    .select(['id', 'claimant_id'])
    .where('number', '=', input.ClaimNumber)
    .executeTakeFirst();
  if (!claim) throw notFound('Claim');
  const now = deps.clock.now();
  const staged: { file: StagedFile; name: string; type: NonNullable<ReturnType<typeof extensionOf>> }[] = [];
  const committed: string[] = [];
  try {
    for (const [i, a] of input.Attachments.entries()) {
      // The name a claimant will see: sanitised as a claimant's own upload is, before its type is read from it.
      const name = safeFilename(a.Filename);
      const type = extensionOf(name);
      if (!type)
        throw new ProviderError(422, 'Unprocessable Content', 'Attachment type not accepted', [
          { path: `Attachments.${i}.Filename`, message: 'Document type is not accepted' },
        ]);
      try {
        staged.push({
          file: await stageChecked(store, type, Readable.from(Buffer.from(a.ContentBase64, 'base64'))),
          name,
          type,
        });
      } catch (e) {
        if (e instanceof AppError)
          throw new ProviderError(422, 'Unprocessable Content', e.message, [
            { path: `Attachments.${i}`, message: e.message },
          ]);
        throw e;
      }
    }
    const files: { key: string; staged: (typeof staged)[number] }[] = [];
    for (const s of staged) files.push({ key: await s.file.commit(), staged: s });
    committed.push(...files.map((f) => f.key));
    const result = await deps.db.transaction().execute(async (trx) => {
      const message = await insertMessage(deps, trx, claim, {
        subject: input.Subject,
        body: input.Body,
        sentAt: input.SentAt ? Date.parse(input.SentAt) : now,
        now,
      });
      for (const f of files) {
        await trx
          .insertInto('files')
          .values({
            id: newId(),
            account_id: null,
            claim_id: claim.id,
            form_type: 'inbox',
            form_id: message.id,
            description: '',
            original_name: f.staged.name,
            size: f.staged.file.size,
            mime: mimeOf(f.staged.type),
            sha256: f.staged.file.sha256,
            storage_key: f.key,
            created_at: now,
            submitted_at: now,
          })
          .execute();
      }
      return message;
    });
    deps.notifier.wake();
    return { MessageId: result.id, Notified: result.notified };
  } catch (e) {
    for (const s of staged.slice(committed.length)) await s.file.discard();
    for (const key of committed) await store.remove(key);
    throw e;
  }
}

export async function setSentItemStatus(deps: Deps, id: string, input: z.output<typeof SetSentItemStatusRequest>) {
  const res = await deps.db
    .updateTable('sent_items')
    .set({ status: input.Status, status_note: input.Note ?? null })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw notFound('Sent item');
  return { Id: id, Status: input.Status };
}

type Requested = {
  FirstName: string;
  MiddleNames: string;
  Surname: string;
  DateOfBirth: string;
  Reason: string;
  OtherReason: string;
};

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
    Requested: JSON.parse(r.requested) as Requested,
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
  const requested = JSON.parse(r.requested) as Requested;
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const decided = await trx
      .updateTable('details_requests')
      .set({ status: input.Decision, decided_at: now, decision_note: input.Note ?? null })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(decided.numUpdatedRows) !== 1)
      throw new ProviderError(409, 'Conflict', 'The request was decided meanwhile');
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
      await trx.updateTable('claimants').set(after).where('id', '=', r.claimant_id).execute();
      await recordAudit(trx, {
        accountId: r.account_id,
        sessionId: null,
        kind: 'personal_details_change_approved',
        changes: diff(before, after),
        at: now,
      });
    }
    await trx
      .updateTable('sent_items')
      .set({ status: 'Completed', status_note: input.Note ?? null })
      .where('form_id', '=', r.form_id)
      .execute();
    const approved = input.Decision === 'approved';
    const body = approved
      ? 'We have approved the change to your personal details. My Details now shows your updated name and date of birth.'
      : `We could not approve the change to your personal details.${input.Note ? ` ${input.Note}` : ''} Please contact us if you have any questions.`;
    await insertMessage(deps, trx, claim, {
      subject: approved ? 'Your personal details have been updated' : 'Your personal details change request',
      body,
      sentAt: now,
      now,
    });
  });
  deps.notifier.wake();
  return detailsView({ ...r, status: input.Decision });
}

export async function setMaintenance(deps: Deps, input: z.output<typeof SetMaintenanceRequest>) {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('maintenance_messages').execute();
    if (input.Messages.length) {
      const endsAt = input.EndsAt ? Date.parse(input.EndsAt) : null;
      await trx
        .insertInto('maintenance_messages')
        .values(input.Messages.map((message) => ({ id: newId(), message, starts_at: now, ends_at: endsAt })))
        .execute();
    }
  });
  return { Ok: true as const };
}

export async function putContent(deps: Deps, name: string, html: string) {
  const clean = sanitizeHtml(html);
  if (!clean.trim())
    throw new ProviderError(422, 'Unprocessable Content', 'Nothing is left of the document once sanitised');
  await deps.db
    .insertInto('content_documents')
    .values({ name, html: clean, updated_at: deps.clock.now() })
    .onConflict((oc) => oc.column('name').doUpdateSet({ html: clean, updated_at: deps.clock.now() }))
    .execute();
  return { Ok: true as const };
}

export async function putService(deps: Deps, id: number, input: z.output<typeof PutServiceRequest>) {
  const values = {
    name: input.Name,
    excess_applies: input.ExcessApplies ? 1 : 0,
    icon: input.Icon,
    html: sanitizeHtml(input.Html),
    sort: input.Sort,
  };
  await deps.db
    .insertInto('services')
    .values({ id, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
  return { Ok: true as const };
}

export async function putList(deps: Deps, listType: string, input: z.output<typeof PutListRequest>) {
  if (new Set(input.Items.map((i) => i.Id)).size !== input.Items.length)
    throw new ProviderError(422, 'Unprocessable Content', 'Item ids must be unique');
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('dropdown_items').where('list_type', '=', listType).execute();
    await trx
      .insertInto('dropdown_items')
      .values(
        input.Items.map((i) => ({ list_type: listType, id: i.Id, element_number: i.ElementNumber, item: i.Item })),
      )
      .execute();
  });
  return { Ok: true as const };
}

export async function putSurvey(deps: Deps, input: z.output<typeof PutSurveyRequest>) {
  if (new Set(input.Questions.map((q) => q.Id)).size !== input.Questions.length)
    throw new ProviderError(422, 'Unprocessable Content', 'Question ids must be unique');
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('survey_questions').execute();
    await trx
      .insertInto('survey_questions')
      .values(
        input.Questions.map((q, i) => ({
          id: q.Id,
          sort: (i + 1) * 10,
          html: sanitizeHtml(q.Html),
          answers: JSON.stringify(q.Answers),
        })),
      )
      .execute();
  });
  return { Ok: true as const };
}

/** A file claimants sent (the outbox events link to it); unsent uploads are not the provider's. */
export async function openSubmittedFile(deps: Deps, store: FileStore, id: string) {
  const f = await deps.db
    .selectFrom('files')
    .select(['original_name', 'mime', 'storage_key', 'size'])
    .where('id', '=', id)
    .where('submitted_at', 'is not', null)
    .executeTakeFirst();
  if (!f) throw notFound('File');
  return { stream: store.read(f.storage_key), filename: f.original_name, mime: f.mime, size: f.size };
}
