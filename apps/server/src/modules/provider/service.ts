/**
 * What the claims system does through the provider API: keeps claimants and claims, posts
 * inbox messages (with attachments, and a notification without claim content), says where a
 * submission stands (details-requests.ts, with personal-details change requests), and keeps the
 * portal's content (portal-content.ts). Every write goes through its table's owner
 * (docs/architecture.md, "Who writes each table").
 *
 * Ownership of data: names and date of birth belong to the claims system (a claimant asks for
 * a change; an approval applies it). Contact details are the claimant's to keep in the portal:
 * the claims system's values fill only what the portal does not have yet.
 */
import { Readable } from 'node:stream';
import type { z } from 'zod';
import type { PostMessageRequest, UpsertClaimantRequest } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/crypto.ts';
import { extensionOf, mimeOf } from '../../storage/file-check.ts';
import type { FileStore, StagedFile } from '../../storage/file-store.ts';
import { insertClaimant, updateClaimantFromClaimsSystem } from '../account/claimant-repository.ts';
import { insertClaim, updateClaimByNumber } from '../claim/repository.ts';
import { secondFactorKinds } from '../security/repository.ts';
import { insertFile } from '../uploads/repository.ts';
import { safeFilename, stageChecked } from '../uploads/service.ts';
import { ProviderError, notFound } from './errors.ts';
import { postToInbox } from './inbox-message.ts';
import { inboxChanged } from '../inbox/service.ts';
import { tag } from '../../lib/read-cache.ts';
import type { Write } from './idempotency.ts';

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
    SecondFactors: account
      ? await secondFactorKinds(deps, account.id)
      : { Passkey: false, Authenticator: false, RecoveryCodes: false },
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
  const claimantId = await deps.db.transaction().execute(async (trx) => {
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
      await updateClaimantFromClaimsSystem(trx, id, {
        ...names,
        ...flags,
        provider_ref: ref,
        email: claimant.email ?? input.Email,
        mobile: claimant.mobile ?? input.Mobile,
        home_address: claimant.home_address ?? address(input.HomeAddress),
        postal_address: claimant.postal_address ?? address(input.PostalAddress ?? input.HomeAddress),
      });
    } else {
      id = newId();
      await insertClaimant(trx, {
        id,
        ...names,
        ...flags,
        provider_ref: ref,
        email: input.Email,
        mobile: input.Mobile,
        home_address: address(input.HomeAddress),
        postal_address: address(input.PostalAddress ?? input.HomeAddress),
        now,
      });
    }
    for (const c of input.Claims) {
      const values = {
        accident_date: c.AccidentDate,
        location: c.Location,
        is_state_trustee: c.StateTrustee ? 1 : 0,
        bank_edit_allowed: c.BankEditAllowed ? 1 : 0,
      };
      if (existing.some((e) => e.number === c.Number)) await updateClaimByNumber(trx, c.Number, values);
      else await insertClaim(trx, { id: newId(), claimant_id: id, number: c.Number, ...values });
    }
    return id;
  });
  // The claimant's claims and their flags, as every process's read cache holds them.
  await deps.reads.changed(tag.claimant(claimantId));
  return findClaimant(deps, ref);
}

/**
 * Posts a message to a claim's inbox. Its attachments are checked and put in the file store
 * first, outside `write` (the idempotent write's transaction holds no lock while it reads them);
 * a failed or replayed write takes them out again.
 */
export async function postMessage(
  deps: Deps,
  store: FileStore,
  input: z.output<typeof PostMessageRequest>,
  write: Write = (work) => work(deps),
) {
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
    return await write(async (d) => {
      const message = await d.db.transaction().execute(async (trx) => {
        const posted = await postToInbox(d, trx, claim, {
          subject: input.Subject,
          body: input.Body,
          sentAt: input.SentAt ? Date.parse(input.SentAt) : now,
          now,
        });
        for (const f of files) {
          await insertFile(trx, {
            id: newId(),
            account_id: null,
            claim_id: claim.id,
            form_type: 'inbox',
            form_id: posted.id,
            description: '',
            original_name: f.staged.name,
            size: f.staged.file.size,
            mime: mimeOf(f.staged.type),
            sha256: f.staged.file.sha256,
            storage_key: f.key,
            created_at: now,
            submitted_at: now,
          });
        }
        return posted;
      });
      await inboxChanged(d, claim.id);
      d.notifier.wake();
      return { MessageId: message.id, Notified: message.notified };
    });
  } catch (e) {
    for (const s of staged.slice(committed.length)) await s.file.discard();
    for (const key of committed) await store.remove(key);
    throw e;
  }
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
