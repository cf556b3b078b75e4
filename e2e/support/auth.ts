/**
 * Signing in. Tests about the sign-in screen use `signIn` (through the UI); every other test
 * seeds the session (STYLE.md: "fixtures sign in by seeding, not by clicking"): it signs in over
 * the API and writes the token where the web app keeps it (apps/web/src/lib/session/session.ts: key
 * 'currentUser', JSON { AccessToken, IsOneTimePassword }, localStorage with RememberMe, else
 * sessionStorage).
 */
import type { Page } from 'playwright-core';
import { ApiClient, DEMO_PASSWORD, DEVICE_COOKIE } from './api.ts';

const CURRENT_USER_KEY = 'currentUser';
const SEED_PATH = '/__e2e_seed__';

export function loginForm(page: Page) {
  return {
    username: page.getByLabel(/user ?name|e-?mail/i).first(),
    password: page.getByLabel(/^password/i).first(),
    rememberMe: page.getByRole('checkbox', { name: /remember/i }),
    submit: page.getByRole('button', { name: /^(sign in|log ?in)$/i }),
  };
}

/** Fills and submits the sign-in form on the current /login page. Does not wait for the outcome. */
export async function signIn(
  page: Page,
  username: string,
  password: string = DEMO_PASSWORD,
  options: { rememberMe?: boolean } = {},
): Promise<void> {
  const form = loginForm(page);
  await form.username.fill(username);
  await form.password.fill(password);
  if (options.rememberMe) await form.rememberMe.check();
  await form.submit.click();
}

/**
 * Signs in over the API (optionally selecting a claim server-side) and stores the token in this
 * page's storage exactly as the web app does. The page ends on a blank same-origin stub, so the
 * caller's next `page.goto` starts the app with the session in place. Returns the token.
 */
export async function seedSession(
  page: Page,
  baseURL: string,
  username: string,
  options: { rememberMe?: boolean; claim?: string } = {},
): Promise<string> {
  // Sign in as this browser: its device cookie decides whether the server asks to verify.
  const device = (await page.context().cookies(baseURL)).find((c) => c.name === DEVICE_COOKIE)?.value;
  const api = new ApiClient(baseURL, device);
  const { AccessToken, AccountActivated } = await api.login(username, { rememberMe: options.rememberMe ?? false });
  if (AccountActivated !== 2)
    throw new Error(`seedSession: ${username} is not an activated account (AccountActivated ${AccountActivated})`);
  if (options.claim) await api.selectClaim(AccessToken, options.claim);

  await writeStorage(page, baseURL, {
    key: CURRENT_USER_KEY,
    value: JSON.stringify({ AccessToken, IsOneTimePassword: false }),
    local: options.rememberMe ?? false,
  });
  return AccessToken;
}

/**
 * Writes one item where the web app keeps it (and removes it from the other storage), from a
 * blank page on the app's origin — never the app itself, so only this write touches storage.
 */
async function writeStorage(page: Page, baseURL: string, item: { key: string; value: string; local: boolean }) {
  const stubUrl = `${baseURL}${SEED_PATH}`;
  await page.route(stubUrl, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>seed</title>' }),
  );
  try {
    await page.goto(stubUrl);
    await page.evaluate(({ key, value, local }) => {
      (local ? window.localStorage : window.sessionStorage).setItem(key, value);
      (local ? window.sessionStorage : window.localStorage).removeItem(key);
    }, item);
  } finally {
    await page.unroute(stubUrl);
  }
}

/** The self-assessment's own session key (apps/web/src/lib/session/survey-session.ts). */
const SURVEY_SESSION_KEY = 'surveySession';

/**
 * Passes the self-assessment's identity check over the API (claim number 'NN/NNNNN', date of
 * birth dd/mm/yyyy) and stores the survey token as the web app does, in sessionStorage.
 */
export async function seedSurveySession(page: Page, baseURL: string, claimNumber: string, dateOfBirth: string) {
  const api = new ApiClient(baseURL);
  const answer = await api.post('/api/nid/nidlogin', { ClaimNumber: claimNumber, DateOfBirth: dateOfBirth });
  const token = (answer.body as { AccessToken?: unknown } | null)?.AccessToken;
  if (answer.status !== 200 || typeof token !== 'string') {
    throw new Error(`seedSurveySession: nidlogin answered ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  await writeStorage(page, baseURL, {
    key: SURVEY_SESSION_KEY,
    value: JSON.stringify({ AccessToken: token }),
    local: false,
  });
}

/** The stored user of this page: where it is kept and its token (null when signed out). */
export async function storedUser(page: Page): Promise<{ area: 'local' | 'session'; token: string | undefined } | null> {
  return page.evaluate((key) => {
    const read = (raw: string | null) => {
      if (!raw) return undefined;
      try {
        const v = JSON.parse(raw) as { AccessToken?: unknown };
        return typeof v.AccessToken === 'string' ? v.AccessToken : undefined;
      } catch {
        return undefined;
      }
    };
    const local = window.localStorage.getItem(key);
    if (local) return { area: 'local' as const, token: read(local) };
    const session = window.sessionStorage.getItem(key);
    if (session) return { area: 'session' as const, token: read(session) };
    return null;
  }, CURRENT_USER_KEY);
}
