/**
 * Session storage and expiry (spec 000 §4 "Session", §8 token-expired numbers): remember-me
 * survives a closed page and a reload; a plain session does not reach a new context; a session
 * revoked server-side forces a logout at the next call.
 *
 * The session time-out (WCAG 2.2.1) in the browser: "Stay signed in" two minutes before
 * the idle limit, staying, letting it lapse, the server's own idle and lifetime limits, and a
 * document draft that survives the time-out. The browser's time is moved with Playwright's clock;
 * the server's through ageSession (support/server.ts).
 */
import { CLIENT_MESSAGES, ErrorNumber, SESSION } from '@portal/contracts';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ALEX_CLAIMS, ApiClient, DEMO } from '../support/api.ts';
import { loginForm, seedSession, signIn, storedUser } from '../support/auth.ts';
import { VIEWPORTS } from '../support/browser.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { arriveAt, useSuite, visit } from '../support/harness.ts';
import { ageSession } from '../support/server.ts';
import {
  claimCard,
  claimCards,
  expectCount,
  expectHidden,
  expectVisible,
  header,
  switchClaimButton,
} from '../support/ui.ts';

const suite = useSuite();
const [FIRST] = ALEX_CLAIMS;

/** Into the last two minutes before the idle limit, with a few seconds to spare. */
const TO_WARNING_MS = SESSION.idleTimeoutMs - SESSION.idleWarningMs + 5_000;

/** The numbers of the error lists (HTTP 225) the server answers this page from now on. */
function errorNumbers(page: Page): number[] {
  const numbers: number[] = [];
  page.on('response', (r) => {
    if (r.status() !== 225 || !new URL(r.url()).pathname.startsWith('/api/')) return;
    void r.json().then(
      (body: Array<{ Number: number }>) => numbers.push(...body.map((e) => e.Number)),
      () => undefined,
    );
  });
  return numbers;
}

async function expectSignedOutFor(page: Page, message: string, label: string): Promise<void> {
  await arriveAt(page, '/login', label);
  await expectVisible(page.getByText(message, { exact: true }), 'the message saying why the claimant was signed out');
  expect(await storedUser(page), 'the forced logout clears both storage areas').toBeNull();
}

describe.each(VIEWPORTS)('session at $name ($width×$height)', (viewport) => {
  test('remember-me: survives closing the page, a new page, a reload and a browser restart, with no token script can read', async () => {
    const context = await suite.openContext(viewport);
    const first = await context.newPage();
    await visit(first, '/login', `/login (${viewport.name})`);
    expect(await loginForm(first).rememberMe.isChecked(), 'remember-me is off by default').toBe(false);
    await signIn(first, DEMO.alex, undefined, { rememberMe: true });
    await arriveAt(first, '/claims', `/claims (${viewport.name})`);
    const user = await storedUser(first);
    expect(user?.area, 'the page keeps its token in sessionStorage').toBe('session');
    // The remembered token is in an HttpOnly cookie: no script on the page can read it.
    const readable = await first.evaluate(() => JSON.stringify({ ...window.localStorage }) + document.cookie);
    expect(readable, 'localStorage and document.cookie hold no token').not.toContain(user?.token as string);
    const kept = (await context.cookies(suite.baseURL)).find((c) => c.name === '__Host-portal-session');
    expect(kept, 'the remembered session cookie').toMatchObject({
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
      path: '/',
    });
    await first.close();

    const second = await context.newPage();
    await visit(second, '/claims', `/claims in a new page (${viewport.name})`);
    await expectCount(claimCards(second), 3, 'claim cards in a new page of the same context');
    await second.reload();
    await arriveAt(second, '/claims', `/claims after reload (${viewport.name})`);
    await expectCount(claimCards(second), 3, 'claim cards after a reload');

    // A browser restart: a new context with the stored state (its cookies and localStorage) and no page.
    const state = await context.storageState();
    await context.close();
    const restarted = await suite.openContext(viewport);
    await restarted.addCookies(state.cookies);
    const stored = state.origins.find((o) => o.origin === new URL(suite.baseURL).origin)?.localStorage ?? [];
    const origin = new URL(suite.baseURL).origin;
    await restarted.addInitScript(
      ({ at, items }: { at: string; items: { name: string; value: string }[] }) => {
        // Once, on the portal's own pages (never about:blank): what the browser had kept.
        if (location.origin !== at || sessionStorage.getItem('restored')) return;
        sessionStorage.setItem('restored', '1');
        for (const item of items) localStorage.setItem(item.name, item.value);
      },
      { at: origin, items: stored },
    );
    const third = await restarted.newPage();
    await visit(third, '/claims', `/claims after a browser restart (${viewport.name})`);
    await expectCount(claimCards(third), 3, 'claim cards after a browser restart');
  });

  test('remember-me: a token the old app kept in localStorage is moved out of it, without signing the claimant out', async () => {
    const { page, context } = await suite.open(viewport);
    // seedSession writes a remembered token to localStorage, as the app did before decision 038.
    const token = await seedSession(page, suite.baseURL, DEMO.alex, { claim: FIRST.number, rememberMe: true });
    await visit(page, '/claim', `/claim with a token from localStorage (${viewport.name})`);
    await expectVisible(header(page).getByText(FIRST.number).first(), 'still signed in, on the selected claim');
    expect(await storedUser(page), 'the token is now in sessionStorage only').toEqual({ area: 'session', token });
    await expect
      .poll(async () => (await context.cookies(suite.baseURL)).find((c) => c.name === '__Host-portal-session')?.value)
      .toBe(token);
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
    expect(await storedUser(page), 'the forced logout clears both storage areas').toBeNull();
    await expectVisible(page.getByText(/sign in again/i).first(), 'the message saying why the claimant was signed out');
    await expectNoSeriousA11yViolations(page, `/login with the signed-out reason (${viewport.name})`);
  });
});

describe.each(VIEWPORTS)('session time-out at $name ($width×$height)', (viewport) => {
  test('"Stay signed in" opens two minutes before the idle limit, and staying keeps the session', async () => {
    const { page } = await suite.open(viewport);
    // Installed before the app loads, so every timer and Date.now() of the page runs on it.
    await page.clock.install();
    await seedSession(page, suite.baseURL, DEMO.alex, { claim: FIRST.number });
    await visit(page, '/claim', `/claim (${viewport.name})`);

    // The claimant does nothing; the idle clock started at the last call to the server.
    await page.clock.fastForward(TO_WARNING_MS);
    const dialog = page.getByRole('alertdialog', { name: 'Do you want to stay signed in?' });
    await expectVisible(dialog, 'the "Stay signed in" dialog');
    // Under two minutes left, and more than one (the dialog opened a few seconds ago).
    expect(await page.getByTestId('session-timeout-countdown').textContent()).toMatch(/^1 minute \d+ seconds?$/);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')), { timeout: 5_000 })
      .toBe('stay-signed-in');
    await expectNoSeriousA11yViolations(page, `the "Stay signed in" dialog (${viewport.name})`);

    const keptAlive = page.waitForResponse((r) => r.url().endsWith('/api/account/keepalive'));
    await dialog.getByRole('button', { name: 'Stay signed in' }).click();
    expect((await keptAlive).status(), "keepalive restarts the server's idle clock").toBe(200);
    await expectHidden(dialog, 'the dialog after staying');

    // Past the moment the session would have lapsed: still signed in, no dialog, and the server
    // still takes the session.
    await page.clock.fastForward(SESSION.idleWarningMs + 60_000);
    await page.waitForTimeout(1_500);
    expect(await dialog.count(), 'no dialog: the idle clock started again').toBe(0);
    expect(new URL(page.url()).pathname).toBe('/claim');
    const token = (await storedUser(page))?.token;
    expect(token, 'still signed in').toBeTruthy();
    expect((await new ApiClient(suite.baseURL).getClaims(token as string)).status).toBe(200);
  });

  test('letting "Stay signed in" lapse lands on /login with the reason, and ends the session on the server', async () => {
    const { page } = await suite.open(viewport);
    await page.clock.install();
    const token = await seedSession(page, suite.baseURL, DEMO.alex, { claim: FIRST.number });
    await visit(page, '/claim', `/claim (${viewport.name})`);

    await page.clock.fastForward(TO_WARNING_MS);
    await expectVisible(
      page.getByRole('alertdialog', { name: 'Do you want to stay signed in?' }),
      'the "Stay signed in" dialog',
    );
    await page.clock.fastForward(SESSION.idleWarningMs);
    await expectSignedOutFor(
      page,
      CLIENT_MESSAGES.sessionIdleSignedOut,
      `/login after the idle time-out (${viewport.name})`,
    );
    expect(await page.getByRole('alertdialog').count(), 'neither the dialog nor an error alert is left').toBe(0);
    // The lapse also revoked the session server-side: the old token is refused.
    await expect
      .poll(
        async () =>
          ((await new ApiClient(suite.baseURL).getClaims(token)).body as Array<{ Number: number }>)[0]?.Number,
        { timeout: 5_000 },
      )
      .toBe(ErrorNumber.SessionRevoked);
  });

  test('idle on the server: the next call after the 20-minute limit forces a logout to /login with the reason', async () => {
    const { page } = await suite.open(viewport);
    const token = await seedSession(page, suite.baseURL, DEMO.alex, { claim: FIRST.number });
    await visit(page, '/claim', `/claim (${viewport.name})`);
    // The page believes the session is fresh (its own clock has barely moved); only the server
    // has seen 20 minutes and more without a request, as when a computer wakes from sleep.
    ageSession(suite.server, token, { idleForMs: SESSION.idleTimeoutMs + 60_000 });

    const numbers = errorNumbers(page);
    // SWITCH CLAIM calls the server (deselectclaim).
    await switchClaimButton(page).click();
    await expectSignedOutFor(
      page,
      CLIENT_MESSAGES.sessionIdleSignedOut,
      `/login after the server's idle limit (${viewport.name})`,
    );
    await expect.poll(() => numbers).toEqual([ErrorNumber.SessionIdleExpired]);
    expect(await page.getByRole('alertdialog').count(), 'a forced logout shows no error alert').toBe(0);
  });

  test('past the absolute lifetime on the server: the next call forces a logout to /login with the reason', async () => {
    const { page } = await suite.open(viewport);
    const token = await seedSession(page, suite.baseURL, DEMO.alex, { claim: FIRST.number });
    await visit(page, '/claim', `/claim (${viewport.name})`);
    ageSession(suite.server, token, { lifetimeEnded: true });

    const numbers = errorNumbers(page);
    await switchClaimButton(page).click();
    await expectSignedOutFor(
      page,
      CLIENT_MESSAGES.sessionExpiredSignedOut,
      `/login after the session's lifetime (${viewport.name})`,
    );
    await expect.poll(() => numbers).toEqual([ErrorNumber.SessionLifetimeExpired]);
  });

  test('a document draft typed before the time-out is back after signing in again', async () => {
    // A claim of its own per viewport: the draft is kept per claim on the server and the device.
    const claim = ALEX_CLAIMS[VIEWPORTS.indexOf(viewport)] ?? FIRST;
    const typed = `The certificate from my GP (typed at ${viewport.name} size before the time-out).`;
    const { page } = await suite.open(viewport);
    await page.clock.install();
    await seedSession(page, suite.baseURL, DEMO.alex, { claim: claim.number });
    await visit(page, '/submitdocuments', `/submitdocuments (${viewport.name})`);
    await page.getByTestId('documents-type').selectOption({ label: 'Medical certificate' });
    await page.getByTestId('documents-message').fill(typed);
    // The claimant stops once the draft is saved (a save is a call to the server: it would restart the idle clock).
    await page.getByTestId('documents-draft-status').filter({ hasText: 'Draft saved' }).waitFor();

    await page.clock.fastForward(TO_WARNING_MS);
    const dialog = page.getByRole('alertdialog', { name: 'Do you want to stay signed in?' });
    await expectVisible(dialog, 'the "Stay signed in" dialog over the form');
    await page.clock.fastForward(SESSION.idleWarningMs);
    await expectSignedOutFor(
      page,
      CLIENT_MESSAGES.sessionIdleSignedOut,
      `/login after the time-out on a form (${viewport.name})`,
    );

    await signIn(page, DEMO.alex);
    await arriveAt(page, '/claims', `/claims after signing in again (${viewport.name})`);
    await claimCard(page, claim.number).click();
    await arriveAt(page, '/claim', `/claim after signing in again (${viewport.name})`);
    await visit(page, '/submitdocuments', `/submitdocuments with the kept draft (${viewport.name})`);
    await expect.poll(() => page.getByTestId('documents-message').inputValue(), { timeout: 5_000 }).toBe(typed);
    expect(await page.getByTestId('documents-type').locator('option:checked').textContent()).toBe(
      'Medical certificate',
    );
  });
});
