/**
 * Where tus-js-client keeps the address of each upload under way on this device (localStorage,
 * under its "tus::" prefix; lib/uploads/resumable-upload.ts), and the one place that forgets them all:
 * at sign-out (lib/session/session.ts), so they never outlive the account that started them.
 */
const RESUMABLE_STORAGE_PREFIX = 'tus::';

export function forgetResumableUploads(): void {
  try {
    const keys = Array.from({ length: window.localStorage.length }, (_, i) => window.localStorage.key(i));
    for (const key of keys) if (key?.startsWith(RESUMABLE_STORAGE_PREFIX)) window.localStorage.removeItem(key);
  } catch {
    // Storage blocked: nothing was kept.
  }
}
