/**
 * Claim selection and the claim home (spec 000 §2 "/claims", "/claim", "Shell"; §4 "Claim
 * selection"): pick a claim, the header, the six panels, the unread count, SWITCH CLAIM, sign
 * out (toolbar on wide screens, side menu at 375 px). The bank banner is bank-banner.test.ts.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ALEX_CLAIMS, DEMO } from '../support/api.ts';
import { seedSession, storedUser } from '../support/auth.ts';
import { VIEWPORTS, isNarrow, type Viewport } from '../support/browser.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { arriveAt, useSuite, visit } from '../support/harness.ts';
import { atPath, screenshot } from '../support/page.ts';
import {
  PANEL_TITLES,
  claimCard,
  escapeRegExp,
  expectCount,
  expectVisible,
  header,
  main,
  menuButton,
  panel,
  sideMenu,
  signOutControl,
  switchClaimButton,
  unreadText,
} from '../support/ui.ts';

const suite = useSuite();
const [FIRST, SECOND, NOT_LISTED] = ALEX_CLAIMS;

async function pickClaim(page: Page, viewport: Viewport, claim: (typeof ALEX_CLAIMS)[number]): Promise<void> {
  await claimCard(page, claim.number).click();
  await arriveAt(page, '/claim', `/claim ${claim.number} (${viewport.name})`);
}

async function expectClaimInHeader(page: Page, claim: (typeof ALEX_CLAIMS)[number]): Promise<void> {
  await expectVisible(header(page).getByText(claim.number).first(), `claim number ${claim.number} in the header`);
  await expectVisible(header(page).getByText(claim.date).first(), `date of accident ${claim.date} in the header`);
}

describe.each(VIEWPORTS)('claims at $name ($width×$height)', (viewport) => {
  test('alex picks a claim → /claim with header, six panels and the unread count', async () => {
    const { page } = await suite.open(viewport);
    await seedSession(page, suite.baseURL, DEMO.alex);
    await visit(page, '/claims', `/claims (${viewport.name})`);
    await expectVisible(
      main(page).getByText('Not listed', { exact: true }),
      "'Not listed' for the claim with no location",
    );
    await pickClaim(page, viewport, FIRST);

    await expectClaimInHeader(page, FIRST);
    await expectVisible(switchClaimButton(page), 'SWITCH CLAIM (alex has three claims)');
    for (const title of PANEL_TITLES) {
      await expectVisible(panel(page, title), `the "${title}" panel`);
    }
    // Claim 21/45678 carries two unread messages; the Inbox panel shows the count.
    await expectVisible(unreadText(page, FIRST.unread), `the unread count (${FIRST.unread}) on the Inbox panel`);
    await expectVisible(main(page).getByText(/answered within 10 working days/i), 'the 10-working-days notification');
    if (!isNarrow(viewport)) {
      // Wide screens: the signed-in toolbar has the destinations, the inbox with its unread badge.
      const toolbar = header(page).getByRole('navigation', { name: 'Main' });
      await expectVisible(
        toolbar.getByRole('link', { name: new RegExp(`^Inbox\\s*${FIRST.unread} unread`) }),
        'the toolbar inbox with its unread badge',
      );
      for (const entry of [
        'Home',
        'Send documents',
        'Claim reimbursement',
        'Send a message',
        'What we can pay for',
        'Personal details',
      ]) {
        await expectVisible(toolbar.getByRole('link', { name: entry, exact: true }), `toolbar entry "${entry}"`);
      }
    }
  });

  test('SWITCH CLAIM → /claims → pick another claim', async () => {
    const { page } = await suite.open(viewport);
    await seedSession(page, suite.baseURL, DEMO.alex, { claim: FIRST.number });
    await visit(page, '/claim', `/claim (${viewport.name})`);
    await expectClaimInHeader(page, FIRST);
    await switchClaimButton(page).click();
    await arriveAt(page, '/claims', `/claims after switch (${viewport.name})`);
    // No claim selected any more: the header shows no claim number.
    await expectCount(header(page).getByText(FIRST.number), 0, 'claim number in the header after SWITCH CLAIM');
    await pickClaim(page, viewport, SECOND);
    await expectClaimInHeader(page, SECOND);
    await expectVisible(unreadText(page, SECOND.unread), `the unread count (${SECOND.unread}) of the second claim`);
    // And the claim with no location can be picked too.
    await switchClaimButton(page).click();
    await arriveAt(page, '/claims', `/claims after second switch (${viewport.name})`);
    await pickClaim(page, viewport, NOT_LISTED);
    await expectClaimInHeader(page, NOT_LISTED);
    await expectVisible(unreadText(page, NOT_LISTED.unread), 'no unread messages on the third claim');
  });

  test('sign out → /login, and Back does not show signed-in content', async () => {
    const { page } = await suite.open(viewport);
    await seedSession(page, suite.baseURL, DEMO.alex);
    await visit(page, '/claims', `/claims (${viewport.name})`);
    await pickClaim(page, viewport, FIRST);
    await expectClaimInHeader(page, FIRST);

    if (isNarrow(viewport)) {
      // Below 680 px the sign-out lives in the side menu.
      await menuButton(page).click();
      const menu = sideMenu(page);
      await expectVisible(menu, 'the side menu');
      await expectNoSeriousA11yViolations(page, `/claim with the side menu open (${viewport.name})`);
      await expectVisible(menu.getByText(/\bAlex\b/).first(), "the claimant's first name in the side menu");
      await expectVisible(menu.getByText(FIRST.number).first(), 'the claim number in the side menu');
      await expectVisible(menu.getByText(FIRST.date).first(), 'the date of accident in the side menu');
      await expectVisible(menu.getByRole('button', { name: /switch claim/i }), 'SWITCH CLAIM in the side menu');
      for (const entry of [
        'Home',
        'Inbox',
        'Send documents',
        'Claim reimbursement',
        'Send a message',
        'What we can pay for',
        'Personal details',
        'Terms and conditions',
        'Privacy policy',
      ]) {
        await expectVisible(
          menu.getByRole('link', { name: new RegExp(`^${escapeRegExp(entry)}`) }).first(),
          `side menu entry "${entry}"`,
        );
      }
      await signOutControl(menu).click();
    } else {
      const toolbarSignOut = signOutControl(page);
      await expectVisible(toolbarSignOut, 'sign out in the wide-screen toolbar');
      await toolbarSignOut.click();
    }
    await arriveAt(page, '/login', `/login after sign out (${viewport.name})`);
    expect(await storedUser(page), 'no stored user after sign out').toBeNull();

    await page.goBack();
    await page.waitForURL(atPath('/login'), { timeout: 10_000 });
    await expectNoSeriousA11yViolations(page, `/login after Back (${viewport.name})`);
    expect(await page.getByText(FIRST.number).count(), 'no claim number after Back').toBe(0);
    expect(await signOutControl(page).count(), 'no sign-out control after Back').toBe(0);
    expect(await page.getByText(/\bAlex\b/).count(), "no claimant's name after Back").toBe(0);
  });
});

describe('side menu at 375 px', () => {
  test('opens from the toolbar and lists the claimant, the claim and the entries', async () => {
    const viewport = VIEWPORTS.find((v) => isNarrow(v));
    if (!viewport) throw new Error('no narrow viewport');
    const { page } = await suite.open(viewport);
    await seedSession(page, suite.baseURL, DEMO.alex, { claim: SECOND.number });
    await visit(page, '/claim', `/claim (${viewport.name})`);
    // The wide-screen toolbar entries are not shown at 375 px.
    expect(await signOutControl(page).isVisible(), 'the toolbar sign-out is hidden below 680 px').toBe(false);
    await menuButton(page).click();
    const menu = sideMenu(page);
    await expectVisible(menu, 'the side menu');
    await expectVisible(menu.getByText(SECOND.number).first(), 'the claim number in the side menu');
    await expectNoSeriousA11yViolations(page, `/claim with the side menu open (${viewport.name})`);
    await screenshot(page, `side-menu-${viewport.name}`, { fullPage: false });
    // SWITCH CLAIM from the menu leads to /claims.
    await menu.getByRole('button', { name: /switch claim/i }).click();
    await arriveAt(page, '/claims', `/claims from the side menu (${viewport.name})`);
  });
});
