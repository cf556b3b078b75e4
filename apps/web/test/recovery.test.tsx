import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getPasswordReset, savePasswordReset } from '../src/lib/session/password-reset.ts';
import { checkForAppUpdate } from '../src/lib/platform/service-worker.ts';
import { getCurrentUser, isSignedIn, saveLoginToken } from '../src/lib/session/session.ts';
import { CLAIMS, descriptionOf, mockServer } from './helpers.ts';
import { renderApp } from './render-app.tsx';

// The service worker exists only in production builds; the mock records the update check.
vi.mock('../src/lib/platform/service-worker.ts', () => ({
  checkForAppUpdate: vi.fn(),
  startServiceWorker: vi.fn(),
  applyWaitingUpdate: vi.fn(),
}));

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => {
  app?.cleanup();
  app = undefined;
  vi.mocked(checkForAppUpdate).mockClear();
});

const NOT_FOUND = 'Your information could not be found. Please try again or contact the TAC on 1300 654 329';

function server(extra: Parameters<typeof mockServer>[0] = {}) {
  return mockServer({
    '/api/analytics/pageview': { status: 200, body: true },
    '/api/maintenance/checkmessage': { status: 200, body: [] },
    '/api/account/generatesecuritycodeforlogin': { status: 200, body: { SMS: false, Email: true } },
    ...extra,
  });
}

const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;
function change(id: string, value: string) {
  fireEvent.change(input(id), { target: { value } });
  fireEvent.blur(input(id));
}

function fill(prefix: string, overrides: Partial<Record<string, string>> = {}) {
  const v = {
    first: 'Sam',
    last: 'Single',
    dob: '30/01/1990',
    mobile: '',
    email: 'sam.single@example.com',
    claim1: '22',
    claim2: '11111',
    ...overrides,
  };
  change(`${prefix}-first-name`, v.first);
  change(`${prefix}-last-name`, v.last);
  change(`${prefix}-date-of-birth`, v.dob);
  change(`${prefix}-mobile`, v.mobile);
  change(`${prefix}-email`, v.email);
  fireEvent.change(input(`${prefix}-claim-number-first`), { target: { value: v.claim1 } });
  fireEvent.change(input(`${prefix}-claim-number-second`), { target: { value: v.claim2 } });
}

async function submitWhenReady(prefix: string) {
  const button = screen.getByTestId(`${prefix}-submit`);
  await waitFor(() => expect(button.getAttribute('aria-disabled')).toBeNull());
  fireEvent.click(button);
}

describe('the checks on the forgot pages (spec 001 §2)', () => {
  it.each([
    ['/forgotusername', 'forgot-username-form'],
    ['/forgotpassword', 'forgot-password-form'],
  ])('%s checks for an app update when it opens', async (path, form) => {
    server();
    expect(checkForAppUpdate).not.toHaveBeenCalled();
    app = renderApp(path);
    await screen.findByTestId(form);
    expect(checkForAppUpdate).toHaveBeenCalled();
  });
});

describe('the name fields (spec 000 §5)', () => {
  it('each name says which name it is about', async () => {
    server();
    app = renderApp('/forgotusername');
    await screen.findByTestId('forgot-username-form');
    change('forgot-username-first-name', '');
    change('forgot-username-last-name', 'S'.repeat(61));
    const errorOf = (id: string) => document.getElementById(`${id}-error`)?.textContent;
    await waitFor(() =>
      expect(errorOf('forgot-username-last-name')).toBe('Error: Enter your Last Name between 1-60 characters'),
    );
    expect(errorOf('forgot-username-first-name')).toBe('Error: Enter your First Name between 1-60 characters');
  });
});

describe('/forgotusername → /sentusername (spec 001)', () => {
  it('sends the username and tells /sentusername how', async () => {
    const api = server({ '/api/account/retrieveusername': { status: 200, body: { SentBy: 'SMS' } } });
    app = renderApp('/forgotusername');
    await screen.findByTestId('forgot-username-form');
    // The claim number is one question in two labelled parts, read with its example.
    const claimParts = within(screen.getByRole('group', { name: 'Claim number' })).getAllByRole('textbox');
    expect(claimParts.map((part) => (part as HTMLInputElement).labels?.[0]?.textContent)).toEqual([
      'First 2 digits',
      'Last 5 digits',
    ]);
    expect(claimParts.map((part) => descriptionOf(part))).toEqual([['For example 12/34567'], ['For example 12/34567']]);
    fill('forgot-username', { mobile: '0423456789', email: '' });
    await submitWhenReady('forgot-username');
    await waitFor(() => expect(app?.pathname()).toBe('/sentusername'));
    expect(api.callsTo('/api/account/retrieveusername')[0]?.body).toEqual({
      FirstName: 'Sam',
      LastName: 'Single',
      DateOfBirth: '30/01/1990',
      MobileNumber: '0423456789',
      EmailAddress: '',
      ClaimNumber: '22/11111',
    });
    expect((await screen.findByTestId('sent-username-message')).textContent).toBe(
      'If your mobile number is in our system, we have sent your username by SMS to your mobile number.',
    );
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByText(/If nothing arrives, call us on/).textContent).toContain('1300 654 329');
  });

  it('needs one of mobile or e-mail', async () => {
    server();
    app = renderApp('/forgotusername');
    await screen.findByTestId('forgot-username-form');
    fill('forgot-username', { email: '' });
    await screen.findByText('Please provide your mobile number or your email address');
    expect(input('forgot-username-mobile').getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(input('forgot-username-mobile'))).toEqual([
      '10 digits, for example 0412345678',
      'Error: Please provide your mobile number or your email address',
    ]);
    fireEvent.click(screen.getByTestId('forgot-username-submit'));
    expect((await screen.findByTestId('forgot-username-errors')).textContent).toContain(
      'Please provide your mobile number or your email address',
    );
  });

  it("lists 56 as 'Your information could not be found…' under 'There is 1 error in this form'", async () => {
    server({ '/api/account/retrieveusername': { status: 225, body: [{ Number: 56, Message: NOT_FOUND }] } });
    app = renderApp('/forgotusername');
    await screen.findByTestId('forgot-username-form');
    fill('forgot-username');
    await submitWhenReady('forgot-username');
    const summary = await screen.findByTestId('forgot-username-errors');
    await waitFor(() => expect(summary.textContent).toContain('There is 1 error in this form'));
    expect(summary.textContent).toContain(NOT_FOUND);
    expect(app?.pathname()).toBe('/forgotusername');
  });

  it('/sentusername without route state goes to /login', async () => {
    server();
    app = renderApp('/sentusername');
    await waitFor(() => expect(app?.pathname()).toBe('/login'));
  });
});

describe('/forgotpassword → /resetpassword (spec 001; decision 008)', () => {
  it('stores the reset token, username and first name and greets the claimant', async () => {
    server({
      '/api/account/forgotpassword': { status: 200, body: { ResetPasswordToken: 'reset-1', FirstName: 'Sam' } },
    });
    app = renderApp('/forgotpassword');
    await screen.findByTestId('forgot-password-form');
    fill('forgot-password');
    await submitWhenReady('forgot-password');
    await waitFor(() => expect(app?.pathname()).toBe('/resetpassword'));
    expect(getPasswordReset()).toEqual({ ResetPasswordToken: 'reset-1', FirstName: 'Sam' });
    expect((await screen.findByTestId('reset-greeting')).textContent).toBe('Hello Sam');
    // Nothing typed yet: the rules are there, none met, and the new password reads them.
    const rules = screen.getByTestId('password-rules');
    expect(
      within(rules)
        .getAllByRole('listitem')
        .map((rule) => rule.getAttribute('data-met')),
    ).toEqual(Array(6).fill('false'));
    expect(descriptionOf(input('reset-new-password'))).toEqual([rules.textContent]);
    expect(rules.textContent).toMatch(/^Your password must:be 8 to 16 characters long \(not met yet\)/);
  });

  it('a number above 450 also reads "Your information could not be found…"', async () => {
    server({
      '/api/account/forgotpassword': {
        status: 225,
        body: [{ Number: 451, Message: 'The requested information could not be found.' }],
      },
    });
    app = renderApp('/forgotpassword');
    await screen.findByTestId('forgot-password-form');
    fill('forgot-password');
    await submitWhenReady('forgot-password');
    const summary = await screen.findByTestId('forgot-password-errors');
    await waitFor(() => expect(summary.textContent).toContain(NOT_FOUND));
  });

  it('guards /resetpassword: no stored token → /login; signed in → /claims', async () => {
    server({ '/api/claim/getclaims': { status: 200, body: CLAIMS } });
    app = renderApp('/resetpassword');
    await waitFor(() => expect(app?.pathname()).toBe('/login'));
    app.cleanup();

    savePasswordReset({ ResetPasswordToken: 'reset-1', FirstName: 'Sam' });
    saveLoginToken('t', false);
    app = renderApp('/resetpassword');
    await waitFor(() => expect(app?.pathname()).toBe('/claims'));
  });

  it('says "The Password must match the \'Enter New Password\' field"; success with an activated account → /verify', async () => {
    savePasswordReset({ ResetPasswordToken: 'reset-1', FirstName: 'Sam' });
    const api = server({
      '/api/account/resetpassword': { status: 200, body: { AccessToken: 'ver-7', AccountActivated: true } },
    });
    app = renderApp('/resetpassword');
    await screen.findByTestId('reset-password-form');
    change('reset-new-password', 'NewPass#2027');
    change('reset-re-enter-password', 'NewPass#2026');
    await screen.findByText("The Password must match the 'Enter New Password' field");
    expect(input('reset-re-enter-password').getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(input('reset-re-enter-password'))).toEqual([
      "Error: The Password must match the 'Enter New Password' field",
    ]);
    expect(screen.getByTestId('reset-submit').getAttribute('aria-disabled')).toBe('true');
    change('reset-re-enter-password', 'NewPass#2027');
    await submitWhenReady('reset');
    await waitFor(() => expect(app?.pathname()).toBe('/verify'));
    expect(api.callsTo('/api/account/resetpassword')[0]?.body).toEqual({
      ResetPasswordToken: 'reset-1',
      NewPassword: 'NewPass#2027',
      ReEnterPassword: 'NewPass#2027',
    });
    expect(getPasswordReset()).toBeUndefined();
    expect(getCurrentUser()?.VerificationToken).toBe('ver-7');
    expect(isSignedIn()).toBe(false);
  });

  it('success with an account not yet activated → /activate', async () => {
    savePasswordReset({ ResetPasswordToken: 'reset-1', FirstName: 'Robin' });
    server({ '/api/account/resetpassword': { status: 200, body: { AccessToken: 'reg-7', AccountActivated: false } } });
    app = renderApp('/resetpassword');
    await screen.findByTestId('reset-password-form');
    change('reset-new-password', 'NewPass#2027');
    change('reset-re-enter-password', 'NewPass#2027');
    await submitWhenReady('reset');
    await waitFor(() => expect(app?.pathname()).toBe('/activate'));
    expect(getCurrentUser()?.RegistrationToken).toBe('reg-7');
  });

  it('a refused reset token (56) lists the not-found message and offers to start again', async () => {
    savePasswordReset({ ResetPasswordToken: 'reset-old', FirstName: 'Sam' });
    server({ '/api/account/resetpassword': { status: 225, body: [{ Number: 56, Message: NOT_FOUND }] } });
    app = renderApp('/resetpassword');
    await screen.findByTestId('reset-password-form');
    change('reset-new-password', 'NewPass#2027');
    change('reset-re-enter-password', 'NewPass#2027');
    await submitWhenReady('reset');
    const summary = await screen.findByTestId('reset-password-errors');
    await waitFor(() => expect(summary.textContent).toContain('There is 1 error in this form'));
    expect(summary.textContent).toContain(NOT_FOUND);
    expect(screen.getByTestId('reset-start-again').getAttribute('href')).toBe('/forgotpassword');
    expect(getPasswordReset()).toBeUndefined();
  });
});
