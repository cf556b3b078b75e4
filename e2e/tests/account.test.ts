/**
 * My Details in Chromium, in web mode and in app mode: every block's read and edit
 * views, Save and Cancel, the validation messages of spec 000 §5 each block uses, the access-code
 * gate (codes read from what the portal delivered: the test's SMTP server, or its SMS webhook sink
 * for a text), the State Trustees and 48-hour bank blocks, the provider's edit flags, preferences
 * forcing e-mail on, the personal-details change request with supporting files, the password
 * change ending the account's other sessions, and the route-driven toasts. Every page visited
 * gets the axe check, and so does each edit view once open.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ALEX_CLAIMS,
  ApiClient,
  DEMO,
  DEMO_PASSWORD,
  NEW_REGISTRANT_CLAIM,
  PAT_CLAIM,
  SAM_CLAIM,
} from '../support/api.ts';
import { seedSession } from '../support/auth.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { DESKTOP, PHONE, newContext, type Viewport } from '../support/browser.ts';
import { nextCode, nextSmsCode } from '../support/codes.ts';
import { arriveAt, pageErrorsOfTest, useSuite, visit } from '../support/harness.ts';
import { horizontalOverflow, settle } from '../support/page.ts';
import { BANK_BANNER_TEXT } from '../support/ui.ts';
import { portalDb } from '../support/portal-db.ts';

const suite = useSuite();

const CLAIM_OF: Record<string, string> = {
  [DEMO.alex]: ALEX_CLAIMS[0].number,
  [DEMO.sam]: SAM_CLAIM.number,
  [DEMO.pat]: PAT_CLAIM.number,
  [DEMO.newRegistrant]: NEW_REGISTRANT_CLAIM.number,
};
/** The seeded mobiles (apps/server/src/db/seed/demo.ts): an e-mail change's code goes there by SMS. */
const MOBILE_OF: Record<string, string> = {
  [DEMO.alex]: '0412345678',
  [DEMO.sam]: '0423456789',
  [DEMO.pat]: '0434567890',
  [DEMO.newRegistrant]: '0445678901',
};

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const PROVIDER_PHONE = '1300 654 329';

/** Signs `user` in on `page` with their claim selected (app mode: the native wrapper's flag set too). */
async function signInAs(page: Page, user: string, options: { app?: boolean; baseURL?: string } = {}): Promise<void> {
  await seedSession(page, options.baseURL ?? suite.baseURL, user, { claim: CLAIM_OF[user] as string });
  if (options.app) await page.evaluate(() => window.sessionStorage.setItem('isApp', 'true'));
}

async function openAs(user: string, viewport: Viewport, options: { app?: boolean } = {}): Promise<Page> {
  const { page } = await suite.open(viewport);
  await signInAs(page, user, options);
  return page;
}

async function typeCode(page: Page, code: string): Promise<void> {
  const field = page.getByTestId('access-code-input');
  await field.fill('');
  await field.pressSequentially(code);
}

/** The text of what a field's aria-describedby points at (its hint and its error). */
async function describedBy(page: Page, testId: string): Promise<string> {
  return page.getByTestId(testId).evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' | '),
  );
}

/** The field shows `message`, tied to it with aria-describedby, and is marked invalid. */
async function expectFieldError(page: Page, testId: string, message: string): Promise<void> {
  await expect.poll(() => describedBy(page, testId), { timeout: 5_000 }).toContain(message);
  expect(await page.getByTestId(testId).getAttribute('aria-invalid')).toBe('true');
}

async function expectNoFieldError(page: Page, testId: string): Promise<void> {
  await expect.poll(() => page.getByTestId(testId).getAttribute('aria-invalid'), { timeout: 5_000 }).toBeNull();
}

/** Types into a field and leaves it (the rules run when a field is left). */
async function enter(page: Page, testId: string, value: string): Promise<void> {
  await page.getByTestId(testId).fill(value);
  await page.getByTestId(testId).blur();
}

async function saveIsDisabled(page: Page, testId: string): Promise<boolean> {
  return (await page.getByTestId(testId).getAttribute('aria-disabled')) === 'true';
}

async function layout(page: Page): Promise<string | null> {
  return page.getByTestId('account-page').getAttribute('data-layout');
}

async function focusedTestId(page: Page): Promise<string | null | undefined> {
  return page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
}

async function toastText(page: Page): Promise<string> {
  const toast = page.getByTestId('account-toast');
  await toast.waitFor();
  return ((await toast.textContent()) ?? '').replace(/Dismiss this message$/, '').trim();
}

async function storedSecureToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.sessionStorage.getItem('secureToken'));
}

async function chooseAddress(page: Page, testId: string, text: string): Promise<string> {
  await page.getByTestId(testId).fill(text);
  const option = page.getByTestId(`${testId}-option`).first();
  await option.waitFor();
  const chosen = ((await option.textContent()) ?? '').trim();
  await option.click();
  return chosen;
}

describe('My Details: read view', () => {
  it('shows the nine blocks, the display name and only the last 4 digits of the account; the bank banner leads here (web)', async () => {
    const page = await openAs(DEMO.alex, DESKTOP);
    await visit(page, '/claim', 'claim home with the bank banner');
    const banner = page.getByTestId('bank-verify-banner');
    expect(await banner.textContent()).toContain(BANK_BANNER_TEXT);
    await banner.getByRole('link', { name: /review my bank details/i }).click();
    await arriveAt(page, '/account', 'account (alex)');

    const headings = await page.getByTestId('account-page').getByRole('heading', { level: 2 }).allTextContents();
    expect(headings).toEqual([
      'Name and date of birth',
      'Mobile number',
      'Email address',
      'Contact details',
      'Bank account details',
      'Preferences',
      'Password',
      'Sign-in and security',
      'People who help',
    ]);
    expect(await page.getByTestId('personal-name').textContent()).toBe('Mr Alex James Citizen');
    expect(await page.getByTestId('personal-dob').textContent()).toBe('14/06/1985');
    expect(await page.getByTestId('mobile-value').textContent()).toBe('0412 345 678');
    expect(await page.getByTestId('email-value').textContent()).toBe(DEMO.alex);
    expect(await page.getByTestId('contact-postal-value').textContent()).toBe('Same as home address');
    const number = (await page.getByTestId('bank-account-number-read').textContent()) ?? '';
    expect(number).toContain('6789');
    expect(number).not.toContain('12345');
    expect(await page.getByTestId('bank-bsb-read').textContent()).toBe('063-000');
    expect(await layout(page)).toBe('read');
    for (const block of ['personal', 'mobile', 'email', 'contact', 'bank']) {
      expect(await page.getByTestId(`account-${block}-edit`).count(), `Edit control of ${block}`).toBe(1);
    }
    // The Edit controls are named after their block for screen readers.
    await page.getByRole('button', { name: 'Edit contact details' }).waitFor();
    await page.getByRole('link', { name: 'Edit bank account details' }).waitFor();
    expect(await page.getByTestId('account-password-link').getAttribute('href')).toBe('/updatepassword');
  });

  it('fits a phone screen without sideways scrolling (app mode)', async () => {
    const page = await openAs(DEMO.alex, PHONE, { app: true });
    await visit(page, '/account', 'account (alex, phone, app mode)');
    const { overflow, culprits } = await horizontalOverflow(page);
    expect(overflow, culprits.join(', ')).toBeLessThanOrEqual(0);
    // App mode opens pages of their own instead of inline editing.
    expect(await page.getByTestId('account-personal-edit').getAttribute('href')).toBe('/personal-details');
    expect(await page.getByTestId('account-contact-edit').getAttribute('href')).toBe('/contact-details');
  });
});

describe('Contact details', () => {
  it('edits inline with the rules of §5, in the edit-mode layout, and saves with a toast (web)', async () => {
    const page = await openAs(DEMO.sam, DESKTOP);
    await visit(page, '/account', 'account (sam)');
    await page.getByTestId('account-contact-edit').click();
    await page.getByTestId('contact-form').waitFor();
    expect(await layout(page)).toBe('edit');
    expect(await page.getByTestId('account-contact').getAttribute('data-mode')).toBe('edit');
    // One section at a time: the other Edit controls are gone while this one is open.
    expect(await page.getByTestId('account-mobile-edit').count()).toBe(0);
    expect(await page.getByTestId('account-personal-edit').count()).toBe(0);
    expect(await focusedTestId(page)).toBe('contact-area-code');
    expect(await page.getByTestId('contact-country-code').inputValue()).toBe('+61 Australia');
    expect(await page.getByTestId('contact-country-code').getAttribute('readonly')).not.toBeNull();
    // Nothing changed yet: Save cannot be used, and says why.
    expect(await saveIsDisabled(page, 'contact-save')).toBe(true);
    expect(await page.getByTestId('contact-save-hint').textContent()).toBe('Change a detail to save.');

    // Area code and number: 2 and 8 digits, each requiring the other.
    await enter(page, 'contact-area-code', '3');
    await expectFieldError(page, 'contact-area-code', 'Enter a 2 digit area code');
    await enter(page, 'contact-area-code', '03');
    await expectFieldError(page, 'contact-phone-number', 'Enter 8 digit phone number');
    await enter(page, 'contact-phone-number', '9123');
    await expectFieldError(page, 'contact-phone-number', 'Enter 8 digit phone number');
    await enter(page, 'contact-area-code', '');
    await enter(page, 'contact-phone-number', '91234567');
    await expectFieldError(page, 'contact-area-code', 'Enter a 2 digit area code');
    await expectNoFieldError(page, 'contact-phone-number');
    await enter(page, 'contact-area-code', '03');
    await expectNoFieldError(page, 'contact-area-code');

    // Home address: required; postal: required unless the same as home.
    await enter(page, 'contact-home-address', '');
    await expectFieldError(page, 'contact-home-address', 'Home address required.');
    expect(await saveIsDisabled(page, 'contact-save')).toBe(true);
    const home = await chooseAddress(page, 'contact-home-address', '159 Tooronga');
    await page.getByTestId('contact-same-as-home').uncheck();
    expect(await page.getByTestId('contact-postal-address').inputValue()).toBe('');
    await page.getByTestId('contact-postal-address').focus();
    await page.getByTestId('contact-postal-address').blur();
    await expectFieldError(page, 'contact-postal-address', 'Postal address required.');
    expect(await saveIsDisabled(page, 'contact-save')).toBe(true);
    await expectNoSeriousA11yViolations(page, 'contact details edit with errors');
    // Ticking "same as home" hides the postal address; unticking clears it.
    await page.getByTestId('contact-same-as-home').check();
    expect(await page.getByTestId('contact-postal-address').count()).toBe(0);
    await page.getByTestId('contact-same-as-home').uncheck();
    const postal = await chooseAddress(page, 'contact-postal-address', '5 Duke');
    expect(await saveIsDisabled(page, 'contact-save')).toBe(false);

    await page.getByTestId('contact-save').click();
    await arriveAt(page, '/accountupdated/contact-details/success', 'contact details saved');
    expect(await toastText(page)).toBe('Your contact details have been updated');
    expect(await page.getByTestId('account-toast-region').getAttribute('role')).toBe('status');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await layout(page)).toBe('read');
    expect(await page.getByTestId('contact-phone-value').textContent()).toBe('(03) 9123 4567');
    expect(await page.getByTestId('contact-home-value').textContent()).toBe(home);
    expect(await page.getByTestId('contact-postal-value').textContent()).toBe(postal);
  });

  it('Cancel returns to read without saving and gives focus back to Edit (web)', async () => {
    const page = await openAs(DEMO.sam, DESKTOP);
    await visit(page, '/account', 'account (sam)');
    const before = await page.getByTestId('contact-phone-value').textContent();
    await page.getByTestId('account-contact-edit').click();
    await enter(page, 'contact-area-code', '07');
    await enter(page, 'contact-phone-number', '31234567');
    await page.getByTestId('contact-cancel').click();
    await page.getByTestId('contact-form').waitFor({ state: 'detached' });
    expect(await layout(page)).toBe('read');
    expect(await page.getByTestId('contact-phone-value').textContent()).toBe(before);
    expect(await focusedTestId(page)).toBe('account-contact-edit');
  });

  it('opens /contact-details in app mode and saves there', async () => {
    const page = await openAs(DEMO.alex, PHONE, { app: true });
    await visit(page, '/account', 'account (alex, app mode)');
    await page.getByTestId('account-contact-edit').click();
    await arriveAt(page, '/contact-details', 'contact details page (app mode)');
    await enter(page, 'contact-phone-number', '1234');
    await expectFieldError(page, 'contact-phone-number', 'Enter 8 digit phone number');
    await enter(page, 'contact-area-code', '02');
    await enter(page, 'contact-phone-number', '98765432');
    await page.getByTestId('contact-save').click();
    await arriveAt(page, '/accountupdated/contact-details/success', 'contact details saved (app mode)');
    expect(await toastText(page)).toBe('Your contact details have been updated');
    expect(await page.getByTestId('contact-phone-value').textContent()).toBe('(02) 9876 5432');
  });
});

describe('Mobile Number and Email Address (access code first)', () => {
  it('mobile: Edit → access code by e-mail → the block opens in edit mode → save (web)', async () => {
    const page = await openAs(DEMO.sam, DESKTOP);
    await visit(page, '/account', 'account (sam)');
    await page.getByTestId('account-mobile-edit').click();
    await arriveAt(page, '/activationaccountdetails', 'access code for the mobile');
    await typeCode(page, await nextCode(suite.server, DEMO.sam));
    await arriveAt(page, '/account', 'account, mobile in edit mode');
    await page.getByTestId('mobile-form').waitFor();
    expect(await layout(page)).toBe('edit');
    await expect.poll(() => focusedTestId(page)).toBe('mobile-input');
    await expectNoSeriousA11yViolations(page, 'mobile edit');
    await enter(page, 'mobile-input', '04123');
    await expectFieldError(page, 'mobile-input', 'Enter a valid Australian 10 digit phone number');
    expect(await saveIsDisabled(page, 'mobile-save')).toBe(true);
    await enter(page, 'mobile-input', '0499111222');
    await page.getByTestId('mobile-save').click();
    await arriveAt(page, '/accountupdated/mobile-number/success', 'mobile saved');
    expect(await toastText(page)).toBe('Your mobile number has been updated');
    expect(await page.getByTestId('mobile-value').textContent()).toBe('0499 111 222');
    // spec 000 §4: the secure token is cleared after the save.
    expect(await storedSecureToken(page)).toBeNull();
  });

  it('mobile: Cancel on the access-code screen and Cancel in the form both return to read', async () => {
    const page = await openAs(DEMO.sam, DESKTOP);
    await visit(page, '/account', 'account (sam)');
    await page.getByTestId('account-mobile-edit').click();
    await arriveAt(page, '/activationaccountdetails', 'access code for the mobile');
    await nextCode(suite.server, DEMO.sam);
    await page.getByTestId('access-code-cancel').click();
    await arriveAt(page, '/account', 'account after cancelling the code');
    expect(await layout(page)).toBe('read');

    await page.getByTestId('account-mobile-edit').click();
    await arriveAt(page, '/activationaccountdetails', 'access code for the mobile, again');
    await typeCode(page, await nextCode(suite.server, DEMO.sam));
    await page.getByTestId('mobile-form').waitFor();
    expect(await storedSecureToken(page)).not.toBeNull();
    await page.getByTestId('mobile-cancel').click();
    await page.getByTestId('mobile-form').waitFor({ state: 'detached' });
    expect(await layout(page)).toBe('read');
    expect(await storedSecureToken(page)).toBeNull();
    expect(await focusedTestId(page)).toBe('account-mobile-edit');
  });

  it('e-mail: the code goes to the mobile by SMS; the rules of §5; save (web)', async () => {
    const page = await openAs(DEMO.newRegistrant, DESKTOP);
    await visit(page, '/account', 'account (new registrant)');
    await page.getByTestId('account-email-edit').click();
    await arriveAt(page, '/activationaccountdetails', 'access code for the e-mail');
    await typeCode(page, await nextSmsCode(suite.server, MOBILE_OF[DEMO.newRegistrant] as string));
    await arriveAt(page, '/account', 'account, e-mail in edit mode');
    await page.getByTestId('email-form').waitFor();
    await enter(page, 'email-input', 'not-an-email');
    await expectFieldError(page, 'email-input', 'Enter a valid email address');
    // The local part is at most 64 characters (spec 000 §5).
    await enter(page, 'email-input', `${'a'.repeat(65)}@example.com`);
    await expectFieldError(page, 'email-input', 'Enter a valid email address');
    await enter(page, 'email-input', '  noah.new@example.org  ');
    await expectNoFieldError(page, 'email-input');
    await page.getByTestId('email-save').click();
    await arriveAt(page, '/accountupdated/email-address/success', 'e-mail saved');
    expect(await toastText(page)).toBe('Your email address has been updated');
    // Trimmed before it is kept.
    expect(await page.getByTestId('email-value').textContent()).toBe('noah.new@example.org');
  });

  it('mobile in app mode: the code screen leads to /mobile-number, which saves', async () => {
    const page = await openAs(DEMO.alex, PHONE, { app: true });
    await visit(page, '/account', 'account (alex, app mode)');
    await page.getByTestId('account-mobile-edit').click();
    await arriveAt(page, '/activationaccountdetails', 'access code for the mobile (app mode)');
    await typeCode(page, await nextCode(suite.server, DEMO.alex));
    await arriveAt(page, '/mobile-number', 'mobile number page (app mode)');
    await enter(page, 'mobile-input', '0411000999');
    await page.getByTestId('mobile-save').click();
    await arriveAt(page, '/accountupdated/mobile-number/success', 'mobile saved (app mode)');
    expect(await toastText(page)).toBe('Your mobile number has been updated');
    expect(await page.getByTestId('mobile-value').textContent()).toBe('0411 000 999');
    expect(await storedSecureToken(page)).toBeNull();
  });

  it('e-mail in app mode: the SMS code leads to /email-address, which saves', async () => {
    const page = await openAs(DEMO.pat, PHONE, { app: true });
    await visit(page, '/account', 'account (pat, app mode)');
    await page.getByTestId('account-email-edit').click();
    await arriveAt(page, '/activationaccountdetails', 'access code for the e-mail (app mode)');
    await typeCode(page, await nextSmsCode(suite.server, MOBILE_OF[DEMO.pat] as string));
    await arriveAt(page, '/email-address', 'email address page (app mode)');
    await enter(page, 'email-input', 'pat.t@example.org');
    await page.getByTestId('email-save').click();
    await arriveAt(page, '/accountupdated/email-address/success', 'e-mail saved (app mode)');
    expect(await page.getByTestId('email-value').textContent()).toBe('pat.t@example.org');
  });

  it('provider flags block an edit with the spec text; a missing channel hides Edit and disables the preferences', async () => {
    await suite.withOwnServer(DESKTOP, async ({ page }, server) => {
      const db = portalDb(server.dataDir);
      try {
        db.prepare('update claimants set mobile_edit_disabled = 1, email_edit_disabled = 1 where email = ?').run(
          DEMO.sam,
        );
        db.prepare('update claimants set mobile = null where email = ?').run(DEMO.pat);
      } finally {
        db.close();
      }
      await signInAs(page, DEMO.sam, { baseURL: server.url });
      await visit(page, '/account', 'account with edits disabled');
      expect(await page.getByTestId('account-mobile-edit').count()).toBe(0);
      expect(await page.getByTestId('account-email-edit').count()).toBe(0);
      expect(await page.getByTestId('mobile-permission').textContent()).toContain(
        `Unfortunately we are not able to update your mobile number at this time. Please contact the provider to update your details on ${PROVIDER_PHONE}.`,
      );
      expect(await page.getByTestId('email-permission').textContent()).toContain(
        `Unfortunately we are not able to update your email address at this time. Please contact the provider to update your details on ${PROVIDER_PHONE}.`,
      );
      // The edit page says the same (app mode's way in).
      await visit(page, '/mobile-number', '/mobile-number with edits disabled');
      expect(await page.getByTestId('mobile-permission').textContent()).toContain(
        'Unfortunately we are not able to update your mobile number',
      );

      await signInAs(page, DEMO.pat, { baseURL: server.url });
      await visit(page, '/account', 'account without a mobile');
      // Editing the e-mail needs a mobile to send the code to (spec 000 §6).
      expect(await page.getByTestId('account-email-edit').count()).toBe(0);
      expect(await page.getByTestId('email-permission').textContent()).toContain('add a mobile number first');
      expect(await page.getByTestId('account-mobile-edit').count()).toBe(1);
      expect(await page.getByTestId('preferences-sms').isDisabled()).toBe(true);
      expect(await page.getByTestId('preferences-email').isDisabled()).toBe(true);
      expect(await page.getByTestId('preferences-warning').textContent()).toContain(
        'please add your mobile number first',
      );
      expect(await describedBy(page, 'preferences-sms')).toContain('please add your mobile number first');
    });
  });
});

describe('Bank account details', () => {
  it('Edit → bank access code → the block opens scrolled into view; BSB look-up and the rules of §5; save (web)', async () => {
    const page = await openAs(DEMO.sam, DESKTOP);
    await visit(page, '/account', 'account (sam)');
    await page.getByTestId('account-bank-edit').click();
    await arriveAt(page, '/activationbankdetails', 'bank access code');
    await typeCode(page, await nextCode(suite.server, DEMO.sam));
    await arriveAt(page, '/account', 'account, bank in edit mode');
    await page.getByTestId('bank-form').waitFor();
    // spec 000 §4: the page scrolls to the bank section.
    await expect
      .poll(() => page.getByTestId('account-bank').evaluate((el) => Math.round(el.getBoundingClientRect().top)))
      .toBeLessThan(DESKTOP.height / 2);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expect.poll(() => focusedTestId(page)).toBe('bank-account-name');
    // The edit-mode layout gives the bank block a row across the page; the rest of the page keeps
    // its two columns (it used to fold into one narrow column).
    const box = async (testId: string) => (await page.getByTestId(testId).boundingBox()) ?? { x: 0, y: 0, width: 0 };
    const [personal, mobile, bank] = await Promise.all(['account-personal', 'account-mobile', 'account-bank'].map(box));
    expect(Math.round(mobile!.y), 'Name and date of birth beside Mobile number').toBe(Math.round(personal!.y));
    expect(mobile!.x).toBeGreaterThan(personal!.x + personal!.width);
    expect(bank!.width).toBeGreaterThan(personal!.width * 1.9);
    // The look-up runs when the form opens.
    await expect.poll(() => page.getByTestId('bank-name').textContent()).toContain('Westpac Banking Corporation');
    expect(await page.getByTestId('bank-bsb').inputValue()).toBe('033-001');
    expect(await page.getByTestId('bank-account-number').inputValue()).toBe('');
    expect(await saveIsDisabled(page, 'bank-save')).toBe(true);
    await expectNoSeriousA11yViolations(page, 'bank edit');

    await enter(page, 'bank-account-name', '   ');
    await expectFieldError(page, 'bank-account-name', 'Enter an Account Name between 1-100 characters');
    await enter(page, 'bank-account-name', 'x'.repeat(101));
    await expectFieldError(page, 'bank-account-name', 'Enter an Account Name between 1-100 characters');
    await enter(page, 'bank-account-name', 'Sam Single');
    await expectNoFieldError(page, 'bank-account-name');
    await enter(page, 'bank-bsb', '0630');
    await expectFieldError(page, 'bank-bsb', 'Enter a valid 6 digit BSB number');
    // A BSB of the right shape that is no bank is marked invalid by the look-up.
    await enter(page, 'bank-bsb', '999999');
    await expectFieldError(page, 'bank-bsb', 'We cannot find a bank with BSB 999-999. Check the BSB and try again.');
    expect(await page.getByTestId('bank-bsb').inputValue()).toBe('999-999');
    await enter(page, 'bank-bsb', '063000');
    await expectNoFieldError(page, 'bank-bsb');
    expect(await page.getByTestId('bank-bsb').inputValue()).toBe('063-000');
    await expect.poll(() => page.getByTestId('bank-name').textContent()).toContain('Commonwealth Bank of Australia');
    await enter(page, 'bank-account-number', '12345');
    await expectFieldError(page, 'bank-account-number', 'Enter an Account Number between 6-9 digits');
    await enter(page, 'bank-account-number', '1234567890');
    // At most 9 digits can be typed.
    expect(await page.getByTestId('bank-account-number').inputValue()).toBe('123456789');
    await enter(page, 'bank-account-number', '87654321');
    expect(await saveIsDisabled(page, 'bank-save')).toBe(false);

    await page.getByTestId('bank-save').click();
    await arriveAt(page, '/accountupdated/bank-details/success', 'bank saved');
    expect(await toastText(page)).toBe('Your bank account details have been updated');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.getByTestId('bank-name-read').textContent()).toBe('Commonwealth Bank of Australia');
    expect(await page.getByTestId('bank-bsb-read').textContent()).toBe('063-000');
    const number = (await page.getByTestId('bank-account-number-read').textContent()) ?? '';
    expect(number).toContain('4321');
    expect(number).not.toContain('8765');
    expect(await storedSecureToken(page)).toBeNull();
  });

  it('Cancel clears the secure token; leaving the page clears it too', async () => {
    // Alex: an account may ask for 5 codes an hour, and Sam has had theirs.
    const page = await openAs(DEMO.alex, DESKTOP);
    await visit(page, '/account', 'account (alex)');
    await page.getByTestId('account-bank-edit').click();
    await arriveAt(page, '/activationbankdetails', 'bank access code');
    await typeCode(page, await nextCode(suite.server, DEMO.alex));
    await page.getByTestId('bank-form').waitFor();
    await page.getByTestId('bank-cancel').click();
    await page.getByTestId('bank-form').waitFor({ state: 'detached' });
    expect(await storedSecureToken(page)).toBeNull();
    expect(await focusedTestId(page)).toBe('account-bank-edit');

    await page.getByTestId('account-bank-edit').click();
    await arriveAt(page, '/activationbankdetails', 'bank access code, again');
    await typeCode(page, await nextCode(suite.server, DEMO.alex));
    await page.getByTestId('bank-form').waitFor();
    expect(await storedSecureToken(page)).not.toBeNull();
    await page.getByRole('banner').getByRole('link', { name: 'Home' }).first().click();
    await arriveAt(page, '/claim', 'claim home after leaving My Details');
    expect(await storedSecureToken(page)).toBeNull();
  });

  it('a claim managed by the State Trustees cannot change its bank details', async () => {
    const page = await openAs(DEMO.pat, DESKTOP);
    await visit(page, '/account', 'account (State Trustees)');
    expect(await page.getByTestId('account-bank-edit').count()).toBe(0);
    expect(await page.getByTestId('bank-permission').textContent()).toContain(
      "Bank account details can't be edited on your claim because it is managed by the State Trustees.",
    );
    expect(await page.getByTestId('bank-none').textContent()).toContain('We do not have bank account details');
    await visit(page, '/bank-details', '/bank-details (State Trustees)');
    expect(await page.getByTestId('bank-permission').textContent()).toContain('managed by the State Trustees');
  });

  it('bank changes are locked for 48 hours after registration (app mode)', async () => {
    const page = await openAs(DEMO.newRegistrant, PHONE, { app: true });
    await visit(page, '/account', 'account (new registrant, app mode)');
    expect(await page.getByTestId('account-bank-edit').count()).toBe(0);
    expect(await page.getByTestId('bank-permission').textContent()).toBe(
      "For security reasons, you can't make changes to your bank account in the first 48 hours after you register. Please try again in 48 hours.",
    );
  });

  it('app mode: the bank code leads to /bank-details, which saves', async () => {
    const page = await openAs(DEMO.alex, PHONE, { app: true });
    await visit(page, '/account', 'account (alex, app mode)');
    await page.getByTestId('account-bank-edit').click();
    await arriveAt(page, '/activationbankdetails', 'bank access code (app mode)');
    await typeCode(page, await nextCode(suite.server, DEMO.alex));
    await arriveAt(page, '/bank-details', 'bank details page (app mode)');
    await expect.poll(() => page.getByTestId('bank-name').textContent()).toContain('Commonwealth Bank of Australia');
    await enter(page, 'bank-account-number', '11223344');
    await page.getByTestId('bank-save').click();
    await arriveAt(page, '/accountupdated/bank-details/success', 'bank saved (app mode)');
    expect(await toastText(page)).toBe('Your bank account details have been updated');
    expect(await page.getByTestId('bank-account-number-read').textContent()).toContain('3344');
    expect(await storedSecureToken(page)).toBeNull();
  });
});

describe('Preferences', () => {
  it('each box saves at once; both off forces e-mail on', async () => {
    const page = await openAs(DEMO.pat, DESKTOP);
    await visit(page, '/account', 'account (pat)');
    const sms = page.getByTestId('preferences-sms');
    const email = page.getByTestId('preferences-email');
    // Each change waits for its own save to be answered: the status line already says "saved"
    // after the first one, so it cannot tell one save from the next.
    const saving = async (change: () => Promise<void>) => {
      const answered = page.waitForResponse(
        (r) => r.url().endsWith('/api/account/updatepreferences') && r.request().method() === 'POST',
      );
      await change();
      expect((await answered).status()).toBe(200);
      await page.getByTestId('preferences-status').filter({ hasText: 'Your preferences have been saved.' }).waitFor();
    };
    expect(await sms.isChecked()).toBe(false);
    expect(await email.isChecked()).toBe(true);

    await saving(() => email.click());
    expect(await email.isChecked()).toBe(true);
    expect(await page.getByTestId('preferences-status').textContent()).toContain('email stays on');

    await saving(() => sms.check());
    await saving(() => email.uncheck());
    await page.reload();
    await settle(page);
    // My Details refetches the account when it opens: let that finish before changing anything.
    await page.waitForLoadState('networkidle');
    expect(await sms.isChecked()).toBe(true);
    expect(await email.isChecked()).toBe(false);

    // Turning SMS off would leave nothing: e-mail comes back on.
    await saving(() => sms.click());
    expect(await sms.isChecked()).toBe(false);
    expect(await email.isChecked()).toBe(true);
    await page.reload();
    await settle(page);
    expect(await sms.isChecked()).toBe(false);
    expect(await email.isChecked()).toBe(true);
  });
});

describe('Name & Date of Birth (a change request)', () => {
  it('checks the rules of §5 and the files, sends the request with a document, and shows it waiting for approval (web)', async () => {
    const page = await openAs(DEMO.sam, DESKTOP);
    await visit(page, '/account', 'account (sam)');
    await page.getByTestId('account-personal-edit').click();
    await page.getByTestId('personal-form').waitFor();
    expect(await focusedTestId(page)).toBe('personal-first-name');
    expect(await page.getByTestId('personal-title').inputValue()).toBe('Ms');
    expect(await page.getByTestId('personal-title').getAttribute('readonly')).not.toBeNull();
    expect(await saveIsDisabled(page, 'personal-save')).toBe(true);

    await enter(page, 'personal-first-name', '');
    await expectFieldError(page, 'personal-first-name', 'Enter your First Name between 1-60 characters');
    await enter(page, 'personal-surname', 'S'.repeat(61));
    await expectFieldError(page, 'personal-surname', 'Enter your Last Name between 1-60 characters');
    await enter(page, 'personal-date-of-birth', '1990');
    await expectFieldError(page, 'personal-date-of-birth', 'Enter your date of birth in dd/mm/yyyy format.');
    await enter(page, 'personal-date-of-birth', '31/02/1990');
    await expectFieldError(page, 'personal-date-of-birth', 'Enter a valid Date of Birth');
    const tomorrow = new Date(Date.now() + 36 * 3_600_000).toLocaleDateString('en-AU', {
      timeZone: 'Australia/Melbourne',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    });
    await enter(page, 'personal-date-of-birth', tomorrow);
    await expectFieldError(page, 'personal-date-of-birth', 'Enter a valid Date of Birth');

    // Pressing Send with problems (it stays focusable, aria-disabled) shows each one, listed in the
    // form's summary, which takes the focus; the reason is required.
    await page.getByTestId('personal-save').click({ force: true });
    await expectFieldError(page, 'personal-reason', 'Please select a reason');
    const summary = page.getByTestId('personal-errors').getByRole('region');
    await expect.poll(() => summary.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await summary.locator('a[href^="#"]').allTextContents()).toEqual([
      'Enter your First Name between 1-60 characters',
      'Enter your Last Name between 1-60 characters',
      'Enter a valid Date of Birth',
      'Please select a reason',
    ]);
    await page.getByTestId('personal-reason').selectOption({ label: 'Other' });
    await enter(page, 'personal-other-reason', '');
    await expectFieldError(page, 'personal-other-reason', 'Please provide a reason between 1-250 characters');
    await enter(page, 'personal-other-reason', 'r'.repeat(251));
    await expectFieldError(page, 'personal-other-reason', 'Please provide a reason between 1-250 characters');

    // Files: checked before they are accepted.
    const files = page.getByTestId('personal-files-input');
    await files.setInputFiles({ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await expectFieldError(page, 'personal-files-input', 'Document type is not accepted');
    await files.setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(10_485_761, 0x20) });
    await expectFieldError(page, 'personal-files-input', 'Document must be below 10MB');
    await files.setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expectNoFieldError(page, 'personal-files-input');
    await page
      .locator('[data-testid="personal-files-item"][data-filename="certificate.pdf"][data-state="ready"]')
      .waitFor();
    await expectNoSeriousA11yViolations(page, 'personal details edit with errors');

    await enter(page, 'personal-first-name', 'Samantha');
    await enter(page, 'personal-surname', 'Single-Jones');
    await enter(page, 'personal-date-of-birth', '30/01/1990');
    await enter(page, 'personal-other-reason', 'My name was recorded wrongly.');
    expect(await saveIsDisabled(page, 'personal-save')).toBe(false);
    await page.getByTestId('personal-save').click();
    await arriveAt(page, '/accountupdated/personal-details/approval', 'personal details sent');
    expect(await toastText(page)).toBe('Your Personal Details have been sent to the provider for approval');
    // The stored details change only when the provider approves.
    expect(await page.getByTestId('personal-name').textContent()).toBe('Ms Sam Single');
    const today = new Date().toLocaleDateString('en-AU', {
      timeZone: 'Australia/Melbourne',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    });
    expect(await page.getByTestId('personal-pending').textContent()).toBe(
      `Your change request sent on ${today} is waiting for approval.`,
    );

    // The request went first, the file under its FormId, then the submit that sent both.
    const db = portalDb(suite.server.dataDir, { readOnly: true });
    try {
      const sent = db
        .prepare(
          "select f.original_name as name, fo.data as data from files f join forms fo on fo.id = f.form_id where fo.form_type = 'details' and fo.status = 'submitted' and f.submitted_at is not null",
        )
        .all() as { name: string; data: string }[];
      const mine = sent.filter((row) => (JSON.parse(row.data) as { FirstName?: string }).FirstName === 'Samantha');
      expect(mine.map((row) => row.name)).toEqual(['certificate.pdf']);
      expect(JSON.parse(mine[0]?.data ?? '{}')).toMatchObject({
        Surname: 'Single-Jones',
        DateOfBirth: '1990-01-30',
        Reason: 'Other',
        OtherReason: 'My name was recorded wrongly.',
      });
    } finally {
      db.close();
    }
  });

  it('a failed submit alerts "Error: Failed to submit form" and resets the uploads; the retry sends (app mode)', async () => {
    const page = await openAs(DEMO.alex, PHONE, { app: true });
    await visit(page, '/account', 'account (alex, app mode)');
    await page.getByTestId('account-personal-edit').click();
    await arriveAt(page, '/personal-details', 'personal details page (app mode)');
    await page.getByTestId('personal-reason').selectOption({ label: 'Marriage' });
    await enter(page, 'personal-surname', 'Citizen-Smith');
    await page
      .getByTestId('personal-files-input')
      .setInputFiles({ name: 'marriage.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.locator('[data-testid="personal-files-item"][data-state="ready"]').waitFor();

    // The provider's side is down for the final step: the request and the file went, the submit did not.
    let submits = 0;
    await page.route('**/api/documentupload/submitdetailsrequest', async (route) => {
      submits += 1;
      await route.fulfill({
        status: 225,
        contentType: 'application/json',
        body: JSON.stringify([{ Number: 199, Message: 'Something went wrong on our side. Please try again.' }]),
      });
    });
    await page.getByTestId('personal-save').click();
    const alert = page.getByTestId('error-alert');
    await alert.waitFor();
    expect(await page.getByTestId('error-alert-message').textContent()).toContain('Error: Failed to submit form');
    expect(submits).toBe(1);
    await page.getByTestId('error-alert-ok').click();
    await alert.waitFor({ state: 'hidden' });
    await page
      .locator('[data-testid="personal-files-item"][data-filename="marriage.pdf"][data-state="ready"]')
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/personal-details');

    await page.unroute('**/api/documentupload/submitdetailsrequest');
    await page.getByTestId('personal-save').click();
    await arriveAt(page, '/accountupdated/personal-details/approval', 'personal details sent (app mode)');
    expect(await toastText(page)).toBe('Your Personal Details have been sent to the provider for approval');
    await page.getByTestId('personal-pending').waitFor();
  });
});

describe('Password', () => {
  it('changes the password with the rules of §5, refuses a wrong current one, and ends the other session', async () => {
    await suite.withOwnServer(DESKTOP, async ({ page }, server) => {
      // A second browser signed in as the same claimant.
      const other = await newContext(suite.browser, PHONE, server.url, server.knownDevice);
      try {
        const otherPage = await other.newPage();
        otherPage.on('pageerror', (error) => pageErrorsOfTest.push(`${otherPage.url()}: ${error.message}`));
        await signInAs(otherPage, DEMO.sam, { baseURL: server.url });
        await visit(otherPage, '/account', 'account (the other session)');

        await signInAs(page, DEMO.sam, { baseURL: server.url });
        await visit(page, '/account', 'account (sam)');
        await page.getByTestId('account-password-link').click();
        await arriveAt(page, '/updatepassword', 'change password');
        expect(await saveIsDisabled(page, 'password-save')).toBe(true);
        await enter(page, 'password-new-password', 'short');
        await expectFieldError(page, 'password-new-password', 'Enter a valid password');
        expect(await page.getByTestId('password-rules').textContent()).toContain('New Password must follow rules.');
        await enter(page, 'password-new-password', 'alllowercase1');
        await expectFieldError(page, 'password-new-password', 'Enter a valid password');
        await enter(page, 'password-new-password', 'Fresh#Start26');
        await expectNoFieldError(page, 'password-new-password');
        await enter(page, 'password-re-enter-password', 'Fresh#Start27');
        await expectFieldError(page, 'password-re-enter-password', 'Password must match');
        await enter(page, 'password-re-enter-password', 'Fresh#Start26');
        await enter(page, 'password-old', 'Not#MyPassword1');
        await expectNoSeriousA11yViolations(page, 'change password filled');
        await page.getByTestId('password-save').click();
        await expectFieldError(page, 'password-old', 'Invalid password. Try again');
        expect(await page.getByTestId('password-old').inputValue()).toBe('');
        // Listed in the summary (focused), linked to the field to type it again.
        const summary = page.getByTestId('password-errors').getByRole('region');
        await expect.poll(() => summary.evaluate((el) => el === document.activeElement)).toBe(true);
        expect(await summary.locator('a[href="#password-old"]').textContent()).toBe('Invalid password. Try again');

        await enter(page, 'password-old', DEMO_PASSWORD);
        await page.getByTestId('password-save').click();
        await arriveAt(page, '/accountupdated/password/success', 'password changed');
        expect(await toastText(page)).toBe('Password successfully updated');

        // This session goes on; the other one has ended.
        await visit(page, '/account', 'account after the change');
        await otherPage.reload();
        await otherPage.waitForURL((url) => url.pathname === '/login');
        const api = new ApiClient(server.url, server.knownDevice);
        await expect(api.login(DEMO.sam, { password: 'Fresh#Start26' })).resolves.toMatchObject({
          AccountActivated: 2,
        });
      } finally {
        await other.close();
      }
    });
  });
});

describe('route-driven toasts', () => {
  it('reads type and success from /accountupdated/{type}/{success} (spec 000 §8)', async () => {
    const page = await openAs(DEMO.sam, PHONE);
    const cases: Array<[string, string, string, string]> = [
      ['personal-details', 'approval', 'Your Personal Details have been sent to the provider for approval', 'success'],
      ['personal-details', 'error', 'Your Personal Details failed to save', 'error'],
      ['contact-details', 'success', 'Your contact details have been updated', 'success'],
      ['contact-details', 'error', 'Your contact details failed to save', 'error'],
      ['email-address', 'success', 'Your email address has been updated', 'success'],
      ['mobile-number', 'success', 'Your mobile number has been updated', 'success'],
      ['bank-details', 'success', 'Your bank account details have been updated', 'success'],
      ['bank-details', 'error', 'Your bank details failed to send', 'error'],
      ['password', 'success', 'Password successfully updated', 'success'],
    ];
    for (const [type, success, text, tone] of cases) {
      await visit(page, `/accountupdated/${type}/${success}`, `toast ${type}/${success}`);
      expect(await toastText(page)).toBe(text);
      expect(await page.getByTestId('account-toast').getAttribute('data-tone')).toBe(tone);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    }
    await page.getByTestId('account-toast-dismiss').click();
    expect(await page.getByTestId('account-toast').count()).toBe(0);
    // Without a known type there is no toast.
    await visit(page, '/accountupdated/something/success', 'no toast for an unknown type');
    await page.getByTestId('account-personal').waitFor();
    expect(await page.getByTestId('account-toast').count()).toBe(0);
  });
});
