import { MESSAGES, SESSION } from '@portal/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markAuthenticatedActivity } from '../src/lib/activity.ts';
import { isSignedIn, saveLoginToken } from '../src/lib/session.ts';
import { CLAIMS, mockServer } from './helpers.ts';
import { renderApp } from './render-app.tsx';

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
    expect(JSON.parse(postMessage.mock.calls[0]?.[0] as string)).toEqual({ type: 'page', path: '/login', title: 'Sign in' });

    fireEvent.click(screen.getByRole('link', { name: 'Register' }));
    await screen.findByTestId('register-form');
    await waitFor(() => expect(server.callsTo('/api/analytics/pageview')).toHaveLength(1));
    expect(server.callsTo('/api/analytics/pageview')[0]?.body).toEqual({ Path: '/login', Title: 'Sign in' });
    await waitFor(() => expect(document.title).toBe('Register | TAC Claimant Web Portal'));
    expect(JSON.parse(postMessage.mock.calls.at(-1)?.[0] as string)).toEqual({ type: 'page', path: '/register', title: 'Register' });
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
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Disclaimer');
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByTestId('app-version')).toBeNull();
    app.cleanup();

    app = renderApp('/privacypolicy?nh=1');
    await screen.findByTestId('legal-privacy-content');
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).toBeNull();
    expect(screen.getByTestId('toolbar-close')).toBeTruthy();
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
    expect(screen.getByText(MESSAGES.enquiriesAnswered)).toBeTruthy();
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

  it('closing the bank banner calls verifybankdetails and hides it', async () => {
    saveLoginToken('t', false);
    const account = {
      PersonalDetails: { Title: 2, FirstName: 'Alex', MiddleNames: '', Surname: 'Citizen', DateOfBirth: '1985-04-12' },
      ContactDetails: {
        EmailAddress: 'a@example.com',
        MobileNumber: '0412345678',
        PhoneNumber: { IntlNumber: '61', AreaCode: '', Number: '' },
        HomeAddressForDB: null,
        PostalAddressForDB: null,
        AreAddressesSame: true,
      },
      BankAccountDetails: null,
      Preferences: { SMS: false, Email: true },
      BankDetailsCanEdit: true,
      BankDetailsVerified: false,
      IsStateTrustee: false,
      MobileEditDisabled: false,
      EmailEditDisabled: false,
      IsOneTimePassword: false,
      PersonalDetailsPendingSince: null,
    };
    const server = signedInServer({ '/api/account/getaccount': { status: 200, body: account } });
    app = renderApp('/claim');
    const banner = await screen.findByTestId('bank-verify-banner');
    expect(banner.textContent).toContain(MESSAGES.bankVerifyBanner);
    expect(screen.getByRole('link', { name: 'Review your bank details' }).getAttribute('href')).toBe('/account');
    fireEvent.click(screen.getByTestId('bank-verify-banner-close'));
    await waitFor(() => expect(screen.queryByTestId('bank-verify-banner')).toBeNull());
    expect(server.callsTo('/api/account/verifybankdetails')).toHaveLength(1);
  });
});
