/**
 * Debian's Chromium through playwright-core (never a downloaded browser). Every page comes from
 * its own `browser.newContext()` — AxeBuilder needs a context page — with the server's baseURL.
 */
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { DEVICE_COOKIE } from './api.ts';
import { CHROMIUM_PATH } from './paths.ts';

export type Viewport = { name: 'desktop' | 'phone'; width: number; height: number };

export const DESKTOP: Viewport = { name: 'desktop', width: 1280, height: 800 };
export const PHONE: Viewport = { name: 'phone', width: 375, height: 812 };
export const VIEWPORTS: readonly Viewport[] = [DESKTOP, PHONE];

/** Below this width the app shows the side menu instead of the wide-screen toolbar (spec 000 §2). */
const MOBILE_BREAKPOINT_PX = 680;

export function isNarrow(viewport: Viewport): boolean {
  return viewport.width < MOBILE_BREAKPOINT_PX;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export type OpenedPage = {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions thrown in the page (pageerror), for assertions and failure messages. */
  pageErrors: string[];
};

/** Watches a page for uncaught script errors. */
export function watchPageErrors(page: Page, into: string[]): void {
  page.on('pageerror', (error) => into.push(`${page.url()}: ${error.message}`));
}

const inflight = new WeakMap<Page, Set<Request>>();

/** Requests of this page still in flight (tracked for every page of a context made here). */
export function inflightRequests(page: Page): number {
  return inflight.get(page)?.size ?? 0;
}

function trackRequests(context: BrowserContext): void {
  const setOf = (request: Request): Set<Request> | undefined => {
    const page = request.frame().page();
    let set = inflight.get(page);
    if (!set) {
      set = new Set();
      inflight.set(page, set);
    }
    return set;
  };
  context.on('request', (request) => {
    try {
      setOf(request)?.add(request);
    } catch {
      // a service-worker request has no frame
    }
  });
  const done = (request: Request) => {
    try {
      setOf(request)?.delete(request);
    } catch {
      // as above
    }
  };
  context.on('requestfinished', done);
  context.on('requestfailed', done);
}

/**
 * A new context. `knownDevice` (the server's RunningServer.knownDevice) makes it a browser the
 * demo accounts have verified on, so signing in goes straight in; without it the context is a
 * browser the portal has never seen (sign-in asks for a verification code).
 */
export async function newContext(
  browser: Browser,
  viewport: Viewport,
  baseURL: string,
  knownDevice?: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    baseURL,
    locale: 'en-AU',
    timezoneId: 'Australia/Melbourne',
    serviceWorkers: 'block',
  });
  if (knownDevice) {
    await context.addCookies([
      { name: DEVICE_COOKIE, value: knownDevice, url: baseURL, httpOnly: true, sameSite: 'Strict' },
    ]);
  }
  trackRequests(context);
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(20_000);
  return context;
}

export async function newPage(
  browser: Browser,
  viewport: Viewport,
  baseURL: string,
  knownDevice?: string,
): Promise<OpenedPage> {
  const context = await newContext(browser, viewport, baseURL, knownDevice);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  watchPageErrors(page, pageErrors);
  return { context, page, pageErrors };
}
