/**
 * Second factors in the browser, with Chromium's virtual authenticator (CDP WebAuthn)
 * and authenticator-app codes computed here with otpauth:
 * - a passkey added in My Details (step-up by the 4-digit code, recovery codes shown once), then
 *   signed in with alone on a new browser context (its credential copied to that context's
 *   authenticator), used for the bank-details step-up in place of the code, and removed;
 * - the authenticator app set up from its setup key and used for a step-up.
 * axe on every page and state visited; screenshots at 1280 and 375 px of each new screen.
 *
 * Passkeys need a domain (WebAuthn refuses an IP address as relying party): these contexts open
 * the portal at http://localhost:PORT, which the server accepts without PUBLIC_URL (config.ts).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ALEX_CLAIMS, DEMO, SAM_CLAIM } from '../support/api.ts';
import { seedSession } from '../support/auth.ts';
import { DESKTOP, newContext, PHONE, type Viewport } from '../support/browser.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { nextCode } from '../support/codes.ts';
import { arriveAt, pageErrorsOfTest, useSuite } from '../support/harness.ts';
import { settle } from '../support/page.ts';
import { claimCard, expectVisible, signOutControl } from '../support/ui.ts';

const suite = useSuite();
const SHOTS = path.join(import.meta.dirname, '..', 'screenshots', 'passkeys');

/** The portal at localhost (a relying party WebAuthn accepts), as a new context of the shared browser. */
async function openLocal(
  viewport: Viewport,
  knownDevice: boolean,
): Promise<{ context: BrowserContext; page: Page; base: string }> {
  const base = suite.server.url.replace('127.0.0.1', 'localhost');
  const context = await newContext(suite.browser, viewport, base, knownDevice ? suite.server.knownDevice : undefined);
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrorsOfTest.push(`${page.url()}: ${error.message}`));
  return { context, page, base };
}

/** A platform authenticator with user verification, as a phone or laptop with a fingerprint reader. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return { cdp, authenticatorId };
}

/** The passkeys a virtual authenticator holds (with their private keys: it is a test's). */
async function credentialsOf(cdp: CDPSession, authenticatorId: string) {
  return (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
}

/** Axe, then the screen at 1280 and at 375 px (the page goes back to its own size). */
async function look(page: Page, name: string, label: string): Promise<void> {
  await settle(page);
  await expectNoSeriousA11yViolations(page, label);
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize() ?? DESKTOP;
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await settle(page);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${viewport.width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
  await expectNoSeriousA11yViolations(page, `${label} (after resizing)`);
}

async function typeCode(page: Page, code: string): Promise<void> {
  const field = page.getByTestId('access-code-input');
  await field.fill('');
  await field.pressSequentially(code);
}

describe('passkeys and the authenticator app', () => {
  test('add a passkey in My Details, sign in with it alone on a browser the portal forgot, use it for the bank step-up, remove it', async () => {
    // 1. Alex, signed in on a known browser with a fingerprint reader.
    const first = await openLocal(DESKTOP, true);
    try {
      const { page } = first;
      const { cdp, authenticatorId } = await virtualAuthenticator(page);
      await seedSession(page, first.base, DEMO.alex, { claim: ALEX_CLAIMS[0].number });
      await page.goto('/account');
      await arriveAt(page, '/account', 'My Details with Sign-in and security');
      const block = page.getByTestId('account-security');
      await expectVisible(block.getByTestId('passkey-explainer'), 'what a passkey is');
      await block.scrollIntoViewIfNeeded();
      await look(page, 'security-block-empty', 'Sign-in and security, nothing set up');

      // Add: the step-up first (no factor yet, so the 4-digit code), then a name, then the passkey.
      await block.getByTestId('passkey-add').click();
      await expectVisible(block.getByTestId('security-step-up'), 'the step-up');
      await typeCode(page, await nextCode(suite.server, DEMO.alex));
      await expectVisible(block.getByTestId('passkey-add-step'), 'the passkey name step');
      await look(page, 'passkey-name', 'Add a passkey: its name');
      await block.getByLabel(/Name of this passkey/).fill('Work laptop');
      await block.getByTestId('passkey-name-save').click();

      // The first factor brings the recovery codes, shown once.
      const codes = block.getByTestId('recovery-codes');
      await expectVisible(codes, 'the recovery codes');
      expect(await codes.getByRole('listitem').count()).toBe(10);
      await look(page, 'recovery-codes', 'the recovery codes, shown once');
      await codes.getByTestId('recovery-done').click();
      await expect
        .poll(() => codes.getByLabel('I have saved my recovery codes somewhere safe').getAttribute('aria-invalid'))
        .toBe('true');
      await codes.getByLabel('I have saved my recovery codes somewhere safe').check();
      await codes.getByTestId('recovery-done').click();
      await expectVisible(block.getByTestId('passkey-list'), 'the passkey list');
      expect(await block.getByTestId('passkey-name').allTextContents()).toEqual(['Work laptop']);
      expect(await block.getByTestId('passkey-item').textContent()).toMatch(
        /Added \d{1,2} \w+ 20\d\d, \d{1,2}:\d\d [ap]m\. Not used yet\./,
      );
      await look(page, 'security-block-passkey', 'Sign-in and security with a passkey');

      // Rename needs no step-up.
      await block.getByTestId('passkey-rename').click();
      await block.getByLabel(/New name for Work laptop/).fill('My laptop');
      await block.getByTestId('passkey-rename-save').click();
      await expect.poll(() => block.getByTestId('passkey-name').textContent()).toBe('My laptop');

      const [credential] = await credentialsOf(cdp, authenticatorId);
      console.log('passkey private key (PKCS#8, base64) length', credential?.privateKey.length);

      // 2. Sign out, and forget this browser: no device cookie, nothing stored. The portal has
      // never seen it; only the authenticator (the laptop's fingerprint reader) still holds the passkey.
      await signOutControl(page).click();
      await page.waitForURL(/\/login/);
      await first.context.clearCookies();
      await page.evaluate(() => {
        window.localStorage.clear();
        window.sessionStorage.clear();
      });

      // 3. The passkey alone signs in: no username, no password, no 4-digit code.
      await page.goto('/login');
      await arriveAt(page, '/login', 'sign-in page with the passkey button');
      const passkeyButton = page.getByRole('button', { name: 'Sign in with a passkey' });
      await expectVisible(passkeyButton, 'Sign in with a passkey');
      await look(page, 'login-passkey', 'sign-in with a passkey');
      await passkeyButton.click();
      // No username, no password, no 4-digit code.
      await page.waitForURL(/\/claims/, { timeout: 8000 }).catch(async () => {
        throw new Error(`passkey sign-in stayed at ${page.url()}: ${await page.locator('main').textContent()}`);
      });
      await arriveAt(page, '/claims', 'claims after a passkey sign-in');
      await claimCard(page, ALEX_CLAIMS[0].number).click();
      await arriveAt(page, '/claim', 'claim home');

      // 4. The bank step-up: the passkey in place of the code.
      await page.goto('/account');
      await arriveAt(page, '/account', 'My Details after a passkey sign-in');
      await page.getByTestId('account-bank-edit').click();
      await arriveAt(page, '/activationbankdetails', 'bank step-up offering the passkey');
      await expectVisible(page.getByTestId('step-up-factors'), 'the factor choice');
      expect(await page.getByTestId('access-code-input').count(), 'no code form until asked').toBe(0);
      await look(page, 'bank-step-up', 'bank step-up with a passkey');
      await page.getByTestId('step-up-passkey').click();
      await arriveAt(page, '/account', 'bank details in edit mode');
      await page.getByTestId('bank-form').waitFor();
      await page.getByTestId('bank-cancel').click();

      // 5. Remove it: asked, then the step-up (the passkey itself), then gone.
      await block.getByTestId('passkey-remove').click();
      await expectVisible(block.getByTestId('security-confirm'), 'remove: asked first');
      await look(page, 'passkey-remove-confirm', 'remove a passkey: the question');
      await block.getByTestId('security-confirm-yes').click();
      await expectVisible(block.getByTestId('security-step-up-passkey'), 'the step-up offers the passkey');
      await look(page, 'security-step-up', 'the step-up of a factor change');
      await block.getByTestId('security-step-up-passkey').click();
      await expectVisible(block.getByTestId('security-no-passkeys'), 'no passkeys left');
      expect(await block.getByTestId('security-said').textContent()).toContain('is removed');
      await expectNoSeriousA11yViolations(page, 'passkey removed');
    } finally {
      await first.context.close();
    }
  });

  test('the authenticator app: set up from its key, confirmed by one code, then used for the bank step-up', async () => {
    const { context, page, base } = await openLocal(DESKTOP, true);
    try {
      await seedSession(page, base, DEMO.sam, { claim: SAM_CLAIM.number });
      await page.goto('/account');
      await arriveAt(page, '/account', 'My Details (sam)');
      const block = page.getByTestId('account-security');
      await block.getByTestId('totp-set-up').click();
      await typeCode(page, await nextCode(suite.server, DEMO.sam));
      const setup = block.getByTestId('totp-setup');
      await expectVisible(setup, 'the authenticator set-up');
      await expectVisible(
        setup.getByRole('img', { name: /QR code to scan with your authenticator app/ }),
        'the QR code',
      );
      await look(page, 'totp-setup', 'authenticator set-up: QR code and setup key');
      const secret = ((await setup.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
      const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });

      // A wrong code is refused on the field; the right one turns it on.
      const wrong = String((Number(totp.generate()) + 500_000) % 1_000_000).padStart(6, '0');
      await setup.getByLabel(/Code from your authenticator app/).fill(wrong);
      await setup.getByRole('button', { name: 'Confirm and turn on' }).click();
      await expect
        .poll(() => setup.getByLabel(/Code from your authenticator app/).getAttribute('aria-invalid'))
        .toBe('true');
      await expectNoSeriousA11yViolations(page, 'authenticator set-up, wrong code');
      await setup.getByLabel(/Code from your authenticator app/).fill(totp.generate());
      await setup.getByRole('button', { name: 'Confirm and turn on' }).click();
      const codes = block.getByTestId('recovery-codes');
      await expectVisible(codes, 'the recovery codes');
      await codes.getByLabel('I have saved my recovery codes somewhere safe').check();
      await codes.getByTestId('recovery-done').click();
      await expect.poll(() => block.getByTestId('totp-state').textContent()).toMatch(/^Set up on /);

      // The bank step-up takes the app's code (the next step's, so it is not the one just used).
      await page.getByTestId('account-bank-edit').click();
      await arriveAt(page, '/activationbankdetails', 'bank step-up offering the app');
      await look(page, 'bank-step-up-totp', 'bank step-up with the authenticator app');
      const next = totp.generate({ timestamp: Date.now() + 30_000 });
      await page.getByLabel(/Code from your authenticator app/).fill(next);
      await page.getByTestId('step-up-totp-submit').click();
      await arriveAt(page, '/account', 'bank details in edit mode (sam)');
      await page.getByTestId('bank-form').waitFor();
    } finally {
      await context.close();
    }
  });
});
