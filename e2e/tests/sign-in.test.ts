/**
 * Sign-in through the UI (spec 000 §2 "Sign-in", §4 "Login outcome", "Claim selection"):
 * each demo account's outcome, a wrong password, and 5 failures → /forgotpassword.
 */
import { describe, expect, test } from 'vitest';
import { ALEX_CLAIMS, DEMO, NEW_REGISTRANT_CLAIM, PAT_CLAIM, SAM_CLAIM } from '../support/api.ts';
import { loginForm, signIn, storedUser } from '../support/auth.ts';
import { VIEWPORTS } from '../support/browser.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { arriveAt, useSuite, visit } from '../support/harness.ts';
import { atPath, screenshot } from '../support/page.ts';
import {
  claimCard,
  claimCards,
  loginError,
  dismissAlert,
  expectCount,
  expectVisible,
  header,
  main,
} from '../support/ui.ts';

const suite = useSuite();

describe.each(VIEWPORTS)('sign-in at $name ($width×$height)', (viewport) => {
  test('alex (three claims) → /claims with three claim cards, one "Not listed"', async () => {
    const { page } = await suite.open(viewport);
    await visit(page, '/login', `/login (${viewport.name})`);
    await signIn(page, DEMO.alex);
    await arriveAt(page, '/claims', `/claims (${viewport.name})`);
    await expectVisible(page.getByRole('heading', { name: 'My claims' }).first(), 'heading "My claims"');
    await expectVisible(main(page).getByText('Select the claim you would like to manage'), 'claims instruction text');
    await expectCount(claimCards(page), 3, 'number of claim cards');
    for (const claim of ALEX_CLAIMS) {
      // The number shown on the card, and the card's button named after it.
      await expectVisible(main(page).getByText(claim.number, { exact: true }).first(), `claim ${claim.number}`);
      await expectVisible(claimCard(page, claim.number), `the Manage claim ${claim.number} button`);
      await expectVisible(
        main(page).getByText(claim.date, { exact: true }).first(),
        `date of accident ${claim.date} of ${claim.number}`,
      );
    }
    await expectCount(
      main(page).getByText('Not listed', { exact: true }),
      1,
      "cards showing 'Not listed' as the location",
    );
    expect((await storedUser(page))?.area, 'without remember-me the user is kept in sessionStorage').toBe('session');
  });

  test.each([
    { who: 'sam (one claim)', username: DEMO.sam, claim: SAM_CLAIM },
    { who: 'pat (State Trustees)', username: DEMO.pat, claim: PAT_CLAIM },
    { who: 'new.registrant (< 48 h)', username: DEMO.newRegistrant, claim: NEW_REGISTRANT_CLAIM },
  ])('$who → single claim auto-selected → /claim', async ({ username, claim }) => {
    const { page } = await suite.open(viewport);
    await visit(page, '/login', `/login (${viewport.name})`);
    await signIn(page, username);
    await arriveAt(page, '/claim', `/claim of ${username} (${viewport.name})`);
    await expectVisible(header(page).getByText(claim.number).first(), `claim number ${claim.number} in the header`);
    await expectVisible(header(page).getByText(claim.date).first(), `date of accident ${claim.date} in the header`);
    // One claim: no SWITCH CLAIM (spec 000 §2: only with more than one claim).
    await expectCount(
      page.getByRole('button', { name: /switch claim/i }),
      0,
      'SWITCH CLAIM buttons with a single claim',
    );
  });

  test('robin (not activated) → /activate', async () => {
    const { page } = await suite.open(viewport);
    await visit(page, '/login', `/login (${viewport.name})`);
    await signIn(page, DEMO.robin);
    await arriveAt(page, '/activate', `/activate (${viewport.name})`);
    const stored = await storedUser(page);
    expect(stored?.area, 'a registration token is kept in sessionStorage').toBe('session');
    expect(stored?.token, 'a registration token does not count as signed in (no AccessToken)').toBeUndefined();
  });

  test('wrong password → error shown and the password field cleared', async () => {
    const { page } = await suite.open(viewport);
    await visit(page, '/login', `/login (${viewport.name})`);
    await signIn(page, DEMO.alex, 'Wrong#Password1');
    const alert = loginError(page);
    await expectVisible(alert, 'the sign-in error (role alert) with its error code');
    const text = await alert.innerText();
    expect(text, 'the sign-in error message').toContain(
      'The email address or password is not right. Check them and try again.',
    );
    expect(text, 'the sign-in error number').toContain('If you call us on 1300 654 329, quote error 101.');
    await expectNoSeriousA11yViolations(page, `/login with the sign-in error (${viewport.name})`);
    await screenshot(page, `login-error-${viewport.name}`);
    expect(new URL(page.url()).pathname, 'a failed sign-in stays on /login').toBe('/login');
    if (await page.getByRole('alertdialog').count()) await dismissAlert(page);
    expect(await loginForm(page).password.inputValue(), 'the password is cleared after a failed sign-in').toBe('');
    expect(await loginForm(page).username.inputValue(), 'the username is kept').toBe(DEMO.alex);
  });
});

describe.each(VIEWPORTS)('5 failed sign-ins at $name', (viewport) => {
  test('the 5th failure goes to /forgotpassword', async () => {
    // Its own server: the failures throttle pat's account there, and no other test should see that.
    await suite.withOwnServer(viewport, async ({ page }) => {
      await visit(page, '/login', `/login (${viewport.name})`);
      for (let attempt = 1; attempt <= 5; attempt++) {
        await signIn(page, DEMO.pat, `Wrong#Password${attempt}`);
        if (attempt < 5) {
          await expectVisible(loginError(page), `the sign-in error after failure ${attempt}`);
          if (await page.getByRole('alertdialog').count()) await dismissAlert(page);
          expect(new URL(page.url()).pathname, `still on /login after failure ${attempt}`).toBe('/login');
          expect(await loginForm(page).password.inputValue(), `password cleared after failure ${attempt}`).toBe('');
        }
      }
      await page.waitForURL(atPath('/forgotpassword'));
      if (await page.getByRole('alertdialog').count()) await dismissAlert(page);
      await expectNoSeriousA11yViolations(page, `/forgotpassword (${viewport.name})`);
    });
  });
});
