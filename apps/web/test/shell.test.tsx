import { CodeType, MESSAGES, SESSION, type Account } from '@portal/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAFTS_KEPT_TEXT } from '../src/app/shell/session-timeout-dialog.tsx';
import { saveSecureToken } from '../src/lib/session/access-code.ts';
import { markAuthenticatedActivity } from '../src/lib/session/activity.ts';
import { draftMirrorKey, setDraftMirrorStorage } from '../src/lib/forms/draft-mirror.ts';
import { isSignedIn, saveLoginToken } from '../src/lib/session/session.ts';
import { RESTORED_MESSAGE } from '../src/lib/forms/use-form-draft.ts';
import { CLAIMS, HOME_ADDRESS, accountFixture, mockServer, type Call } from './helpers.ts';
import { memoryStorage } from './memory-draft-storage.ts';
import { renderApp } from './render-app.tsx';

/** The browser's idle limit: the server records activity at most every 10 s, so 10 s short. */
const CLIENT_IDLE_LIMIT_MS = SESSION.idleTimeoutMs - SESSION.activityRecordedEveryMs;

/**
 * Lets `ms` pass on the fake clock with nothing done: the clock jumps to the last second and the
 * timers run through it (ticking through every second of 20 minutes would only be slow).
 */
async function idleFor(ms: number): Promise<void> {
  vi.setSystemTime(Date.now() + ms - 1_000);
  await act(() => vi.advanceTimersByTimeAsync(1_000));
}

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => {
  app?.cleanup();
  app = undefined;
  delete window.ReactNativeWebView;
});

const SELECTED = CLAIMS.map((c, i) => ({ ...c, Selected: i === 0 }));

function signedInServer(extra: Parameters<typeof mockServer>[0] = {}) {
  return mockServer({
    '/api/claim/getclaims': { status: 200, body: SELECTED },
    '/api/inbox/getunreadmessagecount': { status: 200, body: 2 },
    '/api/analytics/pageview': { status: 200, body: true },
    '/api/account/keepalive': { status: 200, body: { IdleTimeoutSeconds: 1200 } },
    '/api/account/logout': { status: 200, body: true },
    '/api/account/getaccount': { status: 225, body: [{ Number: 199, Message: 'not in this test' }] },
    '/api/account/verifybankdetails': { status: 200, body: true },
    ...extra,
  });
}

describe('shell', () => {
  it('records a page view when a page is left, tells the native wrapper, titles the page and focuses its h1', async () => {
    const postMessage = vi.fn();
    window.ReactNativeWebView = { postMessage };
    const server = mockServer({ '/api/analytics/pageview': { status: 200, body: true } });
    app = renderApp('/login');
    await screen.findByTestId('login-form');
    // The title and the wrapper's message are set by the shell's effects, which may run after the
    // form first appears on a busy machine.
    await waitFor(() => expect(document.title).toBe('Sign in | TAC Claimant Web Portal'));
    await waitFor(() => expect(postMessage).toHaveBeenCalled());
    expect(JSON.parse(postMessage.mock.calls[0]?.[0] as string)).toEqual({
      type: 'page',
      path: '/login',
      title: 'Sign in',
    });

    fireEvent.click(screen.getByRole('link', { name: 'Register' }));
    await screen.findByTestId('register-form');
    await waitFor(() => expect(server.callsTo('/api/analytics/pageview')).toHaveLength(1));
    expect(server.callsTo('/api/analytics/pageview')[0]?.body).toEqual({ Path: '/login', Title: 'Sign in' });
    await waitFor(() => expect(document.title).toBe('Register | TAC Claimant Web Portal'));
    expect(JSON.parse(postMessage.mock.calls.at(-1)?.[0] as string)).toEqual({
      type: 'page',
      path: '/register',
      title: 'Register',
    });
    const h1 = screen.getByRole('heading', { level: 1 });
    expect(h1.textContent).toBe('Register');
    expect(document.activeElement).toBe(h1);
    expect(screen.getByTestId('register-step').textContent).toBe('Step 1 of 2');
  });

  it('nh=1 hides the header; on the terms page also the toolbar and footer', async () => {
    mockServer({
      '/api/analytics/pageview': { status: 200, body: true },
      '/api/content/terms': { status: 200, body: { Name: 'terms', Html: '<h2>Terms</h2>' } },
      '/api/content/privacy': { status: 200, body: { Name: 'privacy', Html: '<h2>Privacy policy</h2>' } },
    });
    app = renderApp('/disclaimer?nh=1');
    await screen.findByTestId('legal-terms-content');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Terms and conditions');
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByTestId('app-version')).toBeNull();
    app.cleanup();

    app = renderApp('/privacypolicy?nh=1');
    await screen.findByTestId('legal-privacy-content');
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).toBeNull();
    const close = screen.getByTestId('toolbar-close') as HTMLButtonElement;
    expect(close.textContent).toBe('Close');
    expect(close.type).toBe('button');
    expect(screen.getByTestId('app-version').textContent).toBe('Version: 1.5.30');
  });

  it('shows the claim, breadcrumbs, unread badge and signed-in toolbar', async () => {
    saveLoginToken('t', false);
    signedInServer();
    app = renderApp('/claim');
    expect((await screen.findByTestId('claim-summary-number')).textContent).toBe('12/34567');
    expect(screen.getByTestId('claim-summary-date').textContent).toBe('05/03/2024');
    expect(screen.getByTestId('switch-claim').textContent).toBe('Switch claim');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs.textContent).toBe('Home');
    await waitFor(() => expect(screen.getByTestId('toolbar-unread-badge').textContent).toBe('2 unread'));
    expect(screen.getByTestId('toolbar-sign-out').textContent).toBe('Sign out');
    expect(screen.getByTestId('menu-button').textContent).toBe('Menu');
    expect(screen.getAllByRole('listitem').length).toBeGreaterThan(6);
    expect(screen.getByText(MESSAGES.enquiriesAnswered).tagName).toBe('P');
    expect(screen.getByTestId('enquiries-note').textContent).toBe(MESSAGES.enquiriesAnswered);
  });

  it('sign out calls logout and lands on /login', async () => {
    saveLoginToken('t', false);
    const server = signedInServer();
    app = renderApp('/claim');
    fireEvent.click(await screen.findByTestId('toolbar-sign-out'));
    await waitFor(() => expect(app?.pathname()).toBe('/login'));
    expect(server.callsTo('/api/account/logout')[0]?.body).toEqual({ AccessToken: 't' });
    expect(isSignedIn()).toBe(false);
  });

  it('opens "Stay signed in" two minutes before the idle limit; staying calls keepalive', async () => {
    saveLoginToken('t', false);
    const server = signedInServer();
    app = renderApp('/claim');
    await screen.findByTestId('claim-summary-number');
    markAuthenticatedActivity(Date.now() - (SESSION.idleTimeoutMs - SESSION.idleWarningMs) - 5_000);
    const dialog = await screen.findByTestId('session-timeout-dialog', {}, { timeout: 3_000 });
    expect(dialog.getAttribute('role')).toBe('alertdialog');
    expect(screen.getByTestId('session-timeout-drafts').textContent).toBe(DRAFTS_KEPT_TEXT);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('stay-signed-in')));
    fireEvent.click(screen.getByTestId('stay-signed-in'));
    await waitFor(() => expect(screen.queryByTestId('session-timeout-dialog')).toBeNull());
    expect(server.callsTo('/api/account/keepalive')).toHaveLength(1);
  });

  it('signs out when the idle limit lapses and explains why on /login', async () => {
    saveLoginToken('t', false);
    const server = signedInServer();
    const draftKept = vi.fn();
    window.addEventListener('portal:before-forced-logout', draftKept, { once: true });
    app = renderApp('/claim');
    await screen.findByTestId('claim-summary-number');
    markAuthenticatedActivity(Date.now() - SESSION.idleTimeoutMs - 1);
    await waitFor(() => expect(app?.pathname()).toBe('/login'), { timeout: 3_000 });
    expect(isSignedIn()).toBe(false);
    expect(draftKept).toHaveBeenCalledTimes(1);
    expect((await screen.findByTestId('signed-out-reason')).textContent).toBe(MESSAGES.sessionIdleSignedOut);
    await waitFor(() => expect(server.callsTo('/api/account/logout')).toHaveLength(1));
  });

  it("ends the browser's countdown 10 s before the server's idle limit, never after it", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    saveLoginToken('t', false);
    signedInServer();
    app = renderApp('/claim');
    await screen.findByTestId('claim-summary-number');
    // Every call of the page has answered: the last answer is now.
    await waitFor(() => expect(screen.getByTestId('toolbar-unread-badge').textContent).toBe('2 unread'));
    markAuthenticatedActivity(Date.now());
    await idleFor(CLIENT_IDLE_LIMIT_MS - SESSION.idleWarningMs);
    // The dialog opens two minutes before the browser's limit, 19:50 after the last answer.
    expect((await screen.findByTestId('session-timeout-countdown')).textContent).toMatch(
      /^1 minute 5\d seconds$|^2 minutes$/,
    );
    await idleFor(SESSION.idleWarningMs - 5_000);
    expect(isSignedIn()).toBe(true);
    expect(screen.getByTestId('session-timeout-countdown').textContent).toMatch(/^\d seconds?$/);
    // The server may have recorded the last call up to 10 s before it was made: the browser gives
    // up at 19:50, when the server may be about to, not at 20:00, when it may already have.
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(app?.pathname()).toBe('/login'));
    expect(isSignedIn()).toBe(false);
    expect(CLIENT_IDLE_LIMIT_MS).toBe(SESSION.idleTimeoutMs - 10_000);
  }, 15_000);
});

describe('a session time-out keeps what was typed, for the same account only (foundation issue)', () => {
  const accountOf = (email: string, mobile: string): Account =>
    accountFixture({
      ContactDetails: { EmailAddress: email, MobileNumber: mobile, HomeAddressForDB: HOME_ADDRESS },
      BankAccountDetails: {
        BankName: 'Commonwealth Bank of Australia',
        AccountName: 'Alex Citizen',
        Bsb: '063-000',
        AccountNumber: '*****6789',
      },
    });
  const ALEX = accountOf('alex@example.com', '0412345678');
  const SAM = accountOf('sam@example.com', '0411111111');
  const LISTS: Record<string, unknown[]> = {
    ContactCategories: [
      { ElementNumber: 10, Id: 1, Item: 'General enquiry' },
      { ElementNumber: 60, Id: 6, Item: 'Other' },
    ],
    UpdatePersonalReason: [
      { ElementNumber: 1, Id: 1, Item: 'Marriage' },
      { ElementNumber: 5, Id: 5, Item: 'Other' },
    ],
  };

  let storage: ReturnType<typeof memoryStorage>;
  beforeEach(() => {
    storage = memoryStorage();
    setDraftMirrorStorage(storage);
  });
  afterEach(() => setDraftMirrorStorage(null));

  /** Tokens name their account, so each call answers as the account signed in. */
  let signIns = 0;
  const whose = (call: Call) => (String(call.body?.AccessToken).startsWith('sam') ? SAM : ALEX);
  function formsServer() {
    return signedInServer({
      '/api/account/getaccount': (call) => ({ status: 200, body: whose(call) }),
      '/api/account/login': (call) => ({
        status: 200,
        body: {
          AccessToken: `${String(call.body?.EmailAddress).startsWith('sam') ? 'sam' : 'alex'}-${++signIns}`,
          AccountActivated: 2,
        },
      }),
      '/api/dropdownlistdatasource/list': (call) => ({
        status: 200,
        body: { Items: LISTS[String(call.body?.ListType)] ?? [] },
      }),
      '/api/account/verifybsb': { status: 200, body: { BankName: 'Commonwealth Bank of Australia' } },
    });
  }

  /** Nothing happens until the browser's idle limit: signed out to /login, which says why. */
  async function timeOut() {
    await idleFor(CLIENT_IDLE_LIMIT_MS);
    await waitFor(() => expect(app?.pathname()).toBe('/login'));
    expect(isSignedIn()).toBe(false);
    expect((await screen.findByTestId('signed-out-reason')).textContent).toBe(MESSAGES.sessionIdleSignedOut);
  }

  async function signIn(username: string) {
    const user = screen.getByTestId('login-username');
    fireEvent.change(user, { target: { value: username } });
    fireEvent.blur(user);
    const password = screen.getByTestId('login-password');
    fireEvent.change(password, { target: { value: 'Claimant#2026' } });
    fireEvent.blur(password);
    await waitFor(() =>
      expect(screen.getByTestId('login-submit').getAttribute('aria-disabled') === 'true').toBe(false),
    );
    fireEvent.submit(screen.getByTestId('login-form'));
    await waitFor(() => expect(app?.pathname()).toBe('/claims'));
  }

  const go = (path: string, state?: unknown) =>
    act(() => app?.router.navigate(path, state === undefined ? {} : { state }));
  const value = (testId: string) => (screen.getByTestId(testId) as HTMLInputElement).value;
  const type = (testId: string, text: string) =>
    fireEvent.change(screen.getByTestId(testId), { target: { value: text } });
  const stored = (form: string, claim = '') =>
    storage.entries.get(draftMirrorKey({ account: 'alex@example.com', claim, form }));
  /** No password, code, secure token, session token or bank account number is ever kept. */
  const expectNoSecrets = () => {
    const everything = JSON.stringify([...storage.entries.values()]);
    for (const secret of ['987654321', 'Claimant#2026', 'secure-', 'alex-', 'sam-'])
      expect(everything).not.toContain(secret);
  };

  /** Opens a My Details section for editing, with the secure token of its access code when it needs one. */
  async function openAccountSection(section: 'mobile' | 'contact' | 'personal' | 'bank') {
    const codeType = { mobile: CodeType.Mobile, bank: CodeType.Bank, contact: undefined, personal: undefined }[section];
    if (codeType !== undefined) {
      saveSecureToken({ SecureToken: `secure-${section}`, CodeType: codeType, ExpiresInSeconds: 600 });
      await go('/account', { codeType });
    } else {
      await go('/account');
      fireEvent.click(await screen.findByTestId(`account-${section}-edit`));
    }
    return screen.findByTestId(`${section}-form`);
  }

  it('Send a message: the message, its type and reason come back after signing in again; another account sees none of it, and its sign-in deletes it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    saveLoginToken('alex-0', false);
    formsServer();
    app = renderApp('/contactus');
    const kind = (await screen.findByTestId('contact-type')) as HTMLSelectElement;
    await waitFor(() => expect(kind.options).toHaveLength(3));
    fireEvent.change(kind, { target: { value: '60' } });
    type('contact-reason', 'Travel');
    type('contact-message', 'Where is my travel payment?');
    await waitFor(() =>
      expect(stored('contact', '12/34567')?.draft).toEqual({
        Category: { Item: 'Other', ElementNumber: 60 },
        Message: 'Where is my travel payment?',
        CustomCategory: 'Travel',
      }),
    );

    await timeOut();
    await signIn('alex@example.com');
    await go('/contactus');
    await waitFor(() => expect(value('contact-message')).toBe('Where is my travel payment?'));
    await waitFor(() => expect(value('contact-type')).toBe('60'));
    expect(value('contact-reason')).toBe('Travel');
    await waitFor(() => expect(screen.getByTestId('contact-restored').textContent).toBe(RESTORED_MESSAGE));
    expect(screen.getByTestId('contact-restored').getAttribute('role')).toBe('status');

    await timeOut();
    await signIn('sam@example.com');
    await go('/contactus');
    await waitFor(() => expect((screen.getByTestId('contact-type') as HTMLSelectElement).options).toHaveLength(3));
    expect(value('contact-message')).toBe('');
    expect(value('contact-type')).toBe('');
    expect(screen.getByTestId('contact-restored').textContent).toBe('');
    // Kept for Alex's own next sign-in only: once Sam has signed in on this browser it is gone.
    await waitFor(() => expect(stored('contact', '12/34567')).toBeUndefined());
    expect(storage.entries.size).toBe(0);
  }, 30_000);

  it('signing out on purpose deletes the drafts kept on this browser; signing in again restores nothing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    saveLoginToken('alex-0', false);
    formsServer();
    app = renderApp('/contactus');
    const kind = (await screen.findByTestId('contact-type')) as HTMLSelectElement;
    await waitFor(() => expect(kind.options).toHaveLength(3));
    type('contact-message', 'Where is my travel payment?');
    await waitFor(() =>
      expect(stored('contact', '12/34567')?.draft).toMatchObject({ Message: 'Where is my travel payment?' }),
    );

    fireEvent.click(screen.getByTestId('toolbar-sign-out'));
    await waitFor(() => expect(app?.pathname()).toBe('/login'));
    await waitFor(() => expect(storage.entries.size).toBe(0));

    await signIn('alex@example.com');
    await go('/contactus');
    await waitFor(() => expect((screen.getByTestId('contact-type') as HTMLSelectElement).options).toHaveLength(3));
    expect(value('contact-message')).toBe('');
    expect(screen.getByTestId('contact-restored').textContent).toBe('');
  }, 30_000);

  type AccountCase = {
    section: 'mobile' | 'contact' | 'personal' | 'bank';
    fill: () => void;
    restored: () => void;
    untouched: () => void;
  };

  const ACCOUNT_CASES: AccountCase[] = [
    {
      section: 'mobile',
      fill: () => type('mobile-input', '0499888777'),
      restored: () => expect(value('mobile-input')).toBe('0499888777'),
      untouched: () => expect(value('mobile-input')).toBe('0411111111'),
    },
    {
      section: 'contact',
      fill: () => {
        type('contact-area-code', '03');
        type('contact-phone-number', '91234567');
      },
      restored: () => {
        expect(value('contact-area-code')).toBe('03');
        expect(value('contact-phone-number')).toBe('91234567');
        expect(screen.getByTestId('contact-save').getAttribute('aria-disabled')).toBeNull();
      },
      untouched: () => {
        expect(value('contact-area-code')).toBe('');
        expect(value('contact-phone-number')).toBe('');
      },
    },
    {
      section: 'personal',
      fill: () => {
        type('personal-first-name', 'Alexander');
        fireEvent.change(screen.getByTestId('personal-reason'), { target: { value: '5' } });
        type('personal-other-reason', 'Deed poll');
      },
      restored: () => {
        expect(value('personal-first-name')).toBe('Alexander');
        expect(value('personal-reason')).toBe('5');
        expect(value('personal-other-reason')).toBe('Deed poll');
      },
      untouched: () => {
        expect(value('personal-first-name')).toBe('Alex');
        expect(value('personal-reason')).toBe('');
      },
    },
    {
      section: 'bank',
      fill: () => {
        type('bank-account-name', 'Alex J Citizen');
        type('bank-bsb', '083-004');
        type('bank-account-number', '987654321');
      },
      restored: () => {
        expect(value('bank-account-name')).toBe('Alex J Citizen');
        expect(value('bank-bsb')).toBe('083-004');
        // Never kept: typed again.
        expect(value('bank-account-number')).toBe('');
      },
      untouched: () => {
        expect(value('bank-account-name')).toBe('Alex Citizen');
        expect(value('bank-account-number')).toBe('');
      },
    },
  ];

  it.each(ACCOUNT_CASES)(
    'My Details, $section: what was changed comes back after signing in again; another account sees none of it, and its sign-in deletes it',
    async ({ section, fill, restored, untouched }) => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      saveLoginToken('alex-0', false);
      formsServer();
      app = renderApp('/claim');
      await screen.findByTestId('claim-summary-number');
      await openAccountSection(section);
      if (section === 'personal')
        await waitFor(() =>
          expect((screen.getByTestId('personal-reason') as HTMLSelectElement).options).toHaveLength(3),
        );
      fill();
      await waitFor(() => expect(stored(`account-${section}`)).toBeDefined());
      expectNoSecrets();

      await timeOut();
      await signIn('alex@example.com');
      await openAccountSection(section);
      await waitFor(() => expect(screen.getByTestId(`${section}-restored`).textContent).toBe(RESTORED_MESSAGE));
      restored();

      await timeOut();
      await signIn('sam@example.com');
      await openAccountSection(section);
      untouched();
      expect(screen.getByTestId(`${section}-restored`).textContent).toBe('');
      // Sam's sign-in on this browser deleted what Alex's time-out kept.
      await waitFor(() => expect(stored(`account-${section}`)).toBeUndefined());
      expectNoSecrets();
    },
    30_000,
  );
});
