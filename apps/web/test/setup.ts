/**
 * Web unit-test setup (jsdom). Any console.error during a test fails it (STYLE.md rule 6): React
 * warnings, failed prop types and act() problems are bugs, not noise.
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { markAuthenticatedActivity } from '../src/lib/session/activity.ts';
import { clearAlerts } from '../src/lib/feedback/alerts.ts';
import { clearSession, clearSignedOutReason } from '../src/lib/session/session.ts';

// Pages and the query client load on demand (lazy chunks, as in the browser): on a busy 2-core
// machine the first render of a route can take more than the library's default 1 s.
configure({ asyncUtilTimeout: 4000 });

let consoleErrors: unknown[][] = [];
const originalError = console.error;

beforeEach(() => {
  consoleErrors = [];
  console.error = (...args: unknown[]) => {
    consoleErrors.push(args);
    originalError(...args);
  };
});

afterEach(() => {
  cleanup();
  console.error = originalError;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearSession();
  clearSignedOutReason();
  clearAlerts();
  markAuthenticatedActivity(Date.now());
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; secure`;
  }
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) {
    const text = errors
      .map((args) => args.map((a) => (a instanceof Error ? a.message : String(a))).join(' '))
      .join('\n');
    throw new Error(`console.error was called during the test:\n${text}`);
  }
});

// jsdom lacks a few browser APIs the shell uses.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
window.scrollTo = (() => undefined) as typeof window.scrollTo;
if (!globalThis.CSS?.escape) {
  const escape = (value: string) => value.replace(/[^a-zA-Z0-9_-]/g, (ch) => `\\${ch}`);
  globalThis.CSS = { ...(globalThis.CSS ?? {}), escape } as typeof CSS;
}
