/**
 * What the portal forgets, and when (decision 019): records that only ever served a sign-in, a
 * code or a delivery are removed once nothing can use them and a month has passed for anyone
 * looking into what happened — not kept for ever, several of them hold personal or secret data
 * (encrypted e-mail and SMS bodies with their recipients, hashes of codes and tokens). Run with
 * the hourly clean-up (housekeeping/hourly.ts); every statement is idempotent, so several processes may run it.
 * Each table's owner deletes its own rows: this file decides only what is kept and for how long.
 */
import { SESSION } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { localDateTime } from '../../lib/time.ts';
import { deleteFinishedNotifications } from '../../notify/outbox.ts';
import { deleteDevMailBefore } from '../../notify/transports.ts';
import { removeStaleThrottles } from '../../plugins/throttle-store.ts';
import { deletePageViewsBefore } from '../analytics/repository.ts';
import {
  deleteCodesExpiredBefore,
  deleteGuessesBefore,
  deleteSecureTokensExpiredBefore,
} from '../access-code/repository.ts';
import { deleteHelperPeopleWithoutAccount } from '../account/claimant-repository.ts';
import { deleteUnactivatedAccounts } from '../account/repository.ts';
import { deleteAbandonedDrafts } from '../forms/repository.ts';
import { deleteResetTokensExpiredBefore } from '../registration/repository.ts';
import { deleteChallengesExpiredBefore } from '../security/repository.ts';
import { removeExpiredIdempotencyKeys } from '../provider/idempotency.ts';
import { deleteEndedSessions } from '../session/repository.ts';

const DAY_MS = 24 * 60 * 60_000;

/** How long an ended session, a used or dead code or token, or a delivered message is kept. */
export const KEEP_ENDED_MS = 30 * DAY_MS;
/** Page views are kept 90 days: long enough to compare a season's use of the portal. */
export const KEEP_PAGE_VIEWS_MS = 90 * DAY_MS;
/** A draft never sent is kept 90 days after its last change: a claimant gathering receipts may come back weeks later. */
export const KEEP_UNTOUCHED_DRAFT_MS = 90 * DAY_MS;
/** The development mailbox (DEV_OUTBOX) keeps a week of messages. */
const KEEP_DEV_MAIL_MS = 7 * DAY_MS;

export type Removed = Record<
  | 'unactivatedAccounts'
  | 'helperPeople'
  | 'sessions'
  | 'accessCodes'
  | 'codeGuesses'
  | 'resetTokens'
  | 'secureTokens'
  | 'loginThrottles'
  | 'notifications'
  | 'devMail'
  | 'pageViews'
  | 'abandonedDrafts'
  | 'webauthnChallenges'
  | 'idempotencyKeys',
  number
>;

export async function removeEndedRecords(deps: Deps): Promise<Removed> {
  const { db } = deps;
  const now = deps.clock.now();
  const before = now - KEEP_ENDED_MS;
  return {
    // Registered and never activated, with no session in a month: the claim is free to register
    // again (a half-finished registration, or one made by someone who could not receive the code,
    // would otherwise answer "already registered" for ever). Everything of the account goes with it.
    unactivatedAccounts: await deleteUnactivatedAccounts(db, before),
    // Someone who registered from a helper's invitation and never activated: with the account
    // gone, their person row (no reference, no claim) can be reached by nothing.
    helperPeople: await deleteHelperPeopleWithoutAccount(db),
    // Ended by sign-out or rotation, by its lifetime, or by the idle time-out; a session's secure
    // tokens go with it (on delete cascade).
    sessions: await deleteEndedSessions(db, before, SESSION.idleTimeoutMs),
    accessCodes: await deleteCodesExpiredBefore(db, before),
    // The wrong-guess budget is per Melbourne day: yesterday's is kept too (two processes may see
    // midnight a moment apart); older days count for nothing.
    codeGuesses: await deleteGuessesBefore(db, localDateTime(now - 2 * DAY_MS).date),
    resetTokens: await deleteResetTokensExpiredBefore(db, before),
    secureTokens: await deleteSecureTokensExpiredBefore(db, before),
    // A count quiet for a day starts again anyway (decision 005).
    loginThrottles: await removeStaleThrottles(db, now),
    // Delivered or given up; unsent ones stay with the worker.
    notifications: await deleteFinishedNotifications(db, before),
    devMail: await deleteDevMailBefore(db, now - KEEP_DEV_MAIL_MS),
    // Anyone may record a page view: kept for ever, they were an unbounded table.
    pageViews: await deletePageViewsBefore(db, now - KEEP_PAGE_VIEWS_MS),
    // Never sent and untouched for 90 days (a sent form is the claim's record and stays).
    abandonedDrafts: await deleteAbandonedDrafts(db, now - KEEP_UNTOUCHED_DRAFT_MS),
    // A passkey ceremony's challenge is worthless once expired (anyone may ask for one at /login),
    // and so is an authenticator set-up never confirmed.
    webauthnChallenges: await deleteChallengesExpiredBefore(db, now),
    // A provider write's answer is replayed for its Idempotency-Key for a week (decision 037).
    idempotencyKeys: await removeExpiredIdempotencyKeys(db, now),
  };
}
