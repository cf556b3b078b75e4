/**
 * App mode (spec 000 §1, §4): the portal running inside the native app wrapper. The flag is kept
 * in sessionStorage (key 'isApp') and mirrored to `window.isApp`, which the wrapper and later
 * screens read. Route data `mobile: true` (the /login/m route) turns it on.
 */
import { readItem, writeItem } from './safe-storage.ts';

const IS_APP_KEY = 'isApp';

declare global {
  interface Window {
    isApp?: boolean;
  }
}

export function isAppMode(): boolean {
  return readItem('session', IS_APP_KEY) === 'true';
}

export function setAppMode(on: boolean): void {
  writeItem('session', IS_APP_KEY, on ? 'true' : 'false');
  window.isApp = on;
}

/** Called once at start-up: mirrors the stored flag to the window. */
export function initAppMode(): void {
  window.isApp = isAppMode();
}
