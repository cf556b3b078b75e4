/**
 * Route guards (spec 000 §2, §4 "Guards"): signed out → /login; signed in on /login → /claims;
 * empty path → /login; unknown path → "Page not found" at that address (decision 036; the page
 * itself in markup.test.ts); no selected claim → /claims; nh=1 hides the header.
 */
import { describe, test } from 'vitest';
import { DEMO, ALEX_CLAIMS } from '../support/api.ts';
import { seedSession } from '../support/auth.ts';
import { VIEWPORTS } from '../support/browser.ts';
import { useSuite, visit } from '../support/harness.ts';
import { expectCount, expectVisible, header } from '../support/ui.ts';

const suite = useSuite();

describe.each(VIEWPORTS)('guards at $name ($width×$height)', (viewport) => {
  test('signed out: /claim, /account, /claims and the empty path → /login', async () => {
    const { page } = await suite.open(viewport);
    for (const path of ['/claim', '/account', '/claims', '/']) {
      await visit(page, path, `${path} signed out → /login (${viewport.name})`, '/login');
      await expectVisible(
        page.getByRole('button', { name: /^(sign in|log ?in)$/i }),
        `the sign-in button after visiting ${path}`,
      );
    }
  });

  test('signed in: /login → /claims, unknown path → page not found, /account without a claim → /claims', async () => {
    const { page } = await suite.open(viewport);
    await seedSession(page, suite.baseURL, DEMO.alex);
    await visit(page, '/login', `/login signed in → /claims (${viewport.name})`, '/claims');
    await expectVisible(page.getByRole('heading', { name: 'My claims' }).first(), 'My Claims after /login');
    await visit(page, '/no-such-page', `/no-such-page signed in (${viewport.name})`, '/no-such-page');
    await expectVisible(page.getByTestId('not-found'), 'page not found at an unknown path');
    await visit(page, '/account', `/account without a selected claim → /claims (${viewport.name})`, '/claims');
    await visit(page, '/claim', `/claim without a selected claim → /claims (${viewport.name})`, '/claims');
    await visit(page, '/', `empty path signed in (${viewport.name})`, '/claims');
  });

  test('signed in with a selected claim: /account opens, unknown path → page not found', async () => {
    const { page } = await suite.open(viewport);
    const [claim] = ALEX_CLAIMS;
    await seedSession(page, suite.baseURL, DEMO.alex, { claim: claim.number });
    await visit(page, '/account', `/account with a selected claim (${viewport.name})`);
    await visit(page, '/no-such-page/deeper?x=1', `unknown nested path (${viewport.name})`, '/no-such-page/deeper');
    await expectVisible(page.getByTestId('not-found'), 'page not found at an unknown nested path');
  });

  test('nh=1 hides the header (and on the terms page the toolbar and footer too)', async () => {
    // spec 000 §2 separates the header (page title, breadcrumbs, claim number and date of
    // accident, SWITCH CLAIM) from the toolbar; nh=1 hides the header, and on some pages (spec 001
    // §2: the terms page) also the toolbar and footer.
    const { page } = await suite.open(viewport);
    await visit(page, '/login', `/login (${viewport.name})`);
    await expectVisible(header(page).first(), 'the header (banner landmark) on /login');
    await expectCount(header(page).getByRole('heading', { level: 1 }), 1, 'the page title inside the header on /login');

    await visit(page, '/login?nh=1', `/login?nh=1 (${viewport.name})`, '/login');
    await expectVisible(page.getByRole('button', { name: /^(sign in|log ?in)$/i }), 'the sign-in form with nh=1');
    await expectCount(
      header(page).getByRole('heading', { level: 1 }),
      0,
      'page-title headings inside the header on /login?nh=1',
    );
    await expectCount(
      page.getByRole('heading', { level: 1 }),
      1,
      'the page still has its one h1 (outside the header) with nh=1',
    );

    await visit(page, '/login/m?nh=1', `/login/m?nh=1 (${viewport.name})`, '/login/m');
    await expectCount(
      header(page).getByRole('heading', { level: 1 }),
      0,
      'page-title headings inside the header on /login/m?nh=1',
    );

    await visit(page, '/disclaimer?nh=1', `/disclaimer?nh=1 (${viewport.name})`, '/disclaimer');
    await expectCount(header(page), 0, 'banner landmarks on /disclaimer?nh=1 (toolbar hidden too)');
    await expectCount(page.getByRole('contentinfo'), 0, 'footers on /disclaimer?nh=1');
    await visit(page, '/disclaimer', `/disclaimer (${viewport.name})`);
    await expectVisible(header(page).first(), 'the header on /disclaimer without nh');
  });

  test('nh=1 on the claim home hides the claim number, date of accident and SWITCH CLAIM', async () => {
    const { page } = await suite.open(viewport);
    const [claim] = ALEX_CLAIMS;
    await seedSession(page, suite.baseURL, DEMO.alex, { claim: claim.number });
    await visit(page, '/claim', `/claim (${viewport.name})`);
    await expectVisible(header(page).getByText(claim.number).first(), 'the claim number in the header without nh');
    await visit(page, '/claim?nh=1', `/claim?nh=1 (${viewport.name})`, '/claim');
    await expectVisible(
      page.getByRole('main').getByRole('link', { name: /^Inbox\b/ }),
      'the claim home content with nh=1',
    );
    await expectCount(header(page).getByText(claim.number), 0, 'the claim number in the header with nh=1');
    await expectCount(page.getByRole('button', { name: /switch claim/i }), 0, 'SWITCH CLAIM with nh=1');
    await expectCount(page.getByRole('navigation', { name: /breadcrumb/i }), 0, 'breadcrumbs with nh=1');
  });
});
