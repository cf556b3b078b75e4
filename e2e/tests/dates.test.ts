/**
 * Dates as people type them, in every date field of the portal, in Chromium at 375 px: the date
 * of birth on /register, /surveyvalidation, /forgotusername, /forgotpassword and My Details, and
 * the receipt dates of the pharmacy, home-services and other sub-forms of /reimbursementform.
 * Each field is emptied and shown wrong first (its error is on screen), then takes each spelling
 * typed key by key (page.keyboard.type): 01/02/1980, 1/2/1980, 01-02-1980, 01.02.1980, 01 02 1980,
 * 1.2.1980 and 01021980. Each shows dd/mm/yyyy and its error goes. The forms that send are then
 * sent, once with a keyboard's whole insertText, once pasted, once with Enter and no leaving the
 * field, and the request is read: it carries the date the field shows, and the form goes on.
 */
import { MESSAGES } from '@portal/contracts';
import type { Locator, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiClient, DEMO, SAM_CLAIM } from '../support/api.ts';
import { seedSession } from '../support/auth.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { PHONE } from '../support/browser.ts';
import { arriveAt, useSuite, visit } from '../support/harness.ts';

const suite = useSuite();

/** The demo claimant with no account (claim 12/34567) and Sam (22/11111), as the seed holds them. */
const JORDAN = { claim: ['12', '34567'] as const, dob: '01/02/1980' };
const SAM = { claim: ['22', '11111'] as const, dob: '30/01/1990' };

const DATE_MESSAGES = [
  MESSAGES.dateOfBirthFormat,
  MESSAGES.dateOfBirthInvalid,
  MESSAGES.dateOfBirthYearInFull,
  MESSAGES.receiptDateInvalid,
  MESSAGES.receiptDateYearInFull,
];

/** The ways the issue lists to write `date` (dd/mm/yyyy): slashes, no 0s, dashes, dots, spaces, digits only. */
function spellings(date: string): string[] {
  const [dd, mm, yyyy] = date.split('/') as [string, string, string];
  const [d, m] = [String(Number(dd)), String(Number(mm))];
  return [
    `${dd}/${mm}/${yyyy}`,
    `${d}/${m}/${yyyy}`,
    `${dd}-${mm}-${yyyy}`,
    `${dd}.${mm}.${yyyy}`,
    `${dd} ${mm} ${yyyy}`,
    `${d}.${m}.${yyyy}`,
    `${dd}${mm}${yyyy}`,
  ];
}

type Way = 'typed' | 'insertText' | 'pasted';

/** Empties the field and enters `text`: key by key, as one insertText (a phone keyboard's suggestion), or pasted. */
async function enterDate(page: Page, field: Locator, text: string, way: Way = 'typed'): Promise<void> {
  await field.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  if (text === '') return;
  if (way === 'typed') await page.keyboard.type(text);
  else if (way === 'insertText') await page.keyboard.insertText(text);
  else {
    await page.evaluate((t) => navigator.clipboard.writeText(t), text);
    await page.keyboard.press('Control+V');
  }
}

/** The text of what a field's aria-describedby points at (its hint and its error). */
async function describedBy(field: Locator): Promise<string> {
  return field.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' | '),
  );
}

const invalid = (field: Locator) => field.getAttribute('aria-invalid');

async function expectNoDateError(field: Locator, what: string): Promise<void> {
  await expect.poll(() => invalid(field), { message: `${what}: the field is still marked invalid` }).toBeNull();
  const described = await describedBy(field);
  for (const message of DATE_MESSAGES) expect(described, what).not.toContain(message);
}

/**
 * Each spelling of `shown`, typed key by key into the field emptied and left (its error shown),
 * shows `shown` and, once left, has no error. `check` shows the field's errors (leaving it, or
 * the form's button for the receipts, whose rules run on the press).
 */
async function expectEverySpelling(page: Page, field: Locator, shown: string, check: () => Promise<void>) {
  for (const text of spellings(shown)) {
    await enterDate(page, field, '');
    await check();
    await expect.poll(() => invalid(field), { message: `the field emptied is marked invalid` }).toBe('true');
    await enterDate(page, field, text);
    expect(await field.inputValue(), `'${text}' typed key by key`).toBe(shown);
    await check();
    await expectNoDateError(field, `'${text}' typed`);
    expect(await field.inputValue(), `'${text}' once checked`).toBe(shown);
  }
}

const leave = (page: Page) => () => page.keyboard.press('Tab');

/** The body of the next request to `pathname`. */
function nextBody(page: Page, pathname: string): Promise<Record<string, unknown>> {
  return page
    .waitForRequest((r: Request) => new URL(r.url()).pathname === pathname && r.method() === 'POST')
    .then((r) => r.postDataJSON() as Record<string, unknown>);
}

async function typeClaimNumber(page: Page, prefix: string, claim: readonly [string, string]): Promise<void> {
  await page.getByTestId(`${prefix}-claim-number-first`).fill('');
  await page.getByTestId(`${prefix}-claim-number-second`).fill('');
  await page.getByTestId(`${prefix}-claim-number-first`).pressSequentially(claim[0]);
  await page.keyboard.type(claim[1]);
}

describe('dates as people type them, at 375 px', () => {
  it('registration: every spelling of the date of birth, then sent as one insertText', async () => {
    const { page } = await suite.open(PHONE);
    await visit(page, '/register', 'register (dates)');
    const dob = page.getByTestId('register-date-of-birth');
    await expectEverySpelling(page, dob, JORDAN.dob, leave(page));

    await page.getByTestId('register-username').fill('jordan.dates@example.org');
    await page.getByTestId('register-first-name').fill('Jordan');
    await page.getByTestId('register-last-name').fill('Doe');
    await typeClaimNumber(page, 'register', JORDAN.claim);
    await page.getByTestId('register-email').fill('jordan.dates@example.org');
    await page.getByTestId('register-mobile').fill('0400000001');
    await page.getByTestId('register-new-password').fill('Fresh#Start1');
    await page.getByTestId('register-re-enter-password').fill('Fresh#Start1');
    await page.getByTestId('register-home-address').fill('159 Tooronga');
    await page.getByTestId('register-home-address-option').first().click();
    await page.getByTestId('register-same-as-home').check();
    await page.getByTestId('register-terms').check();
    await enterDate(page, dob, '1/2/1980', 'insertText');
    expect(await dob.inputValue()).toBe(JORDAN.dob);
    const sent = nextBody(page, '/api/account/register');
    await page.getByTestId('register-submit').click();
    expect((await sent).DateOfBirth).toBe(JORDAN.dob);
    await arriveAt(page, '/activate', 'activate after registering (dates)');
  });

  it('survey identity: every spelling, then a day edited to one digit is sent with Enter as 01, never leaving the field', async () => {
    const { page } = await suite.open(PHONE);
    await visit(page, '/surveyvalidation', 'survey identity (dates)');
    await typeClaimNumber(page, 'survey', JORDAN.claim);
    const dob = page.getByTestId('survey-date-of-birth');
    await expectEverySpelling(page, dob, JORDAN.dob, leave(page));

    await enterDate(page, dob, '1.2.1980');
    expect(await dob.inputValue()).toBe(JORDAN.dob);
    // The day's 0 taken out: the slots stay, and the field waits for the claimant to go on.
    await page.keyboard.press('Home');
    await page.keyboard.press('Delete');
    expect(await dob.inputValue()).toBe('1/02/1980');
    const sent = nextBody(page, '/api/nid/nidlogin');
    await page.keyboard.press('Enter');
    expect((await sent).DateOfBirth).toBe(JORDAN.dob);
    expect(await dob.inputValue()).toBe(JORDAN.dob);
    await arriveAt(page, '/surveyintro', 'survey intro after the identity check (dates)');
  });

  it.each([
    ['forgot-username', '/forgotusername', '/api/account/retrieveusername', '/sentusername'],
    ['forgot-password', '/forgotpassword', '/api/account/forgotpassword', '/resetpassword'],
  ] as const)(
    '%s: every spelling, then the date pasted with spaces around it, sent',
    async (name, path, call, next) => {
      const { page } = await suite.open(PHONE);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.baseURL });
      await visit(page, path, `${name} (dates)`);
      const dob = page.getByTestId(`${name}-date-of-birth`);
      await expectEverySpelling(page, dob, SAM.dob, leave(page));

      await page.getByTestId(`${name}-first-name`).fill('Sam');
      await page.getByTestId(`${name}-last-name`).fill('Single');
      await page.getByTestId(`${name}-email`).fill('sam.single@example.com');
      await typeClaimNumber(page, name, SAM.claim);
      await enterDate(page, dob, ' 30-1-1990 ', 'pasted');
      expect(await dob.inputValue()).toBe(SAM.dob);
      const sent = nextBody(page, call);
      await page.getByTestId(`${name}-submit`).click();
      expect((await sent).DateOfBirth).toBe(SAM.dob);
      await arriveAt(page, next, `${next} after ${name} (dates)`);
    },
  );

  it('My Details, Name & Date of Birth: every spelling, then the change request carries the date shown', async () => {
    const { page } = await suite.open(PHONE);
    await seedSession(page, suite.baseURL, DEMO.sam, { claim: SAM_CLAIM.number });
    await visit(page, '/account', 'account (dates)');
    await page.getByTestId('account-personal-edit').click();
    await page.getByTestId('personal-form').waitFor();
    await expectEverySpelling(page, page.getByTestId('personal-date-of-birth'), '05/06/1990', leave(page));

    await page.getByTestId('personal-reason').selectOption({ label: 'Marriage' });
    const sent = nextBody(page, '/api/documentupload/uploaddetailsrequest');
    await page.getByTestId('personal-save').click();
    expect((await sent).DateOfBirth).toBe('05/06/1990');
    await arriveAt(page, '/accountupdated/personal-details/approval', 'personal details sent (dates)');
  });

  it('claim reimbursement: every spelling in the pharmacy, home-services and other receipt dates', async () => {
    const api = new ApiClient(suite.baseURL, suite.server.knownDevice);
    const { AccessToken } = await api.login(DEMO.sam);
    await api.selectClaim(AccessToken, SAM_CLAIM.number);
    await api.post('/api/documentupload/discarddraft/reimbursement', { AccessToken });
    const { page } = await suite.open(PHONE);
    await seedSession(page, suite.baseURL, DEMO.sam, { claim: SAM_CLAIM.number });
    await visit(page, '/reimbursementform', 'reimbursement (dates)');
    await page.getByTestId('reimbursement-pay-me').check();

    const kinds = ['Pharmacy', 'Home services', 'Other'] as const;
    for (const [index, kind] of kinds.entries()) {
      if (index > 0) await page.getByTestId('reimbursement-add-receipt').click();
      const receipt = page.getByTestId('receipt').nth(index);
      await receipt.getByTestId('receipt-Kind').selectOption(kind);
      // The receipts' rules run on Next (decision 026): each check is a press of Next.
      const next = () => page.getByTestId('reimbursement-next').click();
      await expectEverySpelling(page, receipt.getByTestId('receipt-Date'), '05/03/2024', next);
    }
    expect(
      await page.getByTestId('receipt-Date').evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value)),
    ).toEqual(['05/03/2024', '05/03/2024', '05/03/2024']);
    await expectNoSeriousA11yViolations(page, 'reimbursement with three receipt dates (dates)');
  });
});
