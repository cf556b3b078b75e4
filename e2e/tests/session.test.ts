/**
 * Session storage and expiry (spec 000 §4 "Session", §8 token-expired numbers): remember-me
 * survives a closed page and a reload; a plain session does not reach a new context; a session
 * revoked server-side forces a logout at the next call.
 */
import { describe, expect, test } from 'vitest';
import { ALEX_CLAIMS, ApiClient, DEMO } from '../support/api.ts';
import { loginForm, seedSession, signIn, storedUser } from '../support/auth.ts';
import { VIEWPORTS } from '../support/browser.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { arriveAt, useSuite, visit } from '../support/harness.ts';
import { claimCards, expectCount, expectVisible, header, switchClaimButton } from '../support/ui.ts';

const suite = useSuite();
const [FIRST] = ALEX_CLAIMS;

describe.each(VIEWPORTS)('session at $name ($width×$height)', (viewport) => {
  test('remember-me: survives closing the page, a new page in the same context, and a reload', async () => {
    const context = await suite.openContext(viewport);
    const first = await context.newPage();
    await visit(first, '/login', `/login (${viewport.name})`);
    expect(await loginForm(first).rememberMe.isChecked(), 'remember-me is off by default').toBe(false);
    await signIn(first, DEMO.alex, undefined, { rememberMe: true });
    await arriveAt(first, '/claims', `/claims (${viewport.name})`);
    expect((await storedUser(first))?.area, 'remember-me keeps the user in localStorage').toBe('local');
    await first.close();

    const second = await context.newPage();
    await visit(second, '/claims', `/claims in a new page (${viewport.name})`);
    await expectCount(claimCards(second), 3, 'claim cards in a new page of the same context');
    await second.reload();
    await arriveAt(second, '/claims', `/claims after reload (${viewport.name})`);
    await expectCount(claimCards(second), 3, 'claim cards after a reload');
  });

  test('without remember-me: survives a reload, but a new context lands on /login', async () => {
    const { page } = await suite.open(viewport);
    await visit(page, '/login', `/login (${viewport.name})`);
    await signIn(page, DEMO.alex);
    await arriveAt(page, '/claims', `/claims (${viewport.name})`);
    expect((await storedUser(page))?.area, 'without remember-me the user is kept in sessionStorage').toBe('session');
    await page.reload();
    await arriveAt(page, '/claims', `/claims after reload (${viewport.name})`);
    await expectCount(claimCards(page), 3, 'claim cards after a reload of a plain session');

    const fresh = await suite.open(viewport);
    await visit(fresh.page, '/claims', `/claims in a new context → /login (${viewport.name})`, '/login');
    expect(await storedUser(fresh.page), 'nothing stored in the new context').toBeNull();
  });

  test('session revoked server-side: the next call forces a logout to /login', async () => {
    const { page } = await suite.open(viewport);
    await seedSession(page, suite.baseURL, DEMO.alex, { claim: FIRST.number });
    await visit(page, '/claim', `/claim (${viewport.name})`);
    await expectVisible(header(page).getByText(FIRST.number).first(), 'the claim number in the header');

    const token = (await storedUser(page))?.token;
    expect(token, 'the page holds a token').toBeTruthy();
    await new ApiClient(suite.baseURL).logout(token as string);

    // An in-app action that calls the server (SWITCH CLAIM → deselectclaim) answers 21 → /login.
    await switchClaimButton(page).click();
    await arriveAt(page, '/login', `/login after the forced logout (${viewport.name})`);
    expect(await storedUser(page), 'the forced logout clears both storage areas').toBeNull();
    expect(await page.getByRole('alertdialog').count(), 'a forced logout shows no error alert').toBe(0);
  });

  test('session revoked server-side: reloading a signed-in page lands on /login with a reason', async () => {
    const { page } = await suite.open(viewport);
    const token = await seedSession(page, suite.baseURL, DEMO.alex, { claim: FIRST.number, rememberMe: true });
    await visit(page, '/claim', `/claim (${viewport.name})`);
    await new ApiClient(suite.baseURL).logout(token);
    await page.reload();
    await arriveAt(page, '/login', `/login after reload of a revoked session (${viewport.name})`);
    expect(await storedUser(page), 'the forced logout clears localStorage too').toBeNull();
    await expectVisible(page.getByText(/sign in again/i).first(), 'the message saying why the claimant was signed out');
    await expectNoSeriousA11yViolations(page, `/login with the signed-out reason (${viewport.name})`);
  });
});
