/**
 * The draft mirror: "A closed tab or a dropped connection loses nothing that was typed
 * more than a second before." Every change of a form's draft is written here at once (the server
 * save waits LIMITS.draftDebounceMs), marked unsynced until a server save of that very change
 * succeeds, and re-sent when the connection returns or the form is opened again.
 *
 * - The server draft stays the record; the mirror only bridges the gap until a save lands.
 * - Keyed by account + claim + form type, so on a shared computer one claimant never sees
 *   another's draft. Cleared on submit, on discard, on sign-out, and when another account signs
 *   in on this browser (forgetDrafts). A forced logout (the idle time-out) keeps it for the same
 *   account's next sign-in only.
 * - Forms with no server draft (Send a message, the My Details edits) keep their draft here only
 *   (use-local-draft.ts): formId and baseUpdatedAt stay null, synced stays false.
 * - Holds the draft JSON only (text and the FileIDs of files already uploaded), never a file.
 * - Best effort: a browser without IndexedDB (or one that refuses it) just has no mirror, and no
 *   mirror failure ever reaches the form.
 * - The storage is an interface (IndexedDB in the browser; draft-mirror-storage.ts); tests give their
 *   own. Opening a form with a mirrored change is open-draft.ts.
 */
import { z } from 'zod';
import type { QueryClient } from '@tanstack/react-query';
import { accountQueryOptions } from '../api/get-account.ts';
import { claimsQueryOptions, selectedClaimOf } from '../api/get-claims.ts';
import { mirrorStorage, timeOf, type MirrorStorage, type StoredDraft } from './draft-mirror-storage.ts';

export { setDraftMirrorStorage, type MirrorStorage, type StoredDraft } from './draft-mirror-storage.ts';

/**
 * Whose draft: the signed-in account (its username, the e-mail address), the claim ('' for a form
 * about the account itself, the same whichever claim is selected), the form.
 */
export type DraftOwner = { account: string; claim: string; form: string };

/** A form about the selected claim, or about the account whatever claim is selected (My Details). */
export type DraftScope = 'claim' | 'account';

type MirrorEntry<D> = Omit<StoredDraft, 'draft'> & { draft: D };

function normaliseAccount(account: string): string {
  return account.trim().toLowerCase();
}

export function draftMirrorKey(owner: DraftOwner): string {
  return JSON.stringify([normaliseAccount(owner.account), owner.claim, owner.form]);
}

export type DraftMirror<D> = {
  read: (owner: DraftOwner) => Promise<MirrorEntry<D> | undefined>;
  /**
   * Writes a change at once (not debounced), unsynced. Returns the change's revision, which the
   * server save of this change hands back to markSynced.
   */
  record: (owner: DraftOwner, change: { draft: D; formId: string | undefined; baseUpdatedAt: string | null }) => string;
  /**
   * A server save succeeded: the entry learns the FormId and the server's UpdatedAt, and is marked
   * synced if it still holds the change that was saved. A cleared entry stays cleared.
   */
  markSynced: (owner: DraftOwner, revision: string, saved: { FormId: string; UpdatedAt: string }) => Promise<void>;
  clear: (owner: DraftOwner) => Promise<void>;
};

type MirrorOptions = {
  storage?: () => MirrorStorage | null;
  /** This device's clock (STYLE.md rule 7). */
  now?: () => number;
  newRevision?: () => string;
};

export function createDraftMirror<D>(schema: z.ZodType<D>, options: MirrorOptions = {}): DraftMirror<D> {
  const store = options.storage ?? mirrorStorage;
  const now = options.now ?? Date.now;
  const newRevision = options.newRevision ?? (() => crypto.randomUUID());
  const entrySchema = z.object({
    key: z.string(),
    account: z.string(),
    draft: schema,
    formId: z.string().nullable(),
    updatedAt: z.number(),
    baseUpdatedAt: z.string().nullable(),
    synced: z.boolean(),
    revision: z.string(),
  });
  const parse = (value: unknown): MirrorEntry<D> | undefined => {
    const parsed = entrySchema.safeParse(value);
    return parsed.success ? (parsed.data as MirrorEntry<D>) : undefined;
  };
  // The mirror never fails the form: a storage error means "no mirror" for that operation.
  const quietly = async <T>(work: (s: MirrorStorage) => Promise<T>, fallback: T): Promise<T> => {
    const s = store();
    if (!s) return fallback;
    try {
      return await work(s);
    } catch {
      return fallback;
    }
  };

  return {
    read: (owner) =>
      quietly(async (s) => {
        const key = draftMirrorKey(owner);
        const raw = await s.get(key);
        const entry = parse(raw);
        // An entry this version cannot read (an older draft shape) is dropped, not shown.
        if (raw !== undefined && !entry) await s.remove(key);
        return entry;
      }, undefined),

    record(owner, change) {
      const revision = newRevision();
      const entry: StoredDraft = {
        key: draftMirrorKey(owner),
        account: normaliseAccount(owner.account),
        draft: change.draft,
        formId: change.formId ?? null,
        updatedAt: now(),
        baseUpdatedAt: change.baseUpdatedAt,
        synced: false,
        revision,
      };
      void quietly((s) => s.put(entry), undefined);
      return revision;
    },

    markSynced: (owner, revision, saved) =>
      quietly(
        (s) =>
          s.update(draftMirrorKey(owner), (current) => {
            const entry = parse(current);
            if (!entry) return undefined;
            // Answers can arrive out of order: the base only ever moves forward.
            const base = timeOf(entry.baseUpdatedAt) > timeOf(saved.UpdatedAt) ? entry.baseUpdatedAt : saved.UpdatedAt;
            return {
              ...entry,
              formId: saved.FormId,
              baseUpdatedAt: base,
              synced: entry.synced || entry.revision === revision,
            };
          }),
        undefined,
      ),

    clear: (owner) => quietly((s) => s.remove(draftMirrorKey(owner)), undefined),
  };
}

/**
 * Forgets drafts kept on this device (decision 017), the one place that does:
 * - `signedOut` (a sign-out on purpose): every mirrored draft of that account. When the account is
 *   not known (its details never loaded in this session) every draft on the device goes: on a
 *   shared computer the privacy of the one signing out comes first.
 * - `signedIn`: every draft of any other account. A time-out keeps a claimant's drafts for their
 *   own next sign-in; once someone else has signed in on this browser they are not coming back
 *   to them here, and the next person to use it should not find them stored.
 */
export async function forgetDrafts(event: { signedOut: string | undefined } | { signedIn: string }): Promise<void> {
  const s = mirrorStorage();
  if (!s) return;
  const doomed: (account: string) => boolean =
    'signedIn' in event
      ? (account) => account !== normaliseAccount(event.signedIn)
      : event.signedOut === undefined
        ? () => true
        : (account) => account === normaliseAccount(event.signedOut as string);
  try {
    await s.removeAccounts(doomed);
  } catch {
    // nothing stored, or storage refused: nothing to forget
  }
}

/**
 * The owner of the current form: the signed-in account and (scope 'claim') the selected claim,
 * both from the session's query cache, fetched when missing. null when either cannot be known —
 * the form then works without a mirror.
 */
export async function currentDraftOwner(
  queryClient: QueryClient,
  form: string,
  scope: DraftScope = 'claim',
): Promise<DraftOwner | null> {
  try {
    const [account, claims] = await Promise.all([
      queryClient.ensureQueryData(accountQueryOptions),
      scope === 'claim' ? queryClient.ensureQueryData(claimsQueryOptions) : undefined,
    ]);
    const username = account.ContactDetails.EmailAddress;
    if (!username) return null;
    if (scope === 'account') return { account: username, claim: '', form };
    const claim = selectedClaimOf(claims);
    return claim ? { account: username, claim: claim.Number, form } : null;
  } catch {
    return null;
  }
}
