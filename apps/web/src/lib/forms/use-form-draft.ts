/**
 * One form's draft (spec 001 "Document and reimbursement drafts"), written once for
 * every form that keeps a server draft and this device's mirror (draft-mirror.ts):
 * - opening: the server draft (a query held only while the form is open) and the mirror are read;
 *   a newer mirrored change wins and is sent;
 * - every change of the draft's content is mirrored at once and saved LIMITS.draftDebounceMs
 *   after the last one; a save that fails is re-sent when the connection returns ('online');
 * - leaving with unsaved changes (or uploads in flight) asks first (50 ms rule) and saves the
 *   draft as saved-unsubmitted;
 * - submit and discard clear the mirror, and nothing is saved after them.
 * The page keeps its fields and turns them into the draft (`draft`) and back (`restore`).
 *
 * useLocalDraft (use-local-draft.ts) is the same for a form the server keeps no draft of: the
 * mirror only.
 */
import { LIMITS } from '@portal/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { requestConfirm } from '../feedback/confirm.ts';
import { currentDraftOwner, type DraftMirror, type DraftOwner } from './draft-mirror.ts';
import { openDraft, type SavedDraft, type ServerDraft } from './open-draft.ts';
import { useRestoredNotice } from './restored-notice.ts';
import { useLeaveQuestion, type BlockedLeave } from './use-leave-question.ts';
import { FRESHNESS } from '../api/freshness.ts';

export { RESTORED_MESSAGE } from './restored-notice.ts';
export { useLocalDraft } from './use-local-draft.ts';

export const DISCARD_MESSAGE = 'You are about to lose the uploaded information. Are you sure?';
/** A form's draft calls (getdraft, updateform, discarddraft). */
type DraftApi<D> = {
  get: () => Promise<ServerDraft<D> | null>;
  save: (
    body: { FormId?: string | undefined; Draft: D; SavedUnsubmitted?: boolean },
    keepalive?: boolean,
  ) => Promise<SavedDraft>;
  discard: (formId: string | undefined) => Promise<unknown>;
};

export type FormDraftOptions<D> = {
  /** The form's name in the mirror's key ('documents', 'reimbursement'). */
  form: string;
  mirror: DraftMirror<D>;
  api: DraftApi<D>;
  /** What the form shows now, as a draft: a change of its content is a change of the draft. */
  draft: D;
  /** Puts the opened draft (null: none) on screen. */
  restore: (draft: D | null) => void;
  /** Uploads still in flight: leaving asks even with the draft saved. */
  uploading: boolean;
  /** While true, a change is neither mirrored nor saved. By default: once the form is sent. */
  ignoreChanges?: boolean;
  /** Leaving for this path goes there with `{ draftSaved: true }`, so it can say so. */
  draftSavedNoticeAt?: string;
};

/** The query key of a form's server draft, kept apart from the session's keys: it lives only while the form is open. */
const formDraftKey = (form: string) => ['form-draft', form] as const;

export function useFormDraft<D>(options: FormDraftOptions<D>) {
  const { draft, uploading } = options;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [loaded, setLoaded] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [restored, setRestored] = useState(false);
  const latest = useRef(options);
  latest.current = options;
  const formId = useRef<string | undefined>(undefined);
  /** The server's UpdatedAt of the version on screen: the base of the next mirrored change. */
  const serverUpdatedAt = useRef<string | null>(null);
  const owner = useRef<DraftOwner | null>(null);
  /** The mirror revision of the latest change (a save hands it back to markSynced). */
  const mirrorRevision = useRef<string | undefined>(undefined);
  const dirtyNow = useRef(false);
  dirtyNow.current = dirty;
  const submitted = useRef(false);
  const leaving = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const changeSeq = useRef(0);

  // Opening: the server draft and this device's mirror; a newer mirrored change wins and is sent.
  // The server draft is read once per opening of the form (gcTime 0, never stale while open): the
  // form then owns it, and its saves are what the server holds.
  const serverDraft = useQuery({
    queryKey: formDraftKey(options.form),
    queryFn: async () => (await latest.current.api.get()) ?? null,
    ...FRESHNESS.oncePerOpening,
  });
  const server = serverDraft.isError ? ('unavailable' as const) : serverDraft.data;
  useEffect(() => {
    if (server === undefined) return;
    let live = true;
    void (async () => {
      const { form, mirror, api } = latest.current;
      const who = await currentDraftOwner(queryClient, form);
      if (!live) return;
      owner.current = who;
      const opened = await openDraft(mirror, who, server, (d, id) => api.save({ FormId: id, Draft: d }));
      if (!live) return;
      formId.current = opened.formId;
      serverUpdatedAt.current = opened.updatedAt;
      mirrorRevision.current = opened.revision;
      latest.current.restore(opened.draft);
      if (opened.unsynced) {
        // Still not on the server: the leave confirmation applies and the 'online' retry sends it.
        changeSeq.current += 1;
        setDirty(true);
      }
      setRestored(opened.restored);
      setLoaded(true);
    })();
    return () => {
      live = false;
    };
  }, [queryClient, server]);

  const restoredNotice = useRestoredNotice(loaded, restored);

  const save = useCallback(async (saveOptions: { savedUnsubmitted?: boolean; keepalive?: boolean } = {}) => {
    if (submitted.current) return;
    const seq = changeSeq.current;
    const revision = mirrorRevision.current;
    const { api, mirror, draft: current } = latest.current;
    try {
      const saved = await api.save(
        { FormId: formId.current, Draft: current, ...(saveOptions.savedUnsubmitted ? { SavedUnsubmitted: true } : {}) },
        saveOptions.keepalive,
      );
      formId.current = saved.FormId;
      serverUpdatedAt.current = saved.UpdatedAt;
      if (owner.current) {
        if (saved.Submitted) void mirror.clear(owner.current);
        else if (revision) void mirror.markSynced(owner.current, revision, saved);
      }
      if (saved.Submitted) submitted.current = true;
      if (seq === changeSeq.current) setDirty(false);
    } catch {
      // Stays dirty and the mirror stays unsynced: the next change, the connection coming back
      // ('online'), the leave confirmation or the next opening of the form tries again.
    }
  }, []);

  // The connection is back: send what the failed save could not.
  useEffect(() => {
    const onOnline = () => {
      if (!dirtyNow.current || submitted.current || leaving.current || timer.current) return;
      void save();
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [save]);

  // Every change of the draft's content: mirrored at once (not debounced: a tab closed before the
  // server save still keeps it), saved a second after the last one.
  const draftJson = JSON.stringify(draft);
  const first = useRef(true);
  useEffect(() => {
    if (!loaded) return;
    if (first.current) {
      first.current = false;
      return;
    }
    const { ignoreChanges, mirror, draft: current } = latest.current;
    if ((ignoreChanges ?? submitted.current) || leaving.current) return;
    changeSeq.current += 1;
    setDirty(true);
    if (owner.current) {
      mirrorRevision.current = mirror.record(owner.current, {
        draft: current,
        formId: formId.current,
        baseUpdatedAt: serverUpdatedAt.current,
      });
    }
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      void save();
    }, LIMITS.draftDebounceMs);
  }, [loaded, draftJson, save]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  // Leaving with unsaved changes (spec 001 §4)
  // Never once signed out: a forced logout's move to /login must not stop at the question (the
  // draft is kept by the forced logout's own event).
  const leave = useCallback(
    (blocker: BlockedLeave) => {
      leaving.current = true;
      if (timer.current) clearTimeout(timer.current);
      void save({ savedUnsubmitted: true, keepalive: true });
      const noticeAt = latest.current.draftSavedNoticeAt;
      if (noticeAt !== undefined && blocker.location.pathname === noticeAt) {
        blocker.reset();
        void navigate(noticeAt, { state: { draftSaved: true } });
      } else blocker.proceed();
    },
    [navigate, save],
  );
  useLeaveQuestion(() => (dirty || uploading) && !leaving.current, leave);

  /** Stops the debounced save (a submit sends the draft itself). */
  const cancelSave = () => {
    if (timer.current) clearTimeout(timer.current);
  };

  /** The FormId to submit under: the draft is saved first when the server has no form yet. */
  const savedFormId = async (): Promise<string> => {
    if (!formId.current) await save();
    if (!formId.current) throw new Error('The draft could not be saved');
    return formId.current;
  };

  /** The form was sent: nothing more is saved, leaving asks nothing, the mirror goes. */
  const markSubmitted = () => {
    submitted.current = true;
    leaving.current = true;
    if (owner.current) void latest.current.mirror.clear(owner.current);
  };

  /**
   * Discard Draft (spec 001 §4): asks, then deletes the draft. `onStart` runs as the request goes,
   * `onFailure` if it fails. True once the draft is gone (the mirror with it).
   */
  const discard = async (steps: { onStart?: () => void; onFailure?: () => void } = {}): Promise<boolean> => {
    const proceed = await requestConfirm({
      title: 'Discard draft',
      message: DISCARD_MESSAGE,
      confirmLabel: 'Yes, discard',
      cancelLabel: 'No, keep it',
    });
    if (!proceed) return false;
    if (timer.current) clearTimeout(timer.current);
    leaving.current = true;
    steps.onStart?.();
    try {
      await latest.current.api.discard(formId.current);
    } catch {
      leaving.current = false;
      steps.onFailure?.();
      return false;
    }
    submitted.current = true;
    if (owner.current) void latest.current.mirror.clear(owner.current);
    return true;
  };

  return {
    loaded,
    dirty,
    restoredNotice,
    /** The server's FormId once the draft has been saved (uploads are filed under it). */
    formId,
    /** The draft status said to screen readers. */
    savedStatus: dirty ? '' : formId.current ? 'Draft saved' : '',
    cancelSave,
    savedFormId,
    markSubmitted,
    discard,
  };
}
