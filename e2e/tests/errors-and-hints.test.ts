/**
 * Errors and hints, in Chromium at 1280 and 375 px, with axe on every page visited:
 * - one error pattern: each entry of the error summary says exactly what its field says, and a
 *   checkbox's message sits above it like every field's;
 * - the alert's error number reads "If you call us on {phone}, quote error N";
 * - a button that waits for its form has a polite live hint listing what is still needed
 *   (sign-in, Send a message, the authority form: "Draw or type your signature to continue");
 * - an address that is not in the index is entered by hand on registration (its locality checked
 *   by the server) and in My Details, kept as not verified, and My Details' read view says so.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ALEX_CLAIMS, ApiClient, DEMO, SAM_CLAIM } from '../support/api.ts';
import { loginForm, seedSession, signIn } from '../support/auth.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { PHONE, VIEWPORTS } from '../support/browser.ts';
import { arriveAt, useSuite, visit } from '../support/harness.ts';
import { screenshot } from '../support/page.ts';
import { portalDb } from '../support/portal-db.ts';
import { expectVisible, loginError } from '../support/ui.ts';

const suite = useSuite();

/** The live hint a button is described by: its text, and that it is a polite live region. */
async function hintOf(page: Page, buttonTestId: string): Promise<{ text: string; live: string | null }> {
  return page.getByTestId(buttonTestId).evaluate((button) => {
    const id = button.getAttribute('aria-describedby') ?? '';
    const hint = id ? document.getElementById(id) : null;
    return { text: hint?.textContent ?? '', live: hint?.getAttribute('aria-live') ?? null };
  });
}

/**
 * Reaches a waiting submit button with Tab alone (it stays in the tab order: aria-disabled, never
 * disabled) and presses it with Enter.
 */
async function tabToAndPress(page: Page, buttonTestId: string): Promise<void> {
  await page.locator('body').focus();
  for (let presses = 0; presses < 80; presses += 1) {
    await page.keyboard.press('Tab');
    const at = await page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
    if (at === buttonTestId) break;
  }
  const button = page.getByTestId(buttonTestId);
  expect(await button.evaluate((el) => el === document.activeElement), `${buttonTestId} reached by Tab`).toBe(true);
  expect(await button.getAttribute('aria-disabled')).toBe('true');
  expect(await button.getAttribute('disabled')).toBeNull();
  await page.keyboard.press('Enter');
}

/** The part of the registration that is not the address (Jordan, the demo registrant). */
async function fillJordan(page: Page, username: string): Promise<void> {
  await page.getByTestId('register-username').fill(username);
  await page.getByTestId('register-date-of-birth').fill('01/02/1980');
  await page.getByTestId('register-first-name').fill('Jordan');
  await page.getByTestId('register-last-name').fill('Doe');
  await page.getByTestId('register-claim-number-first').pressSequentially('12');
  await page.keyboard.type('34567');
  await page.getByTestId('register-mobile').fill('0400000001');
  await page.getByTestId('register-new-password').fill('Fresh#Start1');
  await page.getByTestId('register-re-enter-password').fill('Fresh#Start1');
}

/** Enters an address by hand in the parts shown after "I can't find my … address in the list". */
async function enterAddress(
  page: Page,
  prefix: string,
  parts: { street: string; suburb: string; state: string; postcode: string },
) {
  await page.getByTestId(`${prefix}-street`).fill(parts.street);
  await page.getByTestId(`${prefix}-suburb`).fill(parts.suburb);
  await page.getByTestId(`${prefix}-state`).selectOption(parts.state);
  await page.getByTestId(`${prefix}-postcode`).fill(parts.postcode);
  await page.getByTestId(`${prefix}-postcode`).press('Tab');
}

/**
 * Errors follow the form: the summary's count is the number of fields that show a message in
 * `formTestId`, and every entry links to a field that is there and in error. Returns the count.
 */
async function expectSummaryFollows(
  page: Page,
  summaryTestId: string,
  formTestId: string,
  expected?: number,
): Promise<number> {
  const read = () =>
    page.evaluate(
      ({ summaryId, formId }) => {
        const summary = document.querySelector(`[data-testid="${summaryId}"]`);
        const title = summary?.querySelector('h2')?.textContent ?? '';
        const counted = /There are (\d+) errors/.exec(title)?.[1];
        const count = counted ? Number(counted) : /There is 1 error/.test(title) ? 1 : 0;
        const links = Array.from(summary?.querySelectorAll('a[href^="#"]') ?? []);
        const broken = links.filter((link) => {
          const field = document.getElementById((link.getAttribute('href') ?? '').slice(1));
          return !field || field.getAttribute('aria-invalid') !== 'true';
        }).length;
        const messages = document.querySelectorAll(`[data-testid="${formId}"] p[id$="-error"]`).length;
        const titled = document.title.startsWith('Error: ') === count > 0;
        const listed = links.map((link) => link.getAttribute('href'));
        const said = Array.from(document.querySelectorAll(`[data-testid="${formId}"] p[id$="-error"]`)).map(
          (p) => `${p.id}: ${p.textContent}`,
        );
        return { count, messages, broken, titled, listed, said };
      },
      { summaryId: summaryTestId, formId: formTestId },
    );
  await expect
    .poll(async () => {
      const { count, messages, broken, titled, listed, said } = await read();
      // With a count expected, a consistent page before the last change has arrived is not enough.
      const follows = count === messages && broken === 0 && titled && (expected === undefined || count === expected);
      return follows ? 'follows' : JSON.stringify({ count, broken, titled, listed, said });
    })
    .toBe('follows');
  return (await read()).count;
}

/** My Details with its Contact Details block in edit mode. */
async function openContactDetails(page: Page, label: string): Promise<void> {
  await visit(page, '/account', `/account (${label})`);
  await page.getByTestId('account-contact-edit').click();
  await page.getByTestId('contact-form').waitFor();
}

describe.each(VIEWPORTS)('errors and hints at $name ($width×$height)', (viewport) => {
  test('sign-in: the hint lists what Sign in needs, and a refused sign-in gives the number to quote', async () => {
    const { page } = await suite.open(viewport);
    await visit(page, '/login', `/login (${viewport.name})`);
    const form = loginForm(page);
    expect(await hintOf(page, 'login-submit')).toEqual({
      text: 'To sign in, enter your username and your password.',
      live: 'polite',
    });
    await form.username.fill(DEMO.alex);
    await expect.poll(async () => (await hintOf(page, 'login-submit')).text).toBe('To sign in, enter your password.');
    // Pressed while waiting: the password says what it needs, and the claimant is put there.
    await tabToAndPress(page, 'login-submit');
    await expect.poll(() => page.getByTestId('login-password').getAttribute('aria-invalid')).toBe('true');
    await expectNoSeriousA11yViolations(page, `/login with the hint (${viewport.name})`);
    await screenshot(page, `hints-login-${viewport.name}`);

    await signIn(page, DEMO.alex, 'Wrong#Password1');
    const alert = loginError(page);
    await expectVisible(alert, 'the sign-in error');
    const text = await alert.innerText();
    expect(text).toContain('If you call us on 1300 654 329, quote error 101.');
    expect(text).not.toContain('Error Code');
    expect(await alert.getByRole('link', { name: '1300 654 329' }).getAttribute('href')).toMatch(/^tel:/);
    await expectNoSeriousA11yViolations(page, `/login with the error (${viewport.name})`);
    await screenshot(page, `errors-login-${viewport.name}`);
  });

  test('signed in: Send a message and the authority form say what their button still needs', async () => {
    const { page } = await suite.open(viewport);
    await seedSession(page, suite.baseURL, DEMO.alex, { claim: ALEX_CLAIMS[0].number });
    await visit(page, '/contactus', `/contactus (${viewport.name})`);
    expect(await hintOf(page, 'contact-submit')).toEqual({
      text: 'To send it, choose an enquiry type and write your message.',
      live: 'polite',
    });
    await screenshot(page, `hints-contact-${viewport.name}`);
    // Pressed while waiting: each field says what it needs.
    await tabToAndPress(page, 'contact-submit');
    await expect
      .poll(() => page.locator('[data-testid="contact-page"] [aria-invalid="true"]').count())
      .toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page, `/contactus pressed while waiting (${viewport.name})`);

    await visit(page, '/authorityform', `/authorityform (${viewport.name})`);
    await page.getByTestId('authority-signature-pad').waitFor();
    expect(await hintOf(page, 'authority-submit')).toEqual({
      text: 'Draw or type your signature to continue.',
      live: 'polite',
    });
    await page.getByTestId('authority-type-instead').click();
    await expect
      .poll(async () => (await hintOf(page, 'authority-submit')).text)
      .toBe('To continue, type your full name and tick the declaration.');
    await page.getByTestId('authority-typed-name').fill('Alex Citizen');
    await expect
      .poll(async () => (await hintOf(page, 'authority-submit')).text)
      .toBe('To continue, tick the declaration.');
    await tabToAndPress(page, 'authority-submit');
    // Pressed while waiting: the summary lists what is missing, as every form's does.
    await page.getByTestId('authority-errors').locator('a[href^="#"]').first().waitFor();
    await expectSummaryFollows(page, 'authority-errors', 'authority-form', 1);
    expect(await page.getByTestId('authority-errors').locator('a[href^="#"]').allTextContents()).toEqual([
      'Tick the box to confirm your declaration',
    ]);
    await expectNoSeriousA11yViolations(page, `/authorityform pressed while waiting (${viewport.name})`);
    await screenshot(page, `hints-authority-${viewport.name}`);
    await page.getByTestId('authority-declaration').check();
    await expectSummaryFollows(page, 'authority-errors', 'authority-form', 0);
    await page.getByTestId('authority-draw-instead').click();
    await tabToAndPress(page, 'authority-submit');
    await page.getByTestId('authority-errors').getByRole('link', { name: 'Draw your signature in the box' }).waitFor();
    await expectSummaryFollows(page, 'authority-errors', 'authority-form', 1);
    await screenshot(page, `errors-authority-pad-${viewport.name}`);
  });

  test('Upload documents: each error fixed in turn goes with its summary entry; Submit reached by Tab', async () => {
    // A server of its own: the draft this leaves behind is nobody else's.
    await suite.withOwnServer(viewport, async ({ page }, server) => {
      await seedSession(page, server.url, DEMO.sam, { claim: SAM_CLAIM.number });
      await visit(page, '/submitdocuments', `/submitdocuments (${viewport.name})`);
      await page.getByTestId('documents-authorised').focus();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('documents-submit');
      await page.keyboard.press('Enter');
      const summary = page.getByTestId('documents-errors');
      await summary.getByRole('link').first().waitFor();
      await expectSummaryFollows(page, 'documents-errors', 'documents-form', 4);
      await expectNoSeriousA11yViolations(page, `/submitdocuments with the summary (${viewport.name})`);
      await screenshot(page, `errors-documents-summary-${viewport.name}`);

      await page.getByTestId('documents-type').selectOption({ label: 'Medical certificate' });
      await expectSummaryFollows(page, 'documents-errors', 'documents-form', 3);
      await page.getByTestId('documents-message').fill('My certificate.');
      await expectSummaryFollows(page, 'documents-errors', 'documents-form', 2);
      await page.getByTestId('documents-upload-input').setInputFiles({
        name: 'certificate.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
      });
      await page.locator('[data-testid="documents-upload-item"][data-state="done"]').waitFor();
      await expectSummaryFollows(page, 'documents-errors', 'documents-form', 1);
      await expectNoSeriousA11yViolations(page, `/submitdocuments with one error left (${viewport.name})`);
      await screenshot(page, `errors-documents-one-left-${viewport.name}`);
      await page.getByTestId('documents-authorised').check();
      await expectSummaryFollows(page, 'documents-errors', 'documents-form', 0);
    });
  });

  test('registration: the summary says what each field says; an address not in the index is entered and checked', async () => {
    await suite.withOwnServer(viewport, async ({ page }, server) => {
      await visit(page, '/register', `/register (${viewport.name})`);
      await page.getByTestId('register-submit').click({ force: true });
      const summary = page.getByTestId('register-errors');
      await summary.getByRole('link').first().waitFor();
      // Every entry is its field's own message, word for word.
      const pairs = await summary.locator('a[href^="#"]').evaluateAll((links) =>
        links.map((link) => {
          const field = document.getElementById((link.getAttribute('href') ?? '').slice(1));
          const notes = (field?.getAttribute('aria-describedby') ?? '')
            .split(' ')
            .map((id) => (document.getElementById(id)?.textContent ?? '').replace(/^Error: /, ''));
          return { entry: link.textContent ?? '', atField: notes };
        }),
      );
      expect(pairs.length).toBeGreaterThan(5);
      for (const { entry, atField } of pairs) expect(atField, `the field of "${entry}"`).toContain(entry);
      // The terms box's message is above the box, like every field's message above its control.
      const terms = page.getByTestId('register-terms');
      const termsError = page.getByText('Please agree to the terms and conditions').last();
      expect((await termsError.boundingBox())!.y).toBeLessThan((await terms.boundingBox())!.y);
      await expectNoSeriousA11yViolations(page, `/register with the summary (${viewport.name})`);
      await screenshot(page, `errors-register-summary-${viewport.name}`);

      // Errors follow the form: each field put right takes its entry with it, the count follows.
      let count = await expectSummaryFollows(page, 'register-errors', 'register-form');
      await page.getByTestId('register-username').fill(`jordan.entered.${viewport.name}@example.org`);
      await page.getByTestId('register-username').press('Tab');
      await expectSummaryFollows(page, 'register-errors', 'register-form', count - 1);
      count -= 1;
      await page.getByTestId('register-first-name').fill('Jordan');
      await page.getByTestId('register-first-name').press('Tab');
      await expectSummaryFollows(page, 'register-errors', 'register-form', count - 1);

      // An address in Acton, Canberra: not in the index (a Victorian sample), so entered by hand;
      // its locality is checked against every Australian locality.
      await fillJordan(page, `jordan.entered.${viewport.name}@example.org`);
      await expectSummaryFollows(page, 'register-errors', 'register-form');
      await page.getByTestId('register-home-address-enter').click();
      expect(
        await page.getByTestId('register-home-address-street').evaluate((el) => el === document.activeElement),
      ).toBe(true);
      await enterAddress(page, 'register-home-address', {
        street: '5 Liversidge Street',
        suburb: 'Acton',
        state: 'NSW',
        postcode: '2601',
      });
      await expectSummaryFollows(page, 'register-errors', 'register-form');
      // Same as home: the postal address field goes, and its entry with it (no link to nothing).
      await page.getByTestId('register-same-as-home').check();
      await expectSummaryFollows(page, 'register-errors', 'register-form', 1);
      await page.getByTestId('register-terms').check();
      await expectSummaryFollows(page, 'register-errors', 'register-form', 0);
      await expectNoSeriousA11yViolations(page, `/register with an address entered (${viewport.name})`);
      await screenshot(page, `address-entered-register-${viewport.name}`);
      await page.getByTestId('register-submit').click();
      // There is no Acton 2601 in New South Wales: said at the address and in the summary.
      const wrong = 'Check the suburb and postcode: we cannot find ACTON NSW 2601';
      await summary.getByText(wrong).waitFor();
      await expectVisible(
        page.getByTestId('register-home-address-entered').getByText(wrong),
        'the message at the address',
      );
      await expectNoSeriousA11yViolations(page, `/register with the locality refused (${viewport.name})`);
      await screenshot(page, `address-entered-refused-${viewport.name}`);

      await page.getByTestId('register-home-address-state').selectOption('ACT');
      await page.getByTestId('register-submit').click();
      await arriveAt(page, '/activate', `/activate (${viewport.name})`);
      const db = portalDb(server.dataDir, { readOnly: true });
      try {
        const held = db
          .prepare('select registration_details as d from accounts where username = ?')
          .get(`jordan.entered.${viewport.name}@example.org`) as { d: string };
        expect(JSON.parse(held.d)).toMatchObject({
          HomeAddress: '5 LIVERSIDGE STREET, ACTON ACT 2601',
          HomeAddressVerified: false,
          PostalAddressVerified: false,
        });
      } finally {
        db.close();
      }
    });
  });

  test('My Details: an address entered by hand is saved as not verified, shown as entered by hand and opens as entered', async () => {
    // Only this test changes Sam's address (one viewport after the other, the second changes it again).
    const { page } = await suite.open(viewport);
    await seedSession(page, suite.baseURL, DEMO.sam, { claim: SAM_CLAIM.number });
    await openContactDetails(page, viewport.name);
    // At the second viewport Sam's address is the one entered at the first: it opens as entered.
    if (await page.getByTestId('contact-home-address-entered').count()) {
      await page.getByTestId('contact-home-address-search-instead').click();
    }
    await page.getByTestId('contact-home-address-enter').click();
    const street = `${viewport.width} Hill Road`;
    await enterAddress(page, 'contact-home-address', {
      street,
      suburb: 'Parramatta',
      state: 'NSW',
      postcode: '2150',
    });
    await expectNoSeriousA11yViolations(page, `/contact-details with an address entered (${viewport.name})`);
    await screenshot(page, `address-entered-account-${viewport.name}`);
    await page.getByTestId('contact-save').click();
    await page.getByTestId('account-toast').waitFor();
    // The read view says the address was entered by hand, in the form's words.
    const note = page.getByTestId('contact-home-entered');
    await expectVisible(note, 'the note that the address was entered by hand');
    expect(await note.innerText()).toBe('You entered this address yourself. It is not in the national address list.');
    expect(await page.getByTestId('contact-home-value').innerText()).toContain(
      `${street.toUpperCase()}, PARRAMATTA NSW 2150`,
    );
    await expectNoSeriousA11yViolations(page, `/account with an address entered (${viewport.name})`);
    await screenshot(page, `address-entered-account-read-${viewport.name}`);
    const api = new ApiClient(suite.baseURL, suite.server.knownDevice);
    const { AccessToken } = await api.login(DEMO.sam);
    const account = (await api.post('/api/account/getaccount', { AccessToken })).body as {
      ContactDetails: { HomeAddressForDB: Record<string, unknown> };
    };
    expect(account.ContactDetails.HomeAddressForDB).toMatchObject({
      ExperianSingleSelectedLine: `${street.toUpperCase()}, PARRAMATTA NSW 2150`,
      Verified: false,
    });
    await openContactDetails(page, `${viewport.name}, again`);
    expect(await page.getByTestId('contact-home-address-street').inputValue()).toBe(street);
  });
});

/**
 * The forms that list their problems only when pressed while waiting (decision 039), at 375 px:
 * reached by Tab, pressed, then put right one field at a time with the summary's count checked
 * after each fix (it is always the number of fields showing a message).
 */
describe('errors fixed one by one at phone (375×812)', () => {
  test('My Details: Name & Date of Birth', async () => {
    const { page } = await suite.open(PHONE);
    await seedSession(page, suite.baseURL, DEMO.alex, { claim: ALEX_CLAIMS[0].number });
    await visit(page, '/personal-details', '/personal-details (phone)');
    await page.getByTestId('personal-first-name').fill('');
    await page.getByTestId('personal-date-of-birth').fill('');
    await page.getByTestId('personal-date-of-birth').pressSequentially('31/02/1980');
    await tabToAndPress(page, 'personal-save');
    await page.getByTestId('personal-errors').getByRole('link').first().waitFor();
    await expectSummaryFollows(page, 'personal-errors', 'personal-form', 3);
    await expectNoSeriousA11yViolations(page, '/personal-details with the summary (phone)');
    await screenshot(page, 'errors-personal-summary-phone');
    await page.getByTestId('personal-first-name').pressSequentially('Alex');
    await page.getByTestId('personal-first-name').press('Tab');
    await expectSummaryFollows(page, 'personal-errors', 'personal-form', 2);
    await page.getByTestId('personal-date-of-birth').fill('');
    await page.getByTestId('personal-date-of-birth').pressSequentially('1/2/1980');
    await page.getByTestId('personal-date-of-birth').press('Tab');
    await expectSummaryFollows(page, 'personal-errors', 'personal-form', 1);
    await page.getByTestId('personal-reason').selectOption({ index: 1 });
    await expectSummaryFollows(page, 'personal-errors', 'personal-form', 0);
  });

  test('the password change', async () => {
    const { page } = await suite.open(PHONE);
    await seedSession(page, suite.baseURL, DEMO.alex, { claim: ALEX_CLAIMS[0].number });
    await visit(page, '/updatepassword', '/updatepassword (phone)');
    await tabToAndPress(page, 'password-save');
    await page.getByTestId('password-errors').getByRole('link').first().waitFor();
    await expectSummaryFollows(page, 'password-errors', 'password-form', 3);
    await screenshot(page, 'errors-password-summary-phone');
    await page.getByTestId('password-old').pressSequentially('Not#MyPassword1');
    await page.getByTestId('password-old').press('Tab');
    await expectSummaryFollows(page, 'password-errors', 'password-form', 2);
    await page.getByTestId('password-new-password').pressSequentially('Fresh#Start26');
    await page.getByTestId('password-new-password').press('Tab');
    await expectSummaryFollows(page, 'password-errors', 'password-form', 1);
    await page.getByTestId('password-re-enter-password').pressSequentially('Fresh#Start26');
    await page.getByTestId('password-re-enter-password').press('Tab');
    await expectSummaryFollows(page, 'password-errors', 'password-form', 0);
  });

  test('the survey check and the forgotten password', async () => {
    const { page } = await suite.open(PHONE);
    await visit(page, '/surveyvalidation', '/surveyvalidation (phone)');
    await tabToAndPress(page, 'survey-submit');
    await page.getByTestId('survey-login-errors').getByRole('link').first().waitFor();
    await expectSummaryFollows(page, 'survey-login-errors', 'survey-login-form', 2);
    await expectNoSeriousA11yViolations(page, '/surveyvalidation with the summary (phone)');
    await screenshot(page, 'errors-survey-summary-phone');
    await page.getByTestId('survey-claim-number-first').pressSequentially('1234567');
    await page.getByTestId('survey-claim-number-second').press('Tab');
    await expectSummaryFollows(page, 'survey-login-errors', 'survey-login-form', 1);
    await page.getByTestId('survey-date-of-birth').pressSequentially('01/02/1980');
    await page.getByTestId('survey-date-of-birth').press('Tab');
    await expectSummaryFollows(page, 'survey-login-errors', 'survey-login-form', 0);

    await visit(page, '/forgotpassword', '/forgotpassword (phone)');
    await page.getByTestId('forgot-password-first-name').pressSequentially('Jordan');
    await tabToAndPress(page, 'forgot-password-submit');
    await page.getByTestId('forgot-password-errors').getByRole('link').first().waitFor();
    const listed = await expectSummaryFollows(page, 'forgot-password-errors', 'forgot-password-form');
    expect(listed).toBeGreaterThanOrEqual(3);
    await page.getByTestId('forgot-password-last-name').pressSequentially('Doe');
    await page.getByTestId('forgot-password-last-name').press('Tab');
    await expectSummaryFollows(page, 'forgot-password-errors', 'forgot-password-form', listed - 1);
    await page.getByTestId('forgot-password-date-of-birth').pressSequentially('01.02.1980');
    await page.getByTestId('forgot-password-date-of-birth').press('Tab');
    await expectSummaryFollows(page, 'forgot-password-errors', 'forgot-password-form', listed - 2);
  });
});
