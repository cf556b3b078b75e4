/**
 * The per-file fixture: one server and one browser for the whole file (beforeAll/afterAll), and
 * per test the contexts it opened, closed afterwards. `visit` = navigate, settle, axe check.
 */
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { launchBrowser, newContext, newPage, watchPageErrors, type OpenedPage, type Viewport } from './browser.ts';
import { atPath, settle } from './page.ts';
import { startServer, type RunningServer } from './server.ts';

export type Suite = {
  readonly server: RunningServer;
  readonly browser: Browser;
  readonly baseURL: string;
  /** A new context + page at this viewport; closed after the test. */
  open: (viewport: Viewport) => Promise<OpenedPage>;
  /** A new context at this viewport (for tests that open several pages); closed after the test. */
  openContext: (viewport: Viewport) => Promise<BrowserContext>;
  /** A context + page of a browser the portal has never seen (sign-in asks for a verification code). */
  openNewBrowser: (viewport: Viewport) => Promise<OpenedPage>;
  /**
   * For tests that change server state other tests depend on (throttling, the bank banner): a
   * server of their own for the duration of `work`, with a page from the shared browser.
   */
  withOwnServer: <T>(viewport: Viewport, work: (opened: OpenedPage, server: RunningServer) => Promise<T>) => Promise<T>;
};

const opened: BrowserContext[] = [];
/** Uncaught page errors seen during the current test (checked after it). */
export const pageErrorsOfTest: string[] = [];

export function useSuite(options: { serverEnv?: Record<string, string> } = {}): Suite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: options.serverEnv ?? {} }), launchBrowser()]);
  });

  afterEach(async () => {
    const contexts = opened.splice(0);
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
    const errors = pageErrorsOfTest.splice(0);
    const crash = server?.crashed();
    if (crash) throw new Error(crash);
    expect(errors, 'uncaught errors in the page').toEqual([]);
  });

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await server?.stop();
  });

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not running (beforeAll failed?)`);
    return value;
  };

  return {
    get server() {
      return need(server, 'the server');
    },
    get browser() {
      return need(browser, 'the browser');
    },
    get baseURL() {
      return need(server, 'the server').url;
    },
    async open(viewport) {
      const s = need(server, 'the server');
      const result = await newPage(need(browser, 'the browser'), viewport, s.url, s.knownDevice);
      opened.push(result.context);
      result.page.on('pageerror', (error) => pageErrorsOfTest.push(`${result.page.url()}: ${error.message}`));
      return result;
    },
    async withOwnServer(viewport, work) {
      const own = await startServer({ env: options.serverEnv ?? {} });
      try {
        const result = await newPage(need(browser, 'the browser'), viewport, own.url, own.knownDevice);
        opened.push(result.context);
        result.page.on('pageerror', (error) => pageErrorsOfTest.push(`${result.page.url()}: ${error.message}`));
        try {
          return await work(result, own);
        } catch (error) {
          const crash = own.crashed();
          if (crash) throw new Error(`${(error as Error).message}\n${crash}`, { cause: error });
          throw error;
        } finally {
          await result.context.close().catch(() => undefined);
        }
      } finally {
        await own.stop();
      }
    },
    async openNewBrowser(viewport) {
      const result = await newPage(need(browser, 'the browser'), viewport, need(server, 'the server').url);
      opened.push(result.context);
      result.page.on('pageerror', (error) => pageErrorsOfTest.push(`${result.page.url()}: ${error.message}`));
      return result;
    },
    async openContext(viewport) {
      const s = need(server, 'the server');
      const context = await newContext(need(browser, 'the browser'), viewport, s.url, s.knownDevice);
      opened.push(context);
      context.on('page', (page) => watchPageErrors(page, pageErrorsOfTest));
      return context;
    },
  };
}

/** Navigates, waits for the app to settle on `expectedPath` (default: the path itself), runs axe. */
export async function visit(page: Page, path: string, label: string, expectedPath?: string): Promise<void> {
  await page.goto(path);
  const want = expectedPath ?? new URL(path, 'http://x').pathname;
  await page.waitForURL(atPath(want));
  await expectNoSeriousA11yViolations(page, label);
}

/** Waits for the page to arrive at `pathname` and runs the axe check there. */
export async function arriveAt(page: Page, pathname: string, label: string): Promise<void> {
  await page.waitForURL(atPath(pathname));
  await settle(page);
  await expectNoSeriousA11yViolations(page, label);
}
