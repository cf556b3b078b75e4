/**
 * Which message (or sent item) is open in the detail pane, kept in the URL (?message=… or
 * ?item=…), so a reload keeps it and — on a small screen, where the detail replaces the list —
 * the phone's back button closes it. Below the 1000 px wide-layout breakpoint (spec 001 §4)
 * opening adds a history entry; on a wide screen, where list and detail sit side by side, it
 * replaces the current one (clicking through ten messages should not need ten Backs).
 *
 * Focus (WCAG 2.4.3): opening moves focus to the detail's heading; closing (Back) returns it to
 * the list entry that was opened.
 */
import { LIMITS } from '@portal/contracts';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

const WIDE_LAYOUT_QUERY = `(min-width: ${LIMITS.wideLayoutBreakpointPx}px)`;

function isWideLayout(): boolean {
  return typeof window.matchMedia === 'function' ? window.matchMedia(WIDE_LAYOUT_QUERY).matches : true;
}

type OpenedState = { openedFromList?: boolean };

export function useSelection(param: string, options: { detailHeadingId: string; listItemId: (id: string) => string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const selectedId = searchParams.get(param);
  const focusDetail = useRef(false);
  const returnTo = useRef<string | null>(null);
  const { detailHeadingId, listItemId } = options;

  const open = useCallback(
    (id: string) => {
      focusDetail.current = true;
      returnTo.current = null;
      if (id === selectedId) {
        document.getElementById(detailHeadingId)?.focus();
        focusDetail.current = false;
        return;
      }
      const wide = isWideLayout();
      const onOpened = Boolean((location.state as OpenedState | null)?.openedFromList);
      // A new history entry only on a small screen, and only from the list itself.
      const push = !wide && !onOpened;
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(param, id);
          return next;
        },
        { replace: !push, preventScrollReset: wide, state: { openedFromList: push || onOpened } satisfies OpenedState },
      );
    },
    [detailHeadingId, location.state, param, selectedId, setSearchParams],
  );

  const close = useCallback(() => {
    returnTo.current = selectedId;
    if ((location.state as OpenedState | null)?.openedFromList && !isWideLayout()) {
      void navigate(-1);
      return;
    }
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(param);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [location.state, navigate, param, selectedId, setSearchParams]);

  useEffect(() => {
    if (selectedId && focusDetail.current) {
      focusDetail.current = false;
      document.getElementById(detailHeadingId)?.focus();
    }
    if (!selectedId && returnTo.current) {
      const id = returnTo.current;
      returnTo.current = null;
      document.getElementById(listItemId(id))?.focus();
    }
  }, [selectedId, detailHeadingId, listItemId]);

  return { selectedId, open, close };
}
