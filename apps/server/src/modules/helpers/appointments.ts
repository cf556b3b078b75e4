/**
 * Helpers the claims system appoints through the provider API (decision 041): a person it has
 * checked (a guardian, an attorney, an administrator), by its own reference, unique within the
 * claim. An appointment is a grant like the claimant's invitation: the same link, token and
 * 14 days, taken at /api/helpers/accept, counted against the claim's 5; only here can a grant be
 * Act. A change takes effect on the helper's next request, as an end does; an end is the
 * claimant's end.
 */
import { HELPER_LIMITS, type AppointHelperRequest, type ProviderHelper } from '@portal/contracts';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { newId, newToken } from '../../lib/crypto.ts';
import { tag } from '../../lib/read-cache.ts';
import { lockAccount } from '../access-code/repository.ts';
import { maskValue, recordAudit } from '../audit/repository.ts';
import { findClaimantByClaimNumber } from '../claim/repository.ts';
import { isRealDate, isUniqueViolation } from '../payments/provider.ts';
import { ProviderError, notFound } from '../provider/errors.ts';
import { tokenHash } from '../session/service.ts';
import { hasLapsed, melbourneToday } from './access.ts';
import { queueHelperChanges } from './events.ts';
import { queueAppointmentEndedNotice, queueAppointmentNotice, queueInvitation } from './notice.ts';
import * as repo from './repository.ts';
import { endHelpers } from './service.ts';
import { grantState } from './views.ts';

type AppointInput = z.output<typeof AppointHelperRequest>;
type HelperView = z.output<typeof ProviderHelper>;
type Claim = { claimId: string; claimNumber: string; accountId: string };

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
const badRequest = (path: string, message: string) =>
  new ProviderError(400, 'Bad Request', message, [{ path, message }]);
const conflict = (detail: string) => new ProviderError(409, 'Conflict', detail);

function helperView(g: repo.GrantRow, now: number): HelperView {
  return {
    Ref: g.provider_ref,
    HelperReference: g.helper_account_id,
    Name: g.helper_name,
    Scope: g.scope,
    Basis: g.basis,
    State: grantState(g, now),
    EndsOn: g.ends_on,
    AcceptedAt: iso(g.accepted_at),
    EndedAt: iso(g.ended_at),
  };
}

/** The claim and its claimant's portal account: a grant is the account's, so an unregistered claimant has none yet. */
async function claimOf(deps: Deps, claimNumber: string, needsAccount: boolean): Promise<Claim> {
  const c = await findClaimantByClaimNumber(deps.db, claimNumber);
  if (!c) throw notFound('Claim');
  if (needsAccount && (!c.account_id || !c.activated))
    throw conflict('The claimant has no portal account yet: a helper can be appointed once they have registered');
  return { claimId: c.claim_id, claimNumber, accountId: c.account_id ?? '' };
}

/** The last day of access, Melbourne's: a calendar date, today or later. */
function lastDay(endsOn: string | undefined, now: number): string | null {
  if (endsOn === undefined) return null;
  if (!isRealDate(endsOn)) throw badRequest('EndsOn', 'Not a calendar date');
  if (endsOn < melbourneToday(now))
    throw badRequest('EndsOn', 'The last day of access cannot be in the past (Melbourne)');
  return endsOn;
}

type Wanted = {
  name: string;
  contact: string;
  scope: AppointInput['Scope'];
  basis: AppointInput['Basis'];
  endsOn: string | null;
};

/**
 * Appoints a helper by the claims system's reference, or changes the appointment in place. What
 * it answers says which (`created`), and the grant as the provider API shows it.
 */
export async function appointHelper(
  deps: Deps,
  claimNumber: string,
  ref: string,
  input: AppointInput,
): Promise<{ created: boolean; helper: HelperView }> {
  const claim = await claimOf(deps, claimNumber, true);
  const now = deps.clock.now();
  const wanted: Wanted = {
    name: input.Name,
    // The link goes to the e-mail address when both are given; one contact however it is typed.
    contact: (input.EmailAddress ?? input.MobileNumber ?? '').trim().toLowerCase(),
    scope: input.Scope,
    basis: input.Basis,
    endsOn: lastDay(input.EndsOn, now),
  };
  const existing = await repo.findAppointment(deps.db, claim.claimId, ref);
  const grant = existing
    ? await changeAppointment(deps, claim, existing, wanted, now)
    : await createAppointment(deps, claim, ref, wanted, now);
  deps.notifier.wake();
  return { created: !existing, helper: helperView(grant, now) };
}

async function inTransaction<T>(deps: Deps, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return deps.db
    .transaction()
    .execute(work)
    .catch((e: unknown) => {
      // Two first appointments of one reference at once: the unique (claim, reference) stops the second.
      if (isUniqueViolation(e)) throw conflict('The appointment was written meanwhile; retry');
      throw e;
    });
}

async function createAppointment(deps: Deps, claim: Claim, ref: string, w: Wanted, now: number) {
  const token = newToken();
  return inTransaction(deps, async (trx) => {
    // Counted and inserted under the claimant's lock, as the claimant's invitations are.
    await lockAccount(trx, deps.dialect, claim.accountId);
    if ((await repo.countOpenGrants(trx, claim.claimId, now, melbourneToday(now))) >= HELPER_LIMITS.perClaim)
      throw conflict(
        `The claim already has ${HELPER_LIMITS.perClaim} people who help, active or invited: end one first`,
      );
    await repo.insertInvitation(trx, {
      id: newId(),
      claimantAccountId: claim.accountId,
      claimId: claim.claimId,
      name: w.name,
      contact: w.contact,
      scope: w.scope,
      endsOn: w.endsOn,
      tokenHash: tokenHash(token),
      expiresAt: now + HELPER_LIMITS.invitationLifetimeMs,
      now,
      appointment: { ref, basis: w.basis },
    });
    const grant = (await repo.findAppointment(trx, claim.claimId, ref)) as repo.GrantRow;
    await record(deps, trx, claim, grant, 'helper-appointed', now);
    await queueInvitation(deps, trx, now, { ...w, claimNumber: claim.claimNumber, token });
    await queueAppointmentNotice(deps, trx, now, {
      ...w,
      ...claim,
      claimantAccountId: claim.accountId,
      changed: false,
    });
    await queueHelperChanges(trx, [grant], 'appointed', now);
    return grant;
  });
}

/** The appointment's audit row on the claimant's account (no session: the claims system did it). */
function record(deps: Deps, trx: Transaction<Database>, claim: Claim, g: repo.GrantRow, kind: string, now: number) {
  return recordAudit(trx, {
    accountId: claim.accountId,
    sessionId: null,
    kind,
    changes: { helper: { from: '', to: maskValue(g.helper_name) }, scope: { from: '', to: g.scope } },
    at: now,
  });
}

/**
 * Changes scope, name, basis, last day or contact in place, at once. A new contact of an
 * invitation not yet taken gets a new link (the old one is dead); nothing else is sent again. The
 * same appointment sent again changes nothing and tells nobody.
 */
async function changeAppointment(deps: Deps, claim: Claim, g: repo.GrantRow, w: Wanted, now: number) {
  if (g.state === 'ended' || hasLapsed(g, now))
    throw conflict('This appointment has ended: appoint again under a new reference');
  const same =
    g.helper_name === w.name &&
    g.invited_contact === w.contact &&
    g.scope === w.scope &&
    g.basis === w.basis &&
    g.ends_on === w.endsOn;
  if (same) return g;
  const token = g.state === 'invited' && g.invited_contact !== w.contact ? newToken() : null;
  const changed = await inTransaction(deps, async (trx) => {
    const done = await repo.changeAppointment(trx, g.id, {
      ...w,
      ...(token ? { token: { hash: tokenHash(token), expiresAt: now + HELPER_LIMITS.invitationLifetimeMs } } : {}),
    });
    if (!done) throw conflict('This appointment has ended: appoint again under a new reference');
    const grant = (await repo.findAppointment(trx, claim.claimId, g.provider_ref ?? '')) as repo.GrantRow;
    await record(deps, trx, claim, grant, 'helper-appointment-changed', now);
    if (token) await queueInvitation(deps, trx, now, { ...w, claimNumber: claim.claimNumber, token });
    if (g.scope !== w.scope)
      await queueAppointmentNotice(deps, trx, now, {
        ...w,
        ...claim,
        claimantAccountId: claim.accountId,
        changed: true,
      });
    await queueHelperChanges(trx, [grant], 'changed', now);
    return grant;
  });
  // The new scope (or last day) holds from the helper's next request, in every process.
  await deps.reads.changed(tag.helpers(claim.claimId));
  return changed;
}

/** Ends an appointment at once, taken or not, through the claimant's end; an appointment already ended stays so. */
export async function endAppointment(deps: Deps, claimNumber: string, ref: string): Promise<void> {
  const claim = await claimOf(deps, claimNumber, false);
  const g = await repo.findAppointment(deps.db, claim.claimId, ref);
  if (!g) throw notFound('Appointment');
  const provider = deps.config.provider.shortName;
  const ended = await endHelpers(deps, { accountId: g.claimant_account_id, sessionId: null }, { id: g.id }, provider, [
    'invited',
    'active',
  ]);
  if (ended.length === 0) return;
  // The claimant is told, as when a helper leaves: access to their claim changed without them.
  const now = deps.clock.now();
  await deps.db.transaction().execute((trx) =>
    queueAppointmentEndedNotice(deps, trx, now, {
      claimantAccountId: g.claimant_account_id,
      name: g.helper_name,
      claimNumber: claimNumber,
    }),
  );
  deps.notifier.wake();
}

/** Every helper of the claim, appointed or invited by the claimant, newest first. */
export async function listClaimHelpers(deps: Deps, claimNumber: string): Promise<{ Items: HelperView[] }> {
  const claim = await claimOf(deps, claimNumber, false);
  const now = deps.clock.now();
  return { Items: (await repo.listGrantsOfClaim(deps.db, claim.claimId)).map((g) => helperView(g, now)) };
}
