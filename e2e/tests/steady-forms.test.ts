/**
 * Forms that keep still under a press, and say nothing about a field nobody typed in:
 * - the survey's identity check: after a message, the press on Submit that leaves the date field
 *   (which tidies '1/2/1980' into a valid date, clearing the message) does not move Submit between
 *   mouse-down and mouse-up, and the click is the one that sends the check;
 * - the sign-in form: the same for Sign in after a message, and for the links below the form when
 *   the press is what shows the username's message;
 * - tabbing past the empty username (and password) shows no message; a typed value is still
 *   checked when it is left (spec 000 §5 messages).
 * - every other form with a submit button (the movement rule): after a field shows its
 *   message, a press on the submit button that leaves another field (whose message that leave
 *   shows) does not move the button between mouse-down and mouse-up.
 * Every page visited is checked with axe.
 */
import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ALEX_CLAIMS, DEMO, DEMO_PASSWORD } from '../support/api.ts';
import { loginForm, seedSession } from '../support/auth.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { VIEWPORTS } from '../support/browser.ts';
import { arriveAt, useSuite, visit } from '../support/harness.ts';
import { screenshot } from '../support/page.ts';
import { expectCount, expectVisible } from '../support/ui.ts';

const suite = useSuite();

const JORDAN = { claim: ['12', '34567'] as const, dob: '01/02/1980' };
const DOB_FORMAT = 'Enter your date of birth in dd/mm/yyyy format.';
const EMAIL_NOT_FOUND = 'Email not found, try again.';
const NOT_VALID_LOGIN = 'Provide valid login details';
const PASSWORD_REQUIRED = 'Please enter your password';

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('the control has no box (not visible)');
  return box;
}

/**
 * Presses the control with the mouse the way a person does: down, a moment (the field being left
 * reacts: it tidies, checks, shows or clears its message), then up. Returns the control's box
 * before the press and while it is held down.
 */
async function pressAndMeasure(page: Page, control: Locator): Promise<{ before: Box; held: Box }> {
  await control.scrollIntoViewIfNeeded();
  const before = await boxOf(control);
  await page.mouse.move(before.x + before.width / 2, before.y + before.height / 4);
  await page.mouse.down();
  await page.waitForTimeout(150);
  const held = await boxOf(control);
  await page.mouse.up();
  return { before, held };
}

describe.each(VIEWPORTS)('steady forms at $name ($width×$height)', (viewport) => {
  test('survey check: Submit after a message stays put under the press, and that click sends the check', async () => {
    const { page } = await suite.open(viewport);
    await visit(page, '/surveyvalidation', `/surveyvalidation (${viewport.name})`);
    await page.getByTestId('survey-claim-number-first').pressSequentially(JORDAN.claim[0]);
    await page.keyboard.type(JORDAN.claim[1]);
    const dob = page.getByTestId('survey-date-of-birth');
    await dob.fill('1/2/198');
    await dob.press('Tab');
    await expectVisible(page.getByText(DOB_FORMAT), 'the date format message');
    await expectNoSeriousA11yViolations(page, `/surveyvalidation with a message (${viewport.name})`);
    await screenshot(page, `steady-survey-message-${viewport.name}`);

    // The last digit, then the day's 0 taken out: '1/02/1980' is not dd/mm/yyyy, so the message
    // stays while typing; the press leaves the field, which tidies it to 01/02/1980 (decision 032).
    await dob.click();
    await page.keyboard.press('End');
    await page.keyboard.type('0');
    await page.keyboard.press('Home');
    await page.keyboard.press('Delete');
    expect(await dob.inputValue()).toBe('1/02/1980');
    await expectVisible(page.getByText(DOB_FORMAT), 'the date format message after the last digit');

    const sent = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/nid/nidlogin', { timeout: 5_000 });
    const { before, held } = await pressAndMeasure(page, page.getByTestId('survey-submit'));
    expect(held, 'Submit does not move between mouse-down and mouse-up').toEqual(before);
    await sent;
    await arriveAt(page, '/surveyintro', `/surveyintro (${viewport.name})`);
  });

  test('sign-in: Sign in after a message stays put, and a press on a link below the form is not lost', async () => {
    const { page } = await suite.open(viewport);
    await visit(page, '/login', `/login (${viewport.name})`);
    const form = loginForm(page);

    // A press that is what shows the username's message: on the link below the form. First the page
    // settles: the form has checked what was typed (its rules arrive with the first use, later on a
    // busy machine: the hint beside Sign in then grows to two lines at 375 px) and the passkey
    // control, downloaded after the page, is in place; then the press is all that changes it.
    await form.username.fill('alex.citizen');
    await expectVisible(
      page.getByTestId('login-submit-hint').getByText(/a valid username/),
      'the hint once the username is checked',
    );
    await expectVisible(page.getByTestId('passkey-sign-in'), 'the passkey sign-in, downloaded after the page');
    const forgot = page.getByRole('link', { name: 'Forgot your username?' });
    const link = await pressAndMeasure(page, forgot);
    expect(link.held, '"Forgot your username?" does not move between mouse-down and mouse-up').toEqual(link.before);
    await arriveAt(page, '/forgotusername', `/forgotusername from the login page (${viewport.name})`);

    await visit(page, '/login', `/login again (${viewport.name})`);
    await form.username.fill('alex.citizen');
    await form.username.press('Tab');
    await expectVisible(page.getByText(NOT_VALID_LOGIN), 'the username message');
    await form.username.fill(DEMO.alex);
    await form.password.fill(DEMO_PASSWORD);
    const { before, held } = await pressAndMeasure(page, form.submit);
    expect(held, 'Sign in does not move between mouse-down and mouse-up').toEqual(before);
    await arriveAt(page, '/claims', `/claims after signing in (${viewport.name})`);
  });

  test('sign-in: tabbing past the empty username says nothing; a typed username is checked when left', async () => {
    const { page } = await suite.open(viewport);
    await visit(page, '/login', `/login (${viewport.name})`);
    const form = loginForm(page);
    await form.username.focus();
    await page.keyboard.press('Tab');
    expect(await form.password.evaluate((el) => el === document.activeElement), 'Tab went to the password').toBe(true);
    await page.keyboard.press('Tab');
    // Give a message every chance to appear (the rules arrive with the first use of the form).
    await page.waitForTimeout(500);
    await expectCount(page.getByText(EMAIL_NOT_FOUND), 0, 'the empty-username message after tabbing past it');
    await expectCount(page.getByText(PASSWORD_REQUIRED), 0, 'the password message after tabbing past it');
    expect(await form.username.getAttribute('aria-invalid')).toBeNull();
    await expectNoSeriousA11yViolations(page, `/login after tabbing past its fields (${viewport.name})`);
    await screenshot(page, `steady-login-tabbed-${viewport.name}`);

    // Typed, then emptied, then left: the spec's message for it.
    await form.username.fill('alex');
    await form.username.fill('');
    await form.username.press('Tab');
    await expectVisible(page.getByText(EMAIL_NOT_FOUND), 'the empty-username message for a typed-in field');
    expect(await form.username.getAttribute('aria-invalid')).toBe('true');
    await expectNoSeriousA11yViolations(page, `/login with the username message (${viewport.name})`);
  });
});

/**
 * A form with a submit button: where it is, who is signed in, its button, and two fields given a
 * wrong value — the first is left (its message shows: the form has an error), the second is left
 * by the press on the button itself.
 */
type FormCase = {
  name: string;
  path: string;
  user?: string;
  submit: string;
  first?: readonly [testId: string, value: string];
  second?: readonly [testId: string, value: string];
};

const CLAIM = ALEX_CLAIMS[0].number;
const FORMS: readonly FormCase[] = [
  {
    name: 'registration',
    path: '/register',
    submit: 'register-submit',
    first: ['register-username', 'jordan'],
    second: ['register-date-of-birth', '31/02/1980'],
  },
  {
    name: 'forgotten username',
    path: '/forgotusername',
    submit: 'forgot-username-submit',
    first: ['forgot-username-email', 'jordan'],
    second: ['forgot-username-date-of-birth', '31/02/1980'],
  },
  {
    name: 'forgotten password',
    path: '/forgotpassword',
    submit: 'forgot-password-submit',
    first: ['forgot-password-email', 'jordan'],
    second: ['forgot-password-date-of-birth', '31/02/1980'],
  },
  {
    name: 'password change',
    path: '/updatepassword',
    user: DEMO.alex,
    submit: 'password-save',
    first: ['password-new-password', 'short'],
    second: ['password-re-enter-password', 'other'],
  },
  {
    name: 'contact details',
    path: '/contact-details',
    user: DEMO.alex,
    submit: 'contact-save',
    first: ['contact-area-code', '3'],
    second: ['contact-phone-number', '123'],
  },
  {
    name: 'personal details',
    path: '/personal-details',
    user: DEMO.alex,
    submit: 'personal-save',
    first: ['personal-first-name', ''],
    second: ['personal-date-of-birth', '31/02/1980'],
  },
  {
    name: 'Send a message',
    path: '/contactus',
    user: DEMO.alex,
    submit: 'contact-submit',
    first: ['contact-message', ' '],
  },
  { name: 'Upload documents', path: '/submitdocuments', user: DEMO.alex, submit: 'documents-submit' },
  { name: 'claim reimbursement', path: '/reimbursementform', user: DEMO.alex, submit: 'reimbursement-next' },
  { name: 'authority form', path: '/authorityform', user: DEMO.alex, submit: 'authority-submit' },
];

describe.each(VIEWPORTS)('every form keeps its submit button still at $name ($width×$height)', (viewport) => {
  test.each(FORMS.map((form) => [form.name, form] as const))('%s', async (_name, form) => {
    const { page } = await suite.open(viewport);
    if (form.user) await seedSession(page, suite.baseURL, form.user, { claim: CLAIM });
    await visit(page, form.path, `${form.path} (${viewport.name})`);
    const submit = page.getByTestId(form.submit);
    await submit.waitFor();
    if (form.first) {
      const [testId, value] = form.first;
      await page.getByTestId(testId).fill(value);
      await page.getByTestId(testId).press('Tab');
    }
    if (form.second) {
      const [testId, value] = form.second;
      await page.getByTestId(testId).fill(value);
    }
    // The press that leaves the second field (whose message that shows), on a form with an error.
    const first = await pressAndMeasure(page, submit);
    expect(first.held, `${form.name}: the press that leaves a field`).toEqual(first.before);
    await expectNoSeriousA11yViolations(page, `${form.path} after a press with errors (${viewport.name})`);
    await screenshot(page, `steady${form.path.replace(/\//g, '-')}-${viewport.name}`);
    // And the next press, once the form has listed its problems.
    const again = await pressAndMeasure(page, submit);
    expect(again.held, `${form.name}: the press after the problems were listed`).toEqual(again.before);
  });
});
