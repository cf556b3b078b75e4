/**
 * People who help (decision 041): the claimant invites, withdraws and ends; the helper reads an
 * invitation, takes it and leaves. Every end drops the cached grants of its claim in every
 * process (tag.helpers), so the helper's next request for the claim is refused.
 */
import { ErrorNumber, HELPER_LIMITS, SECURITY_CODE_TYPE, type Claim, type Helper } from '@portal/contracts';
import type { z } from 'zod';
import type { InviteHelperRequest } from '@portal/contracts';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { newId, newToken } from '../../lib/crypto.ts';
import { tag } from '../../lib/read-cache.ts';
import { enqueueNotification } from '../../notify/outbox.ts';
import { consumeSecureToken } from '../access-code/sign-in.ts';
import { lockAccount } from '../access-code/repository.ts';
import { listHelperActions, maskValue, recordAudit } from '../audit/repository.ts';
import { findClaims, findOwnClaim } from '../claim/service.ts';
import { tokenHash, type AuthContext } from '../session/service.ts';
import { melbourneToday } from './access.ts';
import { queueHelperChanges, type HelperChange } from './events.ts';
import { queueInvitation, tellClaimant } from './notice.ts';
import * as repo from './repository.ts';
import { helperSummary } from './views.ts';

type InviteInput = z.output<typeof InviteHelperRequest>;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

type Actor = { accountId: string; sessionId: string | null };

function audit(deps: Deps, auth: Actor, kind: string, name: string) {
  return recordAudit(deps.db, {
    accountId: auth.accountId,
    sessionId: auth.sessionId,
    kind,
    changes: { helper: { from: '', to: maskValue(name) } },
    at: deps.clock.now(),
  });
}

/** Sends a message to the contact a helper was invited at; the text never goes to the log. */
async function tell(deps: Deps, to: string, kind: string, subject: string, text: string): Promise<void> {
  await enqueueNotification(deps.db, deps.cipher, deps.clock.now(), {
    accountId: null,
    kind,
    channel: to.includes('@') ? 'email' : 'sms',
    to,
    subject,
    text,
  });
  deps.notifier.wake();
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Bounds on invitations in any 24 hours: from one claimant (a stolen session cannot use the portal
 * to write to many people) and to one contact from anyone (nobody is flooded with invitations).
 */
async function requireInvitationsLeft(db: Db, claimantAccountId: string, contact: string, now: number) {
  const since = now - DAY_MS;
  // One after the other: they run in the invitation's transaction, on its one connection.
  const sent = await repo.countInvitationsSince(db, { claimantAccountId }, since);
  const received = await repo.countInvitationsSince(db, { contact }, since);
  if (sent >= HELPER_LIMITS.invitationsPerClaimantPerDay || received >= HELPER_LIMITS.invitationsPerContactPerDay)
    throw new AppError(ErrorNumber.InvitationLimit);
}

export async function inviteHelper(deps: Deps, auth: AuthContext, input: InviteInput): Promise<Helper> {
  if (!(await consumeSecureToken(deps, auth, input.SecureToken, SECURITY_CODE_TYPE)))
    throw new AppError(ErrorNumber.SecureTokenRequired);
  const claim = await findOwnClaim(deps, auth.claimantId, input.ClaimNumber);
  if (!claim) throw new AppError(ErrorNumber.NotFound);
  const now = deps.clock.now();
  const token = newToken();
  const id = newId();
  // One contact is one contact however it is typed: the e-mail in lower case (the mobile is digits).
  const contact = (input.Email ?? input.Mobile ?? '').trim().toLowerCase();
  const made = await deps.db.transaction().execute(async (trx) => {
    // Counted and inserted under the claimant's lock, so two invitations at once cannot both see
    // room under the limit.
    await lockAccount(trx, deps.dialect, auth.accountId);
    if ((await repo.countOpenGrants(trx, claim.id, now, melbourneToday(now))) >= HELPER_LIMITS.perClaim)
      throw new AppError(ErrorNumber.HelperLimit);
    await requireInvitationsLeft(trx, auth.accountId, contact, now);
    await repo.insertInvitation(trx, {
      id,
      claimantAccountId: auth.accountId,
      claimId: claim.id,
      name: input.Name,
      contact,
      scope: input.Scope,
      endsOn: input.EndsOn ?? null,
      tokenHash: tokenHash(token),
      expiresAt: now + HELPER_LIMITS.invitationLifetimeMs,
      now,
    });
    await recordAudit(trx, {
      accountId: auth.accountId,
      sessionId: auth.sessionId,
      kind: 'helper-invited',
      changes: { helper: { from: '', to: maskValue(input.Name) } },
      at: now,
    });
    await queueInvitation(deps, trx, now, {
      contact,
      name: input.Name,
      claimNumber: claim.number,
      scope: input.Scope,
      token,
    });
    const [row] = (await repo.listGrantsOfClaimant(trx, auth.accountId)).filter((g) => g.id === id);
    if (!row) throw new Error('The invitation just made is not found');
    await queueHelperChanges(trx, [row], 'invited', now);
    return row;
  });
  deps.notifier.wake();
  return helperSummary(made, now);
}

/** Ends grants, drops them from every process's cache, and tells the claims system of each. */
async function endAndForget(
  deps: Deps,
  by: Parameters<typeof repo.endGrants>[1],
  states: readonly ('invited' | 'active')[],
  change: HelperChange,
): Promise<repo.GrantRow[]> {
  const now = deps.clock.now();
  const ended = await repo.endGrants(deps.db, by, states, now);
  for (const claimId of new Set(ended.map((g) => g.claim_id))) await deps.reads.changed(tag.helpers(claimId));
  await queueHelperChanges(deps.db, ended, change, now);
  if (ended.some((g) => g.helper_account_id)) deps.notifier.wake();
  return ended;
}

export async function withdrawInvitation(deps: Deps, auth: AuthContext, id: string): Promise<true> {
  const [g] = await endAndForget(deps, { claimantAccountId: auth.accountId, id }, ['invited'], 'withdrawn');
  if (!g) throw new AppError(ErrorNumber.NotFound);
  await audit(deps, auth, 'helper-withdrawn', g.helper_name);
  return true;
}

/**
 * Ends the claimant's helpers: each audited on the claimant's account and told at the contact
 * invited (an invitation never taken is not told). The claimant's end, the operator's and the
 * claims system's (which also ends its appointments not taken yet) are this one path.
 */
export async function endHelpers(
  deps: Deps,
  claimant: Actor,
  by: { id?: string; helperAccountId?: string },
  endedBy = 'the claimant',
  states: readonly ('invited' | 'active')[] = ['active'],
): Promise<repo.GrantRow[]> {
  const ended = await endAndForget(deps, { claimantAccountId: claimant.accountId, ...by }, states, 'ended');
  for (const g of ended) {
    await audit(deps, claimant, 'helper-ended', g.helper_name);
    if (g.state === 'active')
      await tell(
        deps,
        g.invited_contact,
        'helper-ended',
        'Your access has ended',
        `Hello ${g.helper_name},\n\nYour access to claim ${g.claim_number} has been ended by ${endedBy}.`,
      );
  }
  return ended;
}

export async function endHelper(deps: Deps, auth: AuthContext, id: string): Promise<true> {
  if ((await endHelpers(deps, auth, { id })).length === 0) throw new AppError(ErrorNumber.NotFound);
  return true;
}

/** "Remove everyone now": every helper and invitation ends at once, and no helper is told. */
export async function endAllHelpers(
  deps: Deps,
  claimant: { accountId: string; sessionId: string | null },
): Promise<number> {
  const ended = await endAndForget(
    deps,
    { claimantAccountId: claimant.accountId },
    ['invited', 'active'],
    'removed-all',
  );
  await recordAudit(deps.db, {
    accountId: claimant.accountId,
    sessionId: claimant.sessionId,
    kind: 'helpers-ended-all',
    changes: { helpers: { from: String(ended.length), to: '0' } },
    at: deps.clock.now(),
  });
  return ended.length;
}

export async function findHelperActivity(deps: Deps, auth: AuthContext) {
  const [actions, names] = await Promise.all([
    listHelperActions(deps.db, auth.accountId, 200),
    repo.helperNames(deps.db, auth.accountId),
  ]);
  const nameOf = new Map(names.map((n) => [n.helper_account_id, n.helper_name]));
  return actions.map((a) => ({
    HelperName: nameOf.get(a.acting_helper_id) ?? '',
    Call: a.kind.replace(/^helper:/, ''),
    At: new Date(Number(a.at)).toISOString(),
  }));
}

/** The open invitation a link carries; taken, withdrawn, expired and unknown ones answer "not found" alike. */
async function openInvitation(deps: Deps, token: string) {
  const g = await repo.findGrantByTokenHash(deps.db, tokenHash(token));
  if (!g || g.state !== 'invited' || (g.token_expires_at ?? 0) <= deps.clock.now())
    throw new AppError(ErrorNumber.NotFound);
  return g;
}

export async function findInvitation(deps: Deps, token: string) {
  const g = await openInvitation(deps, token);
  return {
    ClaimantName: `${g.first_name} ${g.surname}`,
    ClaimNumber: g.claim_number,
    Scope: g.scope,
    EndsOn: g.ends_on,
    ExpiresAt: iso(g.token_expires_at) ?? '',
    Contact: maskValue(g.invited_contact),
  };
}

/** Takes an invitation for the signed-in account: one conditional update, so of two racing, one wins. */
export async function acceptInvitation(deps: Deps, auth: AuthContext, token: string): Promise<Claim[]> {
  const g = await openInvitation(deps, token);
  if (!(await repo.takeInvitation(deps.db, tokenHash(token), auth.accountId, deps.clock.now())))
    throw new AppError(ErrorNumber.NotFound);
  await deps.reads.changed(tag.helpers(g.claim_id), tag.helping(auth.accountId));
  await queueHelperChanges(deps.db, [g], 'accepted', deps.clock.now(), auth.accountId);
  deps.notifier.wake();
  await recordAudit(deps.db, {
    accountId: g.claimant_account_id,
    sessionId: null,
    kind: 'helper-accepted',
    changes: { helper: { from: '', to: maskValue(g.helper_name) } },
    at: deps.clock.now(),
    actingHelperId: auth.accountId,
  });
  return findClaims(deps, auth);
}

/** The helper ends their own help with one claim. */
export async function leaveHelping(deps: Deps, auth: AuthContext, id: string): Promise<true> {
  const [g] = await endAndForget(deps, { helperAccountId: auth.accountId, id }, ['active'], 'left');
  if (!g) throw new AppError(ErrorNumber.NotFound);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await recordAudit(trx, {
      accountId: g.claimant_account_id,
      sessionId: null,
      kind: 'helper-left',
      changes: { helper: { from: '', to: maskValue(g.helper_name) } },
      at: now,
      actingHelperId: auth.accountId,
    });
    // Both are told when help ends: the helper chose it, so the claimant hears of it.
    await tellClaimant(deps, trx, now, g.claimant_account_id, {
      kind: 'helper-left',
      subject: `${g.helper_name} has stopped helping with your claim`,
      lines: [
        `${g.helper_name} has stopped helping you with claim ${g.claim_number}. They can no longer see or send anything for it.`,
        'You can invite someone to help in My Details, under People who help.',
      ],
      sms: `${g.helper_name} has stopped helping with claim ${g.claim_number}.`,
    });
  });
  deps.notifier.wake();
  return true;
}
