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
 *   (use-form-draft.ts useLocalDraft): formId and baseUpdatedAt stay null, synced stays false.
 * - Holds the draft JSON only (text and the FileIDs of files already uploaded), never a file.
 * - Best effort: a browser without IndexedDB (or one that refuses it) just has no mirror, and no
 *   mirror failure ever reaches the form.
 * - The storage is an interface (IndexedDB in the browser); tests give their own.
 */
import { ErrorNumber } from '@portal/contracts';
import { z } from 'zod';
import type { QueryClient } from '@tanstack/react-query';
import { accountQueryOptions } from './api/get-account.ts';
import { claimsQueryOptions, selectedClaimOf } from './api/get-claims.ts';
import { isRequestError } from './request-error.ts';

/**
 * Whose draft: the signed-in account (its username, the e-mail address), the claim ('' for a form
 * about the account itself, the same whichever claim is selected), the form.
 */
export type DraftOwner = { account: string; claim: string; form: string };

/** A form about the selected claim, or about the account whatever claim is selected (My Details). */
export type DraftScope = 'claim' | 'account';

/** One mirrored draft as stored. `draft` is checked against the form's schema when read. */
export type StoredDraft = {
  key: string;
  account: string;
  draft: unknown;
  /** The server's FormId, once a save has created the form. */
  formId: string | null;
  /** When the claimant made this change (this device's clock, ms). */
  updatedAt: number;
  /** The server's UpdatedAt of the version this change replaces (null: the server had none). */
  baseUpdatedAt: string | null;
  /** A server save of exactly this change has succeeded. */
  synced: boolean;
  /** Names this change, so a slow save of an older change never marks a newer one synced. */
  revision: string;
};

export type MirrorStorage = {
  get: (key: string) => Promise<unknown>;
  put: (entry: StoredDraft) => Promise<void>;
  /** Atomically replaces the entry by change(current): undefined keeps it, null deletes it. */
  update: (key: string, change: (current: unknown) => StoredDraft | null | undefined) => Promise<void>;
  remove: (key: string) => Promise<void>;
  /** Every entry whose account `doomed` answers true for. */
  removeAccounts: (doomed: (account: string) => boolean) => Promise<void>;
};

export type MirrorEntry<D> = Omit<StoredDraft, 'draft'> & { draft: D };

/** The draft as the server answers it (getdraft…): null when it has none. */
export type ServerDraft<D> = { FormId: string; Draft: D; UpdatedAt: string };
/** What a server save answers. */
export type SavedDraft = { FormId: string; UpdatedAt: string; Submitted: boolean };

// ---------------------------------------------------------------------------------------------
// IndexedDB storage (raw API, a tiny promise wrapper)

const DB_NAME = 'portal-drafts';
const DB_VERSION = 1;
const STORE = 'drafts';

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

export function indexedDbStorage(factory: IDBFactory | undefined = globalThis.indexedDB): MirrorStorage | null {
  if (!factory) return null;
  let opening: Promise<IDBDatabase> | null = null;

  const open = (): Promise<IDBDatabase> => {
    opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DB_NAME, DB_VERSION);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(STORE))
          request.result.createObjectStore(STORE, { keyPath: 'key' });
      };
      request.onsuccess = () => {
        const db = request.result;
        // A newer version of the app in another tab wants to upgrade: let it.
        db.onversionchange = () => {
          db.close();
          opening = null;
        };
        resolve(db);
      };
      request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
    }).catch((error: unknown) => {
      opening = null;
      throw error;
    });
    return opening;
  };

  /** Runs `work` in one transaction; resolves once the transaction has committed. */
  const transact = async (mode: IDBTransactionMode, work: (store: IDBObjectStore) => void): Promise<void> => {
    const db = await open();
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
      work(tx.objectStore(STORE));
    });
  };

  return {
    async get(key) {
      const db = await open();
      return requestResult(db.transaction(STORE, 'readonly').objectStore(STORE).get(key));
    },
    put: (entry) => transact('readwrite', (store) => void store.put(entry)),
    update: (key, change) =>
      transact('readwrite', (store) => {
        const read = store.get(key);
        read.onsuccess = () => {
          const next = change(read.result);
          if (next === null) store.delete(key);
          else if (next !== undefined) store.put(next);
        };
      }),
    remove: (key) => transact('readwrite', (store) => void store.delete(key)),
    removeAccounts: (doomed) =>
      transact('readwrite', (store) => {
        const cursor = store.openCursor();
        cursor.onsuccess = () => {
          const at = cursor.result;
          if (!at) return;
          const account = (at.value as { account?: unknown } | undefined)?.account;
          // An entry that names no account (not written by this app) goes too.
          if (typeof account !== 'string' || doomed(account)) at.delete();
          at.continue();
        };
      }),
  };
}

let storageInUse: MirrorStorage | null | undefined;

function storage(): MirrorStorage | null {
  if (storageInUse === undefined) {
    try {
      storageInUse = indexedDbStorage();
    } catch {
      storageInUse = null;
    }
  }
  return storageInUse;
}

/** Replaces the mirror's storage (unit tests: jsdom has no IndexedDB). null: no mirror. */
export function setDraftMirrorStorage(next: MirrorStorage | null): void {
  storageInUse = next;
}

// ---------------------------------------------------------------------------------------------
// The mirror

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

const timeOf = (iso: string | null): number => (iso === null ? Number.NaN : Date.parse(iso));

export function createDraftMirror<D>(schema: z.ZodType<D>, options: MirrorOptions = {}): DraftMirror<D> {
  const store = options.storage ?? storage;
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
  const s = storage();
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
 * The one call of sign-out (app/use-sign-out.ts): forgets the signed-in account's mirrored drafts.
 * The account is read at once, before the sign-out drops the session's query cache.
 */
export function forgetDraftsOnSignOut(queryClient: QueryClient): Promise<void> {
  return forgetDrafts({
    signedOut: queryClient.getQueryData(accountQueryOptions.queryKey)?.ContactDetails.EmailAddress,
  });
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

// ---------------------------------------------------------------------------------------------
// Opening a form

/**
 * Whether the mirrored change should replace what the server has: only an unsynced change, and
 * only when the server has no draft, could not be asked, still has the version the change was
 * made on (no clock comparison needed), or changed since but earlier than this change was made.
 */
export function mirrorWins(
  entry: Pick<StoredDraft, 'synced' | 'updatedAt' | 'baseUpdatedAt'> | undefined,
  server: { UpdatedAt: string } | null | 'unavailable',
): boolean {
  if (!entry) return false;
  if (server === 'unavailable') return true;
  if (entry.synced) return false;
  if (server === null) return true;
  if (entry.baseUpdatedAt !== null && timeOf(server.UpdatedAt) <= timeOf(entry.baseUpdatedAt)) return true;
  return entry.updatedAt > timeOf(server.UpdatedAt);
}

export type OpenedDraft<D> = {
  draft: D | null;
  formId: string | undefined;
  /** The server's UpdatedAt of what the form shows (null: the server has none yet). */
  updatedAt: string | null;
  /** Changes made on this device were put back: tell the claimant. */
  restored: boolean;
  /** What the form shows is not on the server yet: keep re-sending. */
  unsynced: boolean;
  /** The mirror revision the form shows, for markSynced after the next save. */
  revision: string | undefined;
};

function isGoneOnServer(error: unknown): boolean {
  return (
    isRequestError(error) && error.kind === 'server' && error.items.some((item) => item.Number === ErrorNumber.NotFound)
  );
}

/**
 * Decides what a form shows when it opens: the server draft, or this device's newer unsent change
 * — which is then pushed to the server at once. A push that finds the form already sent (Submitted)
 * or gone (discarded elsewhere: not found) drops the mirror: sending or discarding wins. A push
 * that fails otherwise (still offline) keeps the change, unsynced.
 */
export async function openDraft<D>(
  mirror: DraftMirror<D>,
  owner: DraftOwner | null,
  server: ServerDraft<D> | null | 'unavailable',
  push: (draft: D, formId: string | undefined) => Promise<SavedDraft>,
): Promise<OpenedDraft<D>> {
  const fromServer: OpenedDraft<D> =
    server === null || server === 'unavailable'
      ? { draft: null, formId: undefined, updatedAt: null, restored: false, unsynced: false, revision: undefined }
      : {
          draft: server.Draft,
          formId: server.FormId,
          updatedAt: server.UpdatedAt,
          restored: false,
          unsynced: false,
          revision: undefined,
        };
  if (!owner) return fromServer;
  const entry = await mirror.read(owner);
  if (!mirrorWins(entry, server) || !entry) {
    // An unsent change older than the server's (made elsewhere later) is stale.
    if (entry && !entry.synced) await mirror.clear(owner);
    return fromServer;
  }
  const local = { draft: entry.draft, formId: entry.formId ?? undefined, revision: entry.revision };
  if (entry.synced) return { ...local, updatedAt: entry.baseUpdatedAt, restored: false, unsynced: false };
  try {
    const saved = await push(entry.draft, local.formId);
    if (saved.Submitted) {
      await mirror.clear(owner);
      return fromServer;
    }
    await mirror.markSynced(owner, entry.revision, saved);
    return { ...local, formId: saved.FormId, updatedAt: saved.UpdatedAt, restored: true, unsynced: false };
  } catch (error) {
    if (isGoneOnServer(error)) {
      await mirror.clear(owner);
      return fromServer;
    }
    // A forced logout keeps the change for the next sign-in; the app is leaving the form.
    if (isRequestError(error) && error.forcedLogout) return fromServer;
    return { ...local, updatedAt: entry.baseUpdatedAt, restored: true, unsynced: true };
  }
}
