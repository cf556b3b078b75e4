/**
 * Identity screens: registration, activation and signing in with the new account, a
 * wrong code three times then re-send, sign-in verification on a new browser, forgot username,
 * forgot password → reset → verify, and the maintenance message. Codes are read from the test's
 * SMTP server. The axe check runs on every page visited and on each error state: the register
 * error summary, a wrong and a spent access code, the password mismatch, the not-found list.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, VIEWPORTS, isNarrow, type Viewport } from '../support/browser.ts';
import { signIn, storedUser } from '../support/auth.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { nextCode, wrongCode } from '../support/codes.ts';
import { nextMatching } from '../../apps/server/test/mail-sink.ts';
import { arriveAt, useSuite, visit } from '../support/harness.ts';
import { menuButton, sideMenu, signOutControl } from '../support/ui.ts';
import { portalDb } from '../support/portal-db.ts';

const suite = useSuite();

async function typeCode(page: Page, code: string): Promise<void> {
  const field = page.getByTestId('access-code-input');
  await field.fill('');
  await field.pressSequentially(code);
}

/** Signs out the way the claimant would: the toolbar on a wide screen, the side menu below 680 px. */
async function signOut(page: Page, viewport: Viewport): Promise<void> {
  if (isNarrow(viewport)) {
    await menuButton(page).click();
    await signOutControl(sideMenu(page)).click();
  } else {
    await signOutControl(page).click();
  }
}

/** Fills the registration form for Jordan (the demo claimant with no account) and ticks the terms. */
async function fillRegistration(page: Page, username: string): Promise<void> {
  await page.getByTestId('register-username').fill(username);
  await page.getByTestId('register-date-of-birth').fill('01/02/1980');
  await page.getByTestId('register-first-name').fill('Jordan');
  await page.getByTestId('register-last-name').fill('Doe');
  await page.getByTestId('register-claim-number-first').pressSequentially('12');
  // Focus moves to the second part after two digits (spec 001 §5).
  await expect(
    page.getByTestId('register-claim-number-second').evaluate((el) => el === document.activeElement),
  ).resolves.toBe(true);
  await page.keyboard.type('34567');
  await page.getByTestId('register-email').fill(username);
  await page.getByTestId('register-mobile').fill('0400000001');
  await page.getByTestId('register-new-password').fill('Fresh#Start1');
  await page.getByTestId('register-re-enter-password').fill('Fresh#Start1');
  await page.getByTestId('register-home-address').fill('159 Tooronga');
  await page.getByTestId('register-home-address-option').first().click();
  await page.getByTestId('register-same-as-home').check();
  await expect(page.getByTestId('register-postal-address').count()).resolves.toBe(0);
  await expect(page.getByTestId('register-submit').isDisabled()).resolves.toBe(true);
  await page.getByTestId('register-terms').check();
}

describe('registration and activation', () => {
  // The demo claimant can register once per server: each viewport gets a server of its own.
  it.each(VIEWPORTS.map((v) => [v.name, v] as const))(
    'registers the demo claimant, activates with the e-mailed code and lands on the claim (%s)',
    async (_name, viewport) => {
      await suite.withOwnServer(viewport, async ({ page }, server) => {
        await visit(page, '/register', `register (${viewport.name})`);
        await expect(page.getByTestId('register-step').textContent()).resolves.toContain('Step 1 of 2');
        await expect(page.getByTestId('register-country').inputValue()).resolves.toBe('Australia');
        const username = `jordan.${viewport.name}@example.org`;
        await fillRegistration(page, username);
        await page.getByTestId('register-submit').click();

        await arriveAt(page, '/activate', `activate (${viewport.name})`);
        await page.getByText('Enter your verification code').first().waitFor();
        await page.getByText('Step 2 of 2').first().waitFor();
        await expect(page.getByTestId('access-code-trouble').textContent()).resolves.toContain('1300 654 329');
        // The code goes to the e-mail the claims system holds for Jordan.
        await typeCode(page, await nextCode(server, 'jordan.doe@example.com'));
        await arriveAt(page, '/claim', `claim home after activation (${viewport.name})`);
        await expect(page.getByTestId('claim-summary-number').textContent()).resolves.toContain('12/34567');

        // Signing out and in again with the new username and password: activation verified this
        // browser, so the sign-in goes straight in (no /verify) and the one claim is selected.
        await signOut(page, viewport);
        await arriveAt(page, '/login', `login after signing out (${viewport.name})`);
        const answered = page.waitForResponse((r) => r.url().endsWith('/api/account/login'));
        await signIn(page, username, 'Fresh#Start1');
        await expect((await answered).json()).resolves.toMatchObject({ AccountActivated: 2 });
        await arriveAt(page, '/claim', `claim home after signing in (${viewport.name})`);
        await expect(page.getByTestId('claim-summary-number').textContent()).resolves.toContain('12/34567');
        expect((await storedUser(page))?.area, 'a plain sign-in is kept in sessionStorage').toBe('session');
      });
    },
  );
});

describe('registration with no contact on record', () => {
  it('tells a claimant for whom the claims system holds no e-mail or mobile to call us, and creates nothing', async () => {
    await suite.withOwnServer(PHONE, async ({ page }, server) => {
      const db = portalDb(server.dataDir);
      try {
        db.prepare("update claimants set email = null, mobile = null where first_name = 'Jordan'").run();
      } finally {
        db.close();
      }
      await visit(page, '/register', 'register (no contact on record)');
      await fillRegistration(page, 'jordan.nocontact@example.org');
      await page.getByTestId('register-submit').click();
      await page
        .getByText('We have no email address or mobile number to send your verification code to.')
        .first()
        .waitFor();
      await expectNoSeriousA11yViolations(page, 'register with no contact on record');
      expect(new URL(page.url()).pathname).toBe('/register');
      const check = portalDb(server.dataDir, { readOnly: true });
      try {
        expect(
          check.prepare("select count(*) as n from accounts where username = 'jordan.nocontact@example.org'").get(),
        ).toEqual({ n: 0 });
      } finally {
        check.close();
      }
    });
  });
});

describe('registration errors', () => {
  it.each(VIEWPORTS.map((v) => [v.name, v] as const))(
    'pressing Register with nothing filled in lists every field in the error summary (%s)',
    async (_name, viewport) => {
      const { page } = await suite.open(viewport);
      await visit(page, '/register', `register (${viewport.name})`);
      // Register stays focusable while the form is incomplete (aria-disabled), so it can say why.
      await page.getByTestId('register-submit').click({ force: true });
      const summary = page.getByTestId('register-errors');
      // Each entry says what its field says (one error pattern).
      await summary.filter({ hasText: 'Username must be an email, try again' }).waitFor();
      // The summary is a region named by its count and takes focus (decision 039), so it is read once.
      const region = summary.getByRole('region', { name: /^There (is|are) \d+ errors? in this form/ });
      await expect(region.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
      await expect(summary.textContent()).resolves.toContain('Please agree to the terms and conditions');
      await expectNoSeriousA11yViolations(page, `register error summary (${viewport.name})`);
    },
  );
});

describe('access code', () => {
  it('clears a wrong code, spends the code at the third, and re-sending opens it again', async () => {
    const { page } = await suite.openNewBrowser(PHONE);
    await visit(page, '/login', 'login');
    await signIn(page, 'robin.pending@example.com');
    await arriveAt(page, '/activate', 'activate (robin)');
    const first = await nextCode(suite.server, 'robin.pending@example.com');
    for (let i = 1; i <= 2; i++) {
      await typeCode(page, wrongCode(first));
      await page.getByText('The verification code is incorrect. Please try again').first().waitFor();
      await page.waitForFunction(
        () => (document.querySelector('[data-testid="access-code-input"]') as HTMLInputElement | null)?.value === '',
      );
      await expect(page.getByTestId('access-code-input').evaluate((el) => el === document.activeElement)).resolves.toBe(
        true,
      );
      if (i === 1) await expectNoSeriousA11yViolations(page, 'activate after a wrong code');
    }
    await typeCode(page, wrongCode(first));
    await page.getByText('code has expired. Please request a new code').first().waitFor();
    await expect(page.getByTestId('access-code-input').isDisabled()).resolves.toBe(true);
    await expectNoSeriousA11yViolations(page, 'activate with the code spent');

    await page.getByTestId('access-code-resend').click();
    const second = await nextCode(suite.server, 'robin.pending@example.com');
    await page.getByTestId('access-code-input').and(page.locator(':enabled')).waitFor();
    await typeCode(page, second);
    await arriveAt(page, '/claim', 'claim home (robin)');
  });

  it('asks a browser it has never seen to verify, then signs in', async () => {
    const { page } = await suite.openNewBrowser(DESKTOP);
    await visit(page, '/login', 'login (new browser)');
    await signIn(page, 'alex.citizen@example.com');
    await arriveAt(page, '/verify', 'verify');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/Verification code/i);
    await typeCode(page, await nextCode(suite.server, 'alex.citizen@example.com'));
    await arriveAt(page, '/claims', 'claims after verification');
  });
});

describe('recovery', () => {
  async function fillRecovery(page: Page, name: string) {
    await page.getByTestId(`${name}-first-name`).fill('Sam');
    await page.getByTestId(`${name}-last-name`).fill('Single');
    await page.getByTestId(`${name}-date-of-birth`).fill('30/01/1990');
    await page.getByTestId(`${name}-email`).fill('sam.single@example.com');
    await page.getByTestId(`${name}-claim-number-first`).pressSequentially('22');
    await page.keyboard.type('11111');
    await page.getByTestId(`${name}-submit`).click();
  }

  it('sends a forgotten username and says so', async () => {
    const { page } = await suite.open(PHONE);
    await visit(page, '/forgotusername', 'forgot username');
    await fillRecovery(page, 'forgot-username');
    await arriveAt(page, '/sentusername', 'username sent');
    await expect(page.getByTestId('sent-username-message').textContent()).resolves.toMatch(/e-?mail/i);
    expect((await suite.server.mail.next('sam.single@example.com')).text).toContain('is sam.single@example.com');
  });

  it('guards /sentusername and /resetpassword', async () => {
    const { page } = await suite.open(DESKTOP);
    await visit(page, '/sentusername', 'sent username without state', '/login');
    await visit(page, '/resetpassword', 'reset without a token', '/login');
  });

  it('shows the not-found message for details that match nothing', async () => {
    const { page } = await suite.open(DESKTOP);
    await visit(page, '/forgotpassword', 'forgot password');
    await page.getByTestId('forgot-password-first-name').fill('Nobody');
    await page.getByTestId('forgot-password-last-name').fill('Here');
    await page.getByTestId('forgot-password-date-of-birth').fill('01/01/1970');
    await page.getByTestId('forgot-password-email').fill('nobody@example.com');
    await page.getByTestId('forgot-password-claim-number-first').pressSequentially('99');
    await page.keyboard.type('99999');
    await page.getByTestId('forgot-password-submit').click();
    await page
      .getByText('Your information could not be found. Please try again or contact the TAC on 1300 654 329')
      .first()
      .waitFor();
    await expect(page.getByTestId('forgot-password-errors').textContent()).resolves.toMatch(/There (is|are) 1 error/);
    await expectNoSeriousA11yViolations(page, 'forgot password with the not-found error');
  });

  it('resets a forgotten password, then a code completes the sign-in', async () => {
    const { page } = await suite.open(DESKTOP);
    await visit(page, '/forgotpassword', 'forgot password');
    await fillRecovery(page, 'forgot-password');
    await arriveAt(page, '/resetpassword', 'reset password');
    await expect(page.getByTestId('reset-greeting').textContent()).resolves.toContain('Sam');
    await page.getByTestId('reset-new-password').fill('New#Secret22');
    await page.getByTestId('reset-re-enter-password').fill('New#Secret23');
    await page.getByTestId('reset-re-enter-password').press('Tab');
    await page.getByText("The Password must match the 'Enter New Password' field").first().waitFor();
    await expectNoSeriousA11yViolations(page, 'reset password with the mismatch');
    await page.getByTestId('reset-re-enter-password').fill('New#Secret22');
    await expect(page.locator('main').textContent()).resolves.toContain(
      'Your new password works once you enter that code; until then your old password still works.',
    );
    await page.getByTestId('reset-submit').click();
    await arriveAt(page, '/verify', 'verify after reset');
    await typeCode(page, await nextCode(suite.server, 'sam.single@example.com'));
    await arriveAt(page, '/claim', 'claim home after reset');
    // The claimant is told on the channel on record, with the time and whom to call, never the password.
    const notice = await nextMatching(suite.server.mail, 'sam.single@example.com', /Your password was reset/);
    expect(notice.text).toContain('(Melbourne time)');
    expect(notice.text).toContain('1300 654 329');
    expect(notice.text).not.toContain('New#Secret22');
  });
});

describe('maintenance', () => {
  it('replaces the registration and forgot forms with the maintenance message', async () => {
    await suite.withOwnServer(PHONE, async ({ page }, server) => {
      const db = portalDb(server.dataDir);
      try {
        db.prepare('insert into maintenance_messages (id, message, starts_at, ends_at) values (?, ?, ?, null)').run(
          'm1',
          'The portal is being upgraded until 9pm.',
          Date.now() - 1000,
        );
      } finally {
        db.close();
      }
      for (const route of ['/register', '/forgotusername', '/forgotpassword']) {
        await visit(page, route, `maintenance on ${route}`);
        await expect(page.getByTestId('maintenance-message').textContent()).resolves.toContain(
          'The portal is being upgraded until 9pm.',
        );
      }
      await page.getByTestId('maintenance-sign-in').click();
      await arriveAt(page, '/login', 'login from maintenance');
    });
  });
});
