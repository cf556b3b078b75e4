/**
 * The bank-details banner on the claim home (spec 000 §2 "/claim", §4 "Home page banner"; the
 * departure is docs/decisions/027-claimant-experience.md). The banner asks instead of being
 * closed: "Yes, these are correct" calls verifybankdetails; "Review my bank details" goes to the
 * bank block of My Details and calls nothing, so the banner asks again on the next visit (the next
 * load of the home page, the next sign-in). No control hides it without an answer. Whether
 * verifybankdetails was called is asked of the server (getaccount, from a session of the test's
 * own), and the browser's requests are counted as well.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ALEX_CLAIMS, ApiClient, DEMO } from '../support/api.ts';
import { seedSession } from '../support/auth.ts';
import { VIEWPORTS, type Viewport } from '../support/browser.ts';
import { arriveAt, useSuite, visit } from '../support/harness.ts';
import { settle } from '../support/page.ts';
import type { RunningServer } from '../support/server.ts';
import { BANK_BANNER_TEXT, expectHidden, expectVisible, panel } from '../support/ui.ts';

const suite = useSuite();
const [FIRST] = ALEX_CLAIMS;
const SHOTS = '/tmp/shots-h4';

/**
 * BankDetailsVerified as the server answers it now, from a session of its own: getaccount reads
 * claimants.bank_verified, the one thing verifybankdetails writes.
 */
async function bankVerifiedOnServer(server: RunningServer, username: string): Promise<boolean> {
  const api = new ApiClient(server.url, server.knownDevice);
  const { AccessToken } = await api.login(username);
  const { status, body } = await api.post('/api/account/getaccount', { AccessToken });
  if (status !== 200) throw new Error(`getaccount answered ${status}: ${JSON.stringify(body)}`);
  return (body as { BankDetailsVerified: boolean }).BankDetailsVerified;
}

/** Counts the browser's calls to verifybankdetails from now on. */
function countVerifyCalls(page: Page): () => number {
  let calls = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/account/verifybankdetails') calls += 1;
  });
  return () => calls;
}

async function shot(page: Page, name: string, viewport: Viewport): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await settle(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}-${viewport.width}.png`), fullPage: true });
}

function banner(page: Page) {
  return page.getByRole('region', { name: 'Check your bank details' });
}

describe.each(VIEWPORTS)('bank-details banner at $name ($width×$height)', (viewport) => {
  test('asks instead of closing: Review leaves the details unverified and asks again next visit; Yes verifies', async () => {
    // Answering the banner changes alex's bank details for good: a server of its own.
    await suite.withOwnServer(viewport, async ({ page }, server) => {
      const verifyCalls = countVerifyCalls(page);
      await seedSession(page, server.url, DEMO.alex, { claim: FIRST.number });
      await visit(page, '/claim', `/claim with the bank banner (${viewport.name})`);
      const asking = banner(page);
      await expectVisible(asking, 'the bank-details banner (BankDetailsVerified is false)');
      expect(await asking.textContent()).toContain(BANK_BANNER_TEXT);
      // No Close (or Dismiss) that would confirm them as a side effect.
      expect(await asking.getByRole('button', { name: /close|dismiss/i }).count(), 'a close button').toBe(0);
      expect(await page.getByRole('button', { name: /close|dismiss/i }).count(), 'a close button anywhere').toBe(0);
      // The details asked about are on the banner: the claimant can answer without leaving.
      expect(await asking.textContent()).toContain('Alex Citizen');
      expect(await asking.textContent()).toContain('063-000');
      expect(await asking.textContent()).toContain('ending in 6789');
      const yes = asking.getByRole('button', { name: 'Yes, these are correct' });
      const review = asking.getByRole('link', { name: 'Review my bank details' });
      await expectVisible(yes, '"Yes, these are correct"');
      await expectVisible(review, '"Review my bank details"');
      await shot(page, 'bank-banner', viewport);

      // Review: to the bank block of My Details, nothing verified.
      await review.click();
      await arriveAt(page, '/account', `/account from the banner (${viewport.name})`);
      expect(new URL(page.url()).hash).toBe('#account-bank');
      const bankBlock = page.getByTestId('account-bank');
      await expectVisible(bankBlock, 'the Bank Account Details block');
      await page.waitForFunction(() => {
        const block = document.getElementById('account-bank');
        if (!block) return false;
        const box = block.getBoundingClientRect();
        return box.top >= 0 && box.top < window.innerHeight;
      });
      expect(verifyCalls(), 'verifybankdetails calls after Review').toBe(0);
      expect(await bankVerifiedOnServer(server, DEMO.alex), 'bank_verified after Review').toBe(false);
      await shot(page, 'bank-review-account', viewport);

      // The next load of the home page asks again.
      await page.goBack();
      await arriveAt(page, '/claim', `/claim after Review (${viewport.name})`);
      await expectVisible(banner(page), 'the banner again on the next visit to the home page');

      // So does the next sign-in, after a reload with the banner unanswered.
      await page.reload();
      await arriveAt(page, '/claim', `/claim reloaded (${viewport.name})`);
      await expectVisible(banner(page), 'the banner after a reload with no answer');
      await seedSession(page, server.url, DEMO.alex, { claim: FIRST.number });
      await visit(page, '/claim', `/claim at the next sign-in (${viewport.name})`);
      await expectVisible(banner(page), 'the banner at the next sign-in');
      expect(verifyCalls(), 'verifybankdetails calls before any answer').toBe(0);
      expect(await bankVerifiedOnServer(server, DEMO.alex), 'bank_verified before any answer').toBe(false);

      // Yes, from the keyboard: verified, said so, and the keyboard's place kept.
      await banner(page).getByRole('button', { name: 'Yes, these are correct' }).focus();
      await page.keyboard.press('Enter');
      const confirmed = page.getByRole('status').filter({ hasText: 'Thank you for confirming your bank details' });
      await expectVisible(confirmed, 'the confirmation in place of the banner');
      await expectHidden(banner(page), 'the banner after Yes');
      await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'bank-verify-confirmed');
      expect(verifyCalls(), 'verifybankdetails calls after Yes').toBe(1);
      expect(await bankVerifiedOnServer(server, DEMO.alex), 'bank_verified after Yes').toBe(true);
      await shot(page, 'bank-banner-confirmed', viewport);
      await arriveAt(page, '/claim', `/claim after Yes (${viewport.name})`);

      await page.reload();
      await arriveAt(page, '/claim', `/claim after Yes and a reload (${viewport.name})`);
      await expectVisible(panel(page, 'Inbox'), 'the Inbox panel');
      expect(await banner(page).count(), 'the banner once the details are confirmed').toBe(0);
    });
  });
});
