/**
 * The pages the Lighthouse benchmark (../lighthouse.ts) audits: the baseline (a minimal static
 * page served beside the web app), /login, and every signed-in page a claimant lands on — /claim,
 * /inbox, /payments, /sentitems, /account, /submitdocuments, /reimbursementform — signed in as a
 * demo claimant with a claim selected; each with how it is prepared and how its result is checked
 * to be the page meant.
 */
import type { Result } from 'lighthouse';
import type { Page } from 'puppeteer-core';
import { CSRF, browserCookies, signInWithClaim } from './server.ts';

export const BASELINE_FILE = 'lighthouse-baseline.html';
/** The demo claimant with the fullest claim home: three claims, unread messages, the bank banner. */
export const CLAIMANT = { username: 'alex.citizen@example.com', claim: '21/45678' };
/** apps/web/src/lib/session/session.ts CURRENT_USER_KEY: where a remembered sign-in keeps its token. */
export const CURRENT_USER_KEY = 'currentUser';

/** Small, valid and accessible: a heading and a paragraph, no script, no stylesheet, no image. */
export const BASELINE_HTML = `<!doctype html>
<html lang="en-AU">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Lighthouse baseline</title>
  </head>
  <body>
    <main>
      <h1>Baseline</h1>
      <p>A static page with no script or stylesheet, served by the same server as the portal.</p>
    </main>
  </body>
</html>
`;

/** The signed-in pages audited after /claim, each as a claimant opens it from the claim home. */
const SIGNED_IN_PAGES = ['inbox', 'payments', 'sentitems', 'account', 'submitdocuments', 'reimbursementform'] as const;
export type PageKey = 'login' | 'claim' | (typeof SIGNED_IN_PAGES)[number];
export const PAGE_KEYS: readonly PageKey[] = ['login', 'claim', ...SIGNED_IN_PAGES];

export type Target = {
  key: 'baseline' | PageKey;
  path: string;
  prepare?: (page: Page) => Promise<void>;
  check?: (page: Page, lhr: Result) => Promise<void>;
};

/** What the page shows after Lighthouse is done with it (the audited document itself). */
async function pageState(
  page: Page,
): Promise<{ path: string; heading: string; title: string; passwordField: boolean; enquiriesNote: boolean }> {
  return (await page.evaluate(`({
    path: location.pathname,
    heading: [...document.querySelectorAll('h1, h2')].map((h) => h.textContent.trim()).filter(Boolean).join(' | '),
    title: document.title,
    passwordField: document.querySelector('input[type=password]') !== null,
    enquiriesNote: document.querySelector('[data-testid="enquiries-note"]') !== null,
  })`)) as { path: string; heading: string; title: string; passwordField: boolean; enquiriesNote: boolean };
}

export function targets(origin: string): Target[] {
  const cookies = Object.fromEntries(
    browserCookies()
      .split('; ')
      .map((c) => [c.slice(0, c.indexOf('=')), c.slice(c.indexOf('=') + 1)]),
  );
  // A claimant who signed in on this browser before (remembered: the token in localStorage),
  // with a claim selected on the server, as the web app leaves it after sign-in and /claims.
  const signedIn = async (page: Page) => {
    const token = await signInWithClaim(origin, CLAIMANT.username, CLAIMANT.claim);
    const cdp = await page.createCDPSession();
    for (const [name, value] of Object.entries(cookies)) {
      const httpOnly = name !== '__Host-XSRF-TOKEN';
      await cdp.send('Network.setCookie', {
        name,
        value: name === '__Host-XSRF-TOKEN' ? CSRF : (value as string),
        url: origin,
        path: '/',
        httpOnly,
        secure: name.startsWith('__Host-'),
        sameSite: 'Strict',
      });
    }
    await cdp.detach();
    // Any document of the origin will do for its localStorage; the icon runs no script.
    await page.goto(`${origin}/favicon.svg`);
    await page.evaluate(
      `localStorage.setItem(${JSON.stringify(CURRENT_USER_KEY)}, ${JSON.stringify(JSON.stringify({ AccessToken: token, IsOneTimePassword: false }))})`,
    );
  };
  /** A signed-in page other than the claim home: it stayed at its address, titled, not sent to sign in. */
  const signedInPage = (key: (typeof SIGNED_IN_PAGES)[number]): Target => ({
    key,
    path: `/${key}`,
    prepare: signedIn,
    check: async (page, lhr) => {
      const state = await pageState(page);
      const at = new URL(lhr.finalDisplayedUrl).pathname;
      if (
        at !== `/${key}` ||
        state.path !== `/${key}` ||
        state.passwordField ||
        !state.heading ||
        /not found/i.test(state.title)
      ) {
        throw new Error(
          `/${key} did not show its page: Lighthouse ended on ${lhr.finalDisplayedUrl}, ` +
            `the page is at ${state.path} titled "${state.title}" showing "${state.heading}"`,
        );
      }
    },
  });
  return [
    { key: 'baseline', path: `/${BASELINE_FILE}` },
    {
      key: 'login',
      path: '/login',
      check: async (page, lhr) => {
        const state = await pageState(page);
        if (new URL(lhr.finalDisplayedUrl).pathname !== '/login' || state.path !== '/login' || !state.passwordField) {
          throw new Error(
            `/login did not show the sign-in form: Lighthouse ended on ${lhr.finalDisplayedUrl}, the page is at ${state.path} showing "${state.heading}"`,
          );
        }
      },
    },
    {
      key: 'claim',
      path: '/claim',
      prepare: signedIn,
      check: async (page, lhr) => {
        const state = await pageState(page);
        if (
          new URL(lhr.finalDisplayedUrl).pathname !== '/claim' ||
          state.path !== '/claim' ||
          !state.enquiriesNote ||
          !state.heading.includes('What would you like to do?')
        ) {
          throw new Error(
            `/claim did not show the claim home: Lighthouse ended on ${lhr.finalDisplayedUrl}, ` +
              `the page is at ${state.path} showing "${state.heading}" ` +
              `(enquiries note ${state.enquiriesNote ? 'present' : 'missing'})`,
          );
        }
      },
    },
    ...SIGNED_IN_PAGES.map(signedInPage),
  ];
}
