/**
 * CSRF for the request layer and uploads: the header X-XSRF-TOKEN repeats the readable
 * __Host-XSRF-TOKEN cookie (Secure, Path=/, this host only; decision 038); before the first POST without the cookie, GET getinformation sets it.
 */
import { ROUTES } from '@portal/contracts';

export const XSRF_COOKIE = '__Host-XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return undefined;
}

let xsrfBootstrap: Promise<void> | null = null;

/** GET getinformation sets the __Host-XSRF-TOKEN cookie; concurrent callers share one bootstrap call. */
export async function ensureXsrfCookie(): Promise<void> {
  if (readCookie(XSRF_COOKIE)) return;
  xsrfBootstrap ??= fetch(ROUTES.getInformation.path, {
    method: 'GET',
    credentials: 'same-origin',
    cache: 'no-store',
    headers: { Accept: 'application/json' },
  })
    .then(
      () => undefined,
      () => undefined, // the POST that follows reports the failure
    )
    .finally(() => {
      xsrfBootstrap = null;
    });
  await xsrfBootstrap;
}
