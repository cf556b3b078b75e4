/**
 * The service worker's rules (spec 000 §1; lib/platform/service-worker.ts) with fake timers and a fake
 * workbox-window: production builds only; registered once the app is stable (loaded, then idle)
 * or after 30 s; an update check once registered and then hourly; a waiting version activated at
 * the next page change; a reload when a new version takes control. And the pages the worker must
 * leave to the server (vite.config.ts).
 */
import { LIMITS } from '@portal/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ServiceWorker from '../src/lib/platform/service-worker.ts';
import { SERVER_PAGES } from '../vite.config.ts';

const fake = vi.hoisted(() => {
  type Listener = (event: { isUpdate?: boolean }) => void;
  class FakeWorkbox {
    static made: FakeWorkbox[] = [];
    readonly listeners = new Map<string, Listener[]>();
    readonly register = vi.fn(() => Promise.resolve(undefined));
    readonly update = vi.fn(() => Promise.resolve(undefined));
    readonly messageSkipWaiting = vi.fn();
    constructor(
      readonly url: string,
      readonly options: unknown,
    ) {
      FakeWorkbox.made.push(this);
    }
    addEventListener(type: string, listener: Listener) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    emit(type: string, event: { isUpdate?: boolean } = {}) {
      for (const listener of this.listeners.get(type) ?? []) listener(event);
    }
  }
  return { FakeWorkbox };
});

vi.mock('workbox-window', () => ({ Workbox: fake.FakeWorkbox }));

type ServiceWorkerModule = typeof ServiceWorker;

/** A fresh copy of the module: its "started" and "registered" state is per page load. */
async function freshModule(): Promise<ServiceWorkerModule> {
  vi.resetModules();
  return import('../src/lib/platform/service-worker.ts');
}

/** Lets the lazy import of workbox-window and the registration's promises settle. */
async function settle(): Promise<void> {
  await vi.dynamicImportSettled();
  await vi.advanceTimersByTimeAsync(0);
}

const workboxes = () => fake.FakeWorkbox.made;
const only = () => {
  expect(workboxes()).toHaveLength(1);
  return workboxes()[0]!;
};

let idleCallbacks: (() => void)[];
let reload: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fake.FakeWorkbox.made = [];
  idleCallbacks = [];
  vi.useFakeTimers();
  vi.stubEnv('PROD', true);
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  // The browser becomes idle only when the test says so.
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => {
    idleCallbacks.push(callback);
    return idleCallbacks.length;
  });
  reload = vi.fn();
  vi.stubGlobal('location', { ...window.location, reload });
});

afterEach(() => {
  vi.unstubAllEnvs();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('registering the service worker', () => {
  it('does nothing outside production builds', async () => {
    vi.stubEnv('PROD', false);
    const sw = await freshModule();
    sw.startServiceWorker();
    for (const callback of idleCallbacks) callback();
    await vi.advanceTimersByTimeAsync(LIMITS.serviceWorkerRegisterAfterMs * 2);
    await settle();
    expect(workboxes()).toHaveLength(0);
  });

  it('registers /sw.js once the loaded app is idle, and only once', async () => {
    const sw = await freshModule();
    sw.startServiceWorker();
    sw.startServiceWorker();
    await settle();
    expect(workboxes()).toHaveLength(0);
    expect(idleCallbacks).toHaveLength(1);

    idleCallbacks[0]?.();
    await settle();
    const wb = only();
    expect(wb.url).toBe('/sw.js');
    expect(wb.options).toEqual({ scope: '/' });
    expect(wb.register).toHaveBeenCalledTimes(1);

    // The 30-second fallback was cancelled: no second registration.
    await vi.advanceTimersByTimeAsync(LIMITS.serviceWorkerRegisterAfterMs);
    await settle();
    expect(workboxes()).toHaveLength(1);
  });

  it('waits for the page to load before looking for an idle moment', async () => {
    Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
    try {
      const sw = await freshModule();
      sw.startServiceWorker();
      expect(idleCallbacks).toHaveLength(0);
      window.dispatchEvent(new Event('load'));
      expect(idleCallbacks).toHaveLength(1);
      idleCallbacks[0]?.();
      await settle();
      expect(only().register).toHaveBeenCalledTimes(1);
    } finally {
      Reflect.deleteProperty(document, 'readyState');
    }
  });

  it('registers after 30 s when the browser is never idle', async () => {
    const sw = await freshModule();
    sw.startServiceWorker();
    await vi.advanceTimersByTimeAsync(LIMITS.serviceWorkerRegisterAfterMs - 1);
    await settle();
    expect(workboxes()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(only().register).toHaveBeenCalledTimes(1);
    // A late idle moment registers nothing more.
    idleCallbacks[0]?.();
    await settle();
    expect(workboxes()).toHaveLength(1);
  });

  it('without requestIdleCallback (Safari) registers a second after load', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const sw = await freshModule();
    sw.startServiceWorker();
    await vi.advanceTimersByTimeAsync(999);
    await settle();
    expect(workboxes()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(only().register).toHaveBeenCalledTimes(1);
  });
});

describe('updates', () => {
  async function registered() {
    const sw = await freshModule();
    sw.startServiceWorker();
    idleCallbacks[0]?.();
    await settle();
    return { sw, wb: only() };
  }

  it('checks for an update once registered, then every hour', async () => {
    const { wb } = await registered();
    expect(wb.update).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(LIMITS.serviceWorkerUpdateEveryMs - 1);
    expect(wb.update).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(wb.update).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(LIMITS.serviceWorkerUpdateEveryMs);
    expect(wb.update).toHaveBeenCalledTimes(3);
    expect(LIMITS.serviceWorkerUpdateEveryMs).toBe(60 * 60 * 1000);
  });

  it('the login page checks for an update; a failed check is quiet', async () => {
    const { sw, wb } = await registered();
    wb.update.mockImplementationOnce(() => Promise.reject(new Error('offline')));
    sw.checkForAppUpdate();
    sw.checkForAppUpdate();
    await settle();
    expect(wb.update).toHaveBeenCalledTimes(3);
  });

  it('a waiting version is activated at the next page change, once', async () => {
    const { sw, wb } = await registered();
    sw.applyWaitingUpdate();
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
    wb.emit('waiting');
    sw.applyWaitingUpdate();
    sw.applyWaitingUpdate();
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1);
  });

  it('reloads when a new version takes control, not when the first one does, and only once', async () => {
    const { wb } = await registered();
    wb.emit('controlling', { isUpdate: false });
    expect(reload).not.toHaveBeenCalled();
    wb.emit('controlling', { isUpdate: true });
    wb.emit('controlling', { isUpdate: true });
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe("the server's own pages are never answered with the app shell", () => {
  const denied = (path: string) => SERVER_PAGES.some((pattern) => pattern.test(path));

  it.each([
    '/api/claim/getclaims',
    '/provider/v1/claims',
    '/dev/outbox',
    '/docs',
    '/docs/',
    '/docs?x=1',
    '/docs/openapi.json',
    '/healthz',
    '/readyz',
    '/readyz?full=1',
  ])('%s goes to the server', (path) => expect(denied(path)).toBe(true));

  it.each(['/login', '/claims', '/documents', '/docsearch', '/healthzone', '/contactus', '/account'])(
    '%s is the app',
    (path) => expect(denied(path)).toBe(false),
  );
});
