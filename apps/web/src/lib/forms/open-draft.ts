/**
 * Opening a form that keeps a draft: the server's draft or this device's newer unsent change
 * (draft-mirror.ts), and pushing that change to the server at once.
 */
import { ErrorNumber } from '@portal/contracts';
import { timeOf, type StoredDraft } from './draft-mirror-storage.ts';
import type { DraftMirror, DraftOwner } from './draft-mirror.ts';
import { isRequestError } from '../request/request-error.ts';

/** The draft as the server answers it (getdraft…): null when it has none. */
export type ServerDraft<D> = { FormId: string; Draft: D; UpdatedAt: string };
/** What a server save answers. */
export type SavedDraft = { FormId: string; UpdatedAt: string; Submitted: boolean };

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
