import { useMatches, useNavigate } from 'react-router';
import { selectedClaimOf, useCachedClaims } from '../../lib/api/cached-claims.ts';
import { isSignedIn, useIsSignedIn } from '../../lib/session/session.ts';
import { FALLBACK_META, isRouteMeta, pageTitleOf, type RouteMeta } from '../route-meta.ts';

/**
 * The meta of the deepest matched route; a title its loader named (`{ pageTitle }`, e.g. a
 * service's name) replaces the route's own title.
 */
export function useRouteMeta(): RouteMeta {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const match = matches[i];
    const handle = match?.handle;
    if (isRouteMeta(handle)) {
      const title = pageTitleOf(match?.loaderData);
      return title ? { ...handle, title } : handle;
    }
  }
  return FALLBACK_META;
}

/** Back, Cancel and Close: the previous page in this tab, else the route's parent. */
export function useGoBack(meta: RouteMeta): () => void {
  const navigate = useNavigate();
  return () => {
    const state = window.history.state as { idx?: number } | null;
    if ((state?.idx ?? 0) > 0) void navigate(-1);
    else void navigate(meta.parent ?? (isSignedIn() ? '/claim' : '/login'));
  };
}

/**
 * Where "Home" leads: the claim home with a selected claim, else My Claims; signed out, sign-in.
 * It reads the claims the signed-in shell has fetched (useClaims in signed-in.tsx).
 */
export function useHomePath(): string {
  const signedIn = useIsSignedIn();
  const selectedClaim = selectedClaimOf(useCachedClaims());
  if (!signedIn) return '/login';
  return selectedClaim ? '/claim' : '/claims';
}
