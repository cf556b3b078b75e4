import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { currentDraftOwner, type DraftMirror, type DraftOwner, type DraftScope } from './draft-mirror.ts';
import { useRestoredNotice } from './restored-notice.ts';

export type LocalDraftOptions<D> = {
  /** The form's name in the mirror's key ('contact', 'account-mobile'). */
  form: string;
  mirror: DraftMirror<D>;
  /** Kept per selected claim (the default) or per account (My Details). */
  scope?: DraftScope;
  /**
   * What is worth keeping now; null: nothing (an untouched form). The page leaves out what must
   * never be stored: passwords, access codes, bank account numbers, files.
   */
  draft: D | null;
  /** Puts a kept draft back on screen (only when nothing has been typed yet). */
  restore: (draft: D) => void;
};

/**
 * A form with no server draft (Send a message, the My Details edits): what the claimant types is
 * kept in this device's draft mirror only, written at once on every change. The idle time-out
 * (a forced logout) keeps it, and the same account finds it again, with RESTORED_MESSAGE, when it
 * comes back to the same form; another account never sees it. `forget` drops it once the form is
 * sent, saved or cancelled; signing out on purpose forgets every copy of the account.
 */
export function useLocalDraft<D>(options: LocalDraftOptions<D>) {
  const queryClient = useQueryClient();
  const latest = useRef(options);
  latest.current = options;
  const owner = useRef<DraftOwner | null>(null);
  const forgotten = useRef(false);
  /** This page wrote the mirror: a later "nothing worth keeping" clears it. */
  const wrote = useRef(false);
  const [loaded, setLoaded] = useState(false);
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    let live = true;
    void (async () => {
      const { form, mirror, scope } = latest.current;
      const who = await currentDraftOwner(queryClient, form, scope);
      const entry = who ? await mirror.read(who) : undefined;
      if (!live) return;
      owner.current = who;
      if (forgotten.current) {
        if (who) void mirror.clear(who);
        return;
      }
      // Typing that began before the mirror answered wins over an older copy.
      if (entry && latest.current.draft === null) {
        latest.current.restore(entry.draft);
        setRestored(true);
      }
      setLoaded(true);
    })();
    return () => {
      live = false;
    };
  }, [queryClient]);

  const restoredNotice = useRestoredNotice(loaded, restored);

  const draftJson = JSON.stringify(options.draft);
  useEffect(() => {
    const who = owner.current;
    if (!loaded || !who || forgotten.current) return;
    const { mirror, draft } = latest.current;
    if (draft !== null) {
      mirror.record(who, { draft, formId: undefined, baseUpdatedAt: null });
      wrote.current = true;
    } else if (wrote.current) {
      // Everything typed was taken back: nothing to restore next time.
      void mirror.clear(who);
      wrote.current = false;
    }
  }, [loaded, draftJson]);

  /** The form was sent, saved or cancelled: the kept copy goes, and nothing more is kept. */
  const forget = useCallback(() => {
    forgotten.current = true;
    if (owner.current) void latest.current.mirror.clear(owner.current);
  }, []);

  return { restoredNotice, forget };
}
