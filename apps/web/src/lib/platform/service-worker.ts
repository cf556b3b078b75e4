/**
 * Service worker (spec 000 §1): production builds only. Registered once the app is stable (after
 * the first render, when the browser is idle) or after 30 s, whichever comes first. Updates are
 * checked once stable and then hourly, and when the login page is visited (spec 000 §2). When a
 * new version is waiting it is activated at the next page change — never under a claimant who is
 * typing — and activation reloads the page.
 */
import { LIMITS } from '@portal/contracts';
import type { Workbox } from 'workbox-window';

let workbox: Workbox | undefined;
let started = false;
let waiting = false;
let reloading = false;

async function register(): Promise<void> {
  if (workbox || !('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  workbox = wb;
  wb.addEventListener('waiting', () => {
    waiting = true;
  });
  // The new worker took control: reload so the page runs the new version.
  wb.addEventListener('controlling', (event) => {
    if (event.isUpdate && !reloading) {
      reloading = true;
      window.location.reload();
    }
  });
  await wb.register();
  // "Updates are checked ... once the app is stable."
  void wb.update().catch(() => undefined);
  window.setInterval(() => void wb.update().catch(() => undefined), LIMITS.serviceWorkerUpdateEveryMs);
}

/** Call once after the first render. Does nothing outside production builds. */
export function startServiceWorker(): void {
  if (!import.meta.env.PROD || started) return;
  started = true;
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    void register().catch(() => undefined);
  };
  const fallback = window.setTimeout(go, LIMITS.serviceWorkerRegisterAfterMs);
  const whenIdle = () => {
    window.clearTimeout(fallback);
    go();
  };
  const stable = () => {
    // Safari has no requestIdleCallback.
    const idle = (window as Partial<Window>).requestIdleCallback;
    if (idle) idle.call(window, whenIdle, { timeout: LIMITS.serviceWorkerRegisterAfterMs });
    else window.setTimeout(whenIdle, 1000);
  };
  if (document.readyState === 'complete') stable();
  else window.addEventListener('load', stable, { once: true });
}

/** spec 000 §2: the login page checks for an app update. */
export function checkForAppUpdate(): void {
  void workbox?.update().catch(() => undefined);
}

/** Called on every page change: a waiting version is activated now (which reloads). */
export function applyWaitingUpdate(): void {
  if (waiting && workbox) {
    waiting = false;
    workbox.messageSkipWaiting();
  }
}
