/** POST /api/analytics/pageview — the first-party page-view record (no third-party analytics). Silent. */
import { lazyResponse, request } from '../request.ts';

// Made from the shell (every page, /login included): the answer's schema is loaded on demand.
const pageView = lazyResponse('pageView', () => import('./ok.ts').then((m) => m.Ok));

export function recordPageView(path: string, title: string, options: { keepalive?: boolean } = {}): void {
  const Path = (path.startsWith('/') ? path : `/${path}`).slice(0, 300);
  const Title = title.slice(0, 200);
  request<true>(pageView, { Path, Title }, { silent: true, keepalive: options.keepalive ?? false }).catch(
    () => undefined,
  );
}
