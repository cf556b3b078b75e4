/** Renders the generic placeholder from the route table's meta (app/route-meta.ts PLACEHOLDER_ROUTES). */
import { PlaceholderPage } from '../components/placeholder-page.tsx';
import { useIsSignedIn } from '../lib/session.ts';
import { useRouteMeta } from './shell/use-route-meta.ts';

export function PlaceholderRoute() {
  const meta = useRouteMeta();
  const signedIn = useIsSignedIn();
  const placeholder = meta.placeholder ?? { issue: 0, summary: '' };
  const backTo = signedIn ? { to: '/claim', label: 'Back to claim home' } : { to: '/login', label: 'Back to sign in' };
  return <PlaceholderPage title={meta.title} issue={placeholder.issue} summary={placeholder.summary} backTo={backTo} />;
}
