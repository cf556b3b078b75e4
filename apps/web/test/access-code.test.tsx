import { CodeType } from '@portal/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getSecureToken, setAccessCodeType } from '../src/lib/session/access-code.ts';
import {
  getCurrentUser,
  isSignedIn,
  saveLoginToken,
  saveRegistrationToken,
  saveVerificationToken,
} from '../src/lib/session/session.ts';
import { CLAIMS, mockServer, type Call } from './helpers.ts';
import { renderApp } from './render-app.tsx';

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => {
  app?.cleanup();
  app = undefined;
});

const input = () => screen.getByTestId('access-code-input') as HTMLInputElement;
const verifyButton = () => screen.getByTestId('access-code-verify') as HTMLButtonElement;
const resend = () => screen.getByTestId('access-code-resend') as HTMLButtonElement;

const WRONG = { status: 225, body: [{ Number: 49, Message: 'The verification code is incorrect. Please try again' }] };
const EXPIRED = { status: 225, body: [{ Number: 50, Message: 'code has expired. Please request a new code' }] };
const SELECTED = CLAIMS.map((c, i) => ({ ...c, Selected: i === 0 }));

function loginFlowServer(validate: (call: Call) => { status: number; body: unknown }) {
  return mockServer({
    '/api/analytics/pageview': { status: 200, body: true },
    '/api/account/generatesecuritycodeforlogin': { status: 200, body: { SMS: false, Email: true } },
    '/api/account/validatesecuritycodeforlogin': validate,
    '/api/claim/getclaims': { status: 200, body: [CLAIMS[0]] },
    '/api/claim/selectclaim': { status: 200, body: true },
  });
}

function type(value: string) {
  fireEvent.change(input(), { target: { value } });
}

describe('access-code screen: /activate and /verify (spec 000 §4 "Access code")', () => {
  it('guards: /activate needs a registration token and /verify a verification token', async () => {
    mockServer({ '/api/analytics/pageview': { status: 200, body: true } });
    app = renderApp('/activate');
    await waitFor(() => expect(app?.pathname()).toBe('/login'));
    app.cleanup();
    saveRegistrationToken('reg-1');
    app = renderApp('/verify');
    await waitFor(() => expect(app?.pathname()).toBe('/login'));
  });

  it('sends a code on load (once), says where it went, and verifies automatically at the 4th digit', async () => {
    saveRegistrationToken('reg-1');
    const server = loginFlowServer(() => ({ status: 200, body: { AccessToken: 'login-1' } }));
    app = renderApp('/activate');
    expect((await screen.findByTestId('access-code-sent-to')).textContent).toBe(
      'We have sent you a code to your email address.',
    );
    // The heading names the card the code is entered in; the step label stands just above it.
    const heading = screen.getByText('Enter your verification code');
    expect(heading.tagName).toBe('H2');
    expect(
      screen
        .getByRole('region', { name: 'Enter your verification code' })
        .contains(screen.getByTestId('access-code-sent-to')),
    ).toBe(true);
    expect(screen.getByText('Step 2 of 2').nextElementSibling).toBe(heading);
    expect(screen.getByTestId('access-code-trouble').textContent).toMatch(
      /^Having trouble\? Call the .+ on 1300 654 329\.$/,
    );
    expect(screen.getByText(/The code expires after 30 minutes\./).textContent).toBe(
      'The code expires after 30 minutes. If you ask us to re-send it, we send a new code to your mobile if you prefer SMS, or otherwise to your email address.',
    );
    const generate = server.callsTo('/api/account/generatesecuritycodeforlogin');
    expect(generate).toHaveLength(1);
    expect(generate[0]?.body).toEqual({ DevType: 0, AccessToken: 'reg-1' });

    const field = screen.getByLabelText('Verification code') as HTMLInputElement;
    expect(field).toBe(input());
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');

    type('12a');
    expect(input().value).toBe('12');
    expect(server.callsTo('/api/account/validatesecuritycodeforlogin')).toHaveLength(0);
    type('1234');
    await waitFor(() => expect(app?.pathname()).toBe('/claim'));
    expect(server.callsTo('/api/account/validatesecuritycodeforlogin')[0]?.body).toEqual({
      SecurityCode: '1234',
      DeviceType: 0,
      AccessToken: 'reg-1',
    });
    // Activation completes the sign-in: the login token, in sessionStorage (spec 000 §4).
    expect(isSignedIn()).toBe(true);
    expect(getCurrentUser()?.AccessToken).toBe('login-1');
    expect(getCurrentUser()?.RegistrationToken).toBeUndefined();
    expect(window.sessionStorage.getItem('currentUser')).toContain('login-1');
    expect(window.localStorage.getItem('currentUser')).toBeNull();
  });

  it('a wrong code clears and refocuses the field; the 50 disables the form; re-send re-enables it', async () => {
    saveRegistrationToken('reg-1');
    const answers = [WRONG, WRONG, EXPIRED, { status: 200, body: { AccessToken: 'login-2' } }];
    const server = loginFlowServer(() => answers.shift() ?? EXPIRED);
    app = renderApp('/activate');
    await screen.findByTestId('access-code-sent-to');

    type('1111');
    await waitFor(() => expect(screen.getByTestId('access-code-alert').textContent).toMatch(/incorrect/));
    expect(input().value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(input()));
    expect(input().getAttribute('aria-invalid')).toBe('true');
    const describedBy = input().getAttribute('aria-describedby') ?? '';
    const described = describedBy
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    expect(described).toMatch(/The verification code is incorrect\. Please try again/);
    expect(described).toMatch(/2 more times/);

    type('2222');
    await waitFor(() => expect(screen.getByTestId('access-code-alert').textContent).toMatch(/1 more time/));
    expect(input().value).toBe('');

    type('3333');
    await waitFor(() => expect(input().disabled).toBe(true));
    expect(screen.getByTestId('access-code-alert').textContent).toBe('code has expired. Please request a new code');
    expect(verifyButton().disabled).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(resend()));
    expect(server.callsTo('/api/account/validatesecuritycodeforlogin')).toHaveLength(3);

    fireEvent.click(resend());
    await waitFor(() => expect(input().disabled).toBe(false));
    expect(server.callsTo('/api/account/generatesecuritycodeforlogin')).toHaveLength(2);
    expect(screen.getByTestId('access-code-sent-to').textContent).toMatch(/new code/);
    // Said once: the status beside it does not repeat it.
    expect(screen.getByTestId('access-code-status').textContent).toBe('');
    expect(screen.getByTestId('access-code-alert').textContent).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(input()));
    expect(verifyButton().disabled).toBe(false);

    type('4444');
    await waitFor(() => expect(app?.pathname()).toBe('/claim'));
  });

  it('Verify checks a complete code and says so when it is incomplete', async () => {
    saveRegistrationToken('reg-1');
    const server = loginFlowServer(() => WRONG);
    app = renderApp('/activate');
    await screen.findByTestId('access-code-sent-to');
    type('12');
    fireEvent.click(verifyButton());
    await waitFor(() => expect(screen.getByTestId('access-code-alert').textContent).toBe('Enter the 4 digit code.'));
    expect(server.callsTo('/api/account/validatesecuritycodeforlogin')).toHaveLength(0);
  });

  it('shows the server message when entry is locked for the day (109)', async () => {
    saveRegistrationToken('reg-1');
    const locked =
      'You have entered too many incorrect codes today. Please try again tomorrow or call us on 1300 654 329.';
    loginFlowServer(() => ({ status: 225, body: [{ Number: 109, Message: locked }] }));
    app = renderApp('/activate');
    await screen.findByTestId('access-code-sent-to');
    type('9999');
    await waitFor(() => expect(screen.getByTestId('access-code-alert').textContent).toBe(locked));
    expect(input().disabled).toBe(true);
    expect(resend().disabled).toBe(true);
  });

  it('/verify after a remembered sign-in keeps the login token remembered (this tab, and the cookie), never in localStorage', async () => {
    saveVerificationToken('ver-1', true);
    loginFlowServer(() => ({ status: 200, body: { AccessToken: 'login-3' } }));
    app = renderApp('/verify');
    expect(await screen.findByLabelText('Verification code')).toBe(input());
    await screen.findByTestId('access-code-sent-to');
    type('5678');
    await waitFor(() => expect(app?.pathname()).toBe('/claim'));
    expect(window.sessionStorage.getItem('currentUser')).toContain('login-3');
    expect(window.localStorage.getItem('currentUser')).toBeNull();
    expect(window.localStorage.getItem('rememberedSession')).toBe('1');
  });
});

describe('access-code screen: signed in (/activationaccountdetails, /activationbankdetails)', () => {
  function signedInServer(validate: (call: Call) => { status: number; body: unknown }) {
    return mockServer({
      '/api/analytics/pageview': { status: 200, body: true },
      '/api/claim/getclaims': { status: 200, body: SELECTED },
      '/api/inbox/getunreadmessagecount': { status: 200, body: 0 },
      '/api/account/getaccount': { status: 225, body: [{ Number: 199, Message: 'not in this test' }] },
      '/api/account/generatesecuritycodewhileloggedin': { status: 200, body: { SMS: false, Email: true } },
      '/api/account/validatesecuritycodewhileloggedin': validate,
      '/api/account/expiresecuritycodewhileloggedin': { status: 200, body: true },
    });
  }

  it('a mobile edit: code to the e-mail, the fallback message, Cancel; success stores the rotated token and the secure token', async () => {
    saveLoginToken('session-1', true);
    setAccessCodeType(CodeType.Mobile);
    const server = signedInServer(() => ({
      status: 200,
      body: { AccessToken: 'session-2', SecureToken: 'secure-1', CodeType: 0, ExpiresInSeconds: 900 },
    }));
    app = renderApp('/activationaccountdetails');
    await screen.findByTestId('access-code-sent-to');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Verification code');
    expect(screen.getByTestId('access-code-fallback').textContent).toMatch(/If you can no longer get emails/);
    const cancel = screen.getByTestId('access-code-cancel') as HTMLButtonElement;
    expect(cancel.textContent).toBe('Cancel');
    expect(cancel.disabled).toBe(false);
    expect(screen.queryByTestId('access-code-trouble')).toBeNull();
    expect(server.callsTo('/api/account/generatesecuritycodewhileloggedin')[0]?.body).toEqual({
      CodeType: 0,
      DevType: 0,
      AccessToken: 'session-1',
    });

    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '2468' } });
    await waitFor(() => expect(app?.pathname()).toBe('/account'));
    expect(app.router.state.location.state).toEqual({ codeType: CodeType.Mobile });
    expect(server.callsTo('/api/account/validatesecuritycodewhileloggedin')[0]?.body).toEqual({
      CodeType: 0,
      SecurityCode: '2468',
      DeviceType: 0,
      AccessToken: 'session-1',
    });
    // The rotated token replaces the old one, and a remembered session stays remembered.
    expect(getCurrentUser()?.AccessToken).toBe('session-2');
    expect(window.sessionStorage.getItem('currentUser')).toContain('session-2');
    expect(window.localStorage.getItem('currentUser')).toBeNull();
    expect(getSecureToken(CodeType.Mobile)?.SecureToken).toBe('secure-1');
    expect(getSecureToken(CodeType.Bank)).toBeUndefined();
  });

  it('Cancel voids the code and goes back to /account', async () => {
    saveLoginToken('session-1', false);
    setAccessCodeType(CodeType.Email);
    const server = signedInServer(() => WRONG);
    app = renderApp('/activationaccountdetails');
    await screen.findByTestId('access-code-sent-to');
    expect(screen.getByTestId('access-code-fallback').textContent).toMatch(/text messages/);
    await act(async () => {
      fireEvent.click(screen.getByTestId('access-code-cancel'));
    });
    await waitFor(() => expect(app?.pathname()).toBe('/account'));
    await waitFor(() =>
      expect(server.callsTo('/api/account/expiresecuritycodewhileloggedin')[0]?.body).toEqual({
        CodeType: 1,
        AccessToken: 'session-1',
      }),
    );
  });

  it('bank details: CodeType Bank, no Cancel; without a stored code type /activationaccountdetails goes to /account', async () => {
    saveLoginToken('session-1', false);
    const server = signedInServer(() => WRONG);
    app = renderApp('/activationbankdetails');
    await screen.findByTestId('access-code-sent-to');
    expect(server.callsTo('/api/account/generatesecuritycodewhileloggedin')[0]?.body).toMatchObject({ CodeType: 2 });
    expect(screen.queryByTestId('access-code-cancel')).toBeNull();
    expect(screen.queryByTestId('access-code-fallback')).toBeNull();
    app.cleanup();

    app = renderApp('/activationaccountdetails');
    await waitFor(() => expect(app?.pathname()).toBe('/account'));
  });
});
