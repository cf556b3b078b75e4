/**
 * The leave hook of every route (spec 000 §2, spec 001 §2): when a page is left, a page view is
 * recorded for it (POST /api/analytics/pageview, silent), and the native wrapper is told which
 * page is now shown (lib/platform/native-bridge.ts). The last page is recorded when the tab is hidden
 * or closed (fetch keepalive). A waiting app update is applied at a page change.
 */
import { useEffect, useRef } from 'react';
import { recordPageView } from '../../lib/api/record-page-view.ts';
import { notifyNativePage } from '../../lib/platform/native-bridge.ts';
import { applyWaitingUpdate } from '../../lib/platform/service-worker.ts';

type Page = { path: string; title: string };

export function usePageViews(path: string, title: string): void {
  const current = useRef<Page | null>(null);

  useEffect(() => {
    const previous = current.current;
    if (previous && previous.path === path) {
      current.current = { path, title };
      return;
    }
    if (previous) {
      recordPageView(previous.path, previous.title);
      applyWaitingUpdate();
    }
    current.current = { path, title };
    notifyNativePage(path, title);
  }, [path, title]);

  useEffect(() => {
    const onPageHide = () => {
      const page = current.current;
      if (page) recordPageView(page.path, page.title, { keepalive: true });
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, []);
}
