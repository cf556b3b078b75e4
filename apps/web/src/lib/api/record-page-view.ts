/** POST /api/analytics/pageview — the first-party page-view record (no third-party analytics). Silent. */
import { call } from '../request/call.ts';

export function recordPageView(path: string, title: string, options: { keepalive?: boolean } = {}): void {
  const Path = (path.startsWith('/') ? path : `/${path}`).slice(0, 300);
  const Title = title.slice(0, 200);
  call('pageView', { Path, Title }, { silent: true, keepalive: options.keepalive ?? false }).catch(() => undefined);
}
