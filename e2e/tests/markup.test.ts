/**
 * The portal's markup as people and their tools meet it. An unknown address shows "Page not found"
 * (not the spec's redirect to /claims; decision 036), signed out and signed in, with its title and
 * its way on, while the API keeps its own not-found answer. The main pages, as the browser renders
 * them signed out, in the self-assessment and signed in, are valid HTML to the Nu Html Checker:
 * one run of the checker over all of them, at the end. Every page visited is also checked by axe
 * and HTML_CodeSniffer (support/axe.ts).
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ALEX_CLAIMS, DEMO, SAM_CLAIM } from '../support/api.ts';
import { seedSession, seedSurveySession } from '../support/auth.ts';
import { DESKTOP, VIEWPORTS } from '../support/browser.ts';
import { arriveAt, useSuite, visit } from '../support/harness.ts';
import { describeNuErrors, nuErrors, type RenderedPage } from '../support/nu-checker.ts';
import { expectVisible, main } from '../support/ui.ts';

const suite = useSuite();
const [CLAIM] = ALEX_CLAIMS;
const SAM_DATE_OF_BIRTH = '30/01/1990';

async function expectNotFound(page: Page, what: string): Promise<void> {
  await expectVisible(page.getByTestId('not-found'), `the page-not-found text ${what}`);
  expect((await page.getByRole('heading', { level: 1 }).textContent())?.trim(), `the h1 ${what}`).toBe(
    'Page not found',
  );
  expect(await page.title(), `the document title ${what}`).toMatch(/^Page not found \| /);
}

/** The names of the page-not-found links, in order. */
async function linkNames(page: Page): Promise<string[]> {
  return (await page.getByTestId('not-found-links').getByRole('link').allTextContents()).map((t) => t.trim());
}

describe.each(VIEWPORTS)('an unknown address at $name', (viewport) => {
  test('"Page not found", signed out and signed in, the address kept and a way on; the API answers for itself', async () => {
    const { page } = await suite.open(viewport);
    await visit(page, '/no-such-page', `an unknown address signed out (${viewport.name})`, '/no-such-page');
    await expectNotFound(page, 'signed out');
    expect(await linkNames(page)).toEqual(['Sign in']);
    await page.getByTestId('not-found-links').getByRole('link', { name: 'Sign in' }).click();
    await arriveAt(page, '/login', `/login from page not found (${viewport.name})`);

    await seedSession(page, suite.baseURL, DEMO.alex, { claim: CLAIM.number });
    await visit(
      page,
      '/no-such-page/deeper?x=1',
      `an unknown address signed in (${viewport.name})`,
      '/no-such-page/deeper',
    );
    await expectNotFound(page, 'signed in');
    expect(await linkNames(page)).toEqual(['Claim home', 'My claims']);
    // Signed in, the page sits in the signed-in shell: the breadcrumb names it too.
    expect(await page.locator('nav[aria-label="Breadcrumb"]').textContent()).toContain('Page not found');
    await main(page).getByTestId('not-found-links').getByRole('link', { name: 'My claims' }).click();
    await arriveAt(page, '/claims', `/claims from page not found (${viewport.name})`);

    // An unknown API path is still the server's own answer, not the web app.
    const api = await page.request.get(`${suite.baseURL}/api/no-such-call`);
    expect(api.status()).toBe(404);
    expect(api.headers()['content-type']).toMatch(/application\/json/);
  });
});

test(
  'the main pages are valid HTML to the Nu Html Checker, signed out, in the self-assessment and signed in',
  { timeout: 300_000 },
  async () => {
    const { page } = await suite.open(DESKTOP);
    const rendered: RenderedPage[] = [];
    const keep = async (path: string, label: string, expectedPath?: string) => {
      await visit(page, path, `${label} (markup)`, expectedPath);
      rendered.push({ name: label, html: await page.content() });
    };

    for (const path of ['/login', '/register', '/forgotusername', '/forgotpassword', '/surveyvalidation']) {
      await keep(path, `${path} signed out`);
    }
    for (const path of ['/disclaimer', '/privacypolicy', '/notice']) await keep(path, `${path} signed out`);
    await keep('/no-such-page', 'page not found signed out');

    await seedSurveySession(page, suite.baseURL, SAM_CLAIM.number, SAM_DATE_OF_BIRTH);
    await keep('/surveyintro', '/surveyintro');
    await page.getByTestId('survey-intro-yes').click();
    await arriveAt(page, '/survey', '/survey (markup)');
    await page.getByTestId('survey-form').waitFor();
    rendered.push({ name: '/survey', html: await page.content() });

    await seedSession(page, suite.baseURL, DEMO.alex);
    await keep('/claims', '/claims');
    await seedSession(page, suite.baseURL, DEMO.alex, { claim: CLAIM.number });
    for (const path of [
      '/claim',
      '/account',
      '/forms',
      '/submitdocuments',
      '/authorityform',
      '/reimbursementform',
      '/contactus',
      '/inbox',
      '/sentitems',
      '/payments',
      '/services',
      '/updatepassword',
    ]) {
      await keep(path, path);
    }
    await keep('/no-such-page', 'page not found signed in');

    const started = Date.now();
    const errors = await nuErrors(rendered);
    console.log(`Nu Html Checker: ${rendered.length} pages in one run, ${Date.now() - started} ms`);
    expect(errors, `The Nu Html Checker's errors:\n${describeNuErrors(errors)}`).toEqual([]);
  },
);
