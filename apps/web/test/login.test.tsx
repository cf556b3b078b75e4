import { MESSAGES } from '@portal/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getCurrentUser, isSignedIn, saveLoginToken, saveRegistrationToken } from '../src/lib/session/session.ts';
import { signOut } from '../src/lib/session/sign-out.ts';
import { CLAIMS, descriptionOf, mockServer } from './helpers.ts';
import { renderApp } from './render-app.tsx';

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => {
  app?.cleanup();
  app = undefined;
});

const username = () => screen.getByTestId('login-username') as HTMLInputElement;
const password = () => screen.getByTestId('login-password') as HTMLInputElement;
const remember = () => screen.getByTestId('login-remember') as HTMLInputElement;
const submit = () => screen.getByTestId('login-submit') as HTMLButtonElement;

async function openLogin(routes: Parameters<typeof mockServer>[0] = {}) {
  const server = mockServer({ '/api/analytics/pageview': { status: 200, body: true }, ...routes });
  app = renderApp('/login');
  await screen.findByTestId('login-form');
  return server;
}

function fill(user: string, pass: string) {
  fireEvent.change(username(), { target: { value: user } });
  fireEvent.blur(username());
  fireEvent.change(password(), { target: { value: pass } });
  fireEvent.blur(password());
}

describe('/login (spec 000 §2, §5)', () => {
  it('labels its fields and leaves remember-me unchecked', async () => {
    await openLogin();
    expect(screen.getByLabelText('Username (your email address)')).toBe(username());
    expect(screen.getByLabelText('Password')).toBe(password());
    expect(screen.getByLabelText('Remember me on this device')).toBe(remember());
    expect(remember().checked).toBe(false);
    expect(screen.getByText(/for clients with an accepted claim/).textContent).toBe(
      'This portal is for clients with an accepted claim with the Transport Accident Commission (TAC).',
    );
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: /Forgot your username/ }).getAttribute('href')).toBe('/forgotusername');
    expect(screen.getByRole('link', { name: /Forgot your password/ }).getAttribute('href')).toBe('/forgotpassword');
    // The self-assessment needs no sign-in: the button opens its identity check.
    fireEvent.click(screen.getByRole('button', { name: 'My self-assessment' }));
    await waitFor(() => expect(app?.pathname()).toBe('/surveyvalidation'));
  });

  it('strips spaces from the username as it is typed or pasted, and blocks the space key', async () => {
    await openLogin();
    fireEvent.change(username(), { target: { value: ' alex. citizen@example.com ' } });
    expect(username().value).toBe('alex.citizen@example.com');
    const notPrevented = fireEvent.keyDown(username(), { key: ' ' });
    expect(notPrevented).toBe(false);
    expect(fireEvent.keyDown(username(), { key: 'a' })).toBe(true);
  });

  it('keeps Sign in disabled while the form is invalid', async () => {
    await openLogin();
    expect(submit().getAttribute('aria-disabled') === 'true').toBe(true);
    fill('not-an-email', 'secret');
    await waitFor(() => expect(descriptionOf(username())).toEqual([`Error: ${MESSAGES.usernameInvalid}`]));
    expect(submit().getAttribute('aria-disabled') === 'true').toBe(true);
    expect(username().getAttribute('aria-invalid')).toBe('true');
    fill('alex.citizen@example.com', '');
    await waitFor(() => expect(descriptionOf(password())).toEqual([`Error: ${MESSAGES.passwordRequired}`]));
    expect(submit().getAttribute('aria-disabled') === 'true').toBe(true);
    fill('alex.citizen@example.com', 'Claimant#2026');
    await waitFor(() => expect(submit().getAttribute('aria-disabled') === 'true').toBe(false));
    expect(username().getAttribute('aria-invalid')).toBeNull();
  });

  it('says nothing about a field that was tabbed past without typing; a typed field is checked when left', async () => {
    await openLogin();
    fireEvent.focus(username());
    fireEvent.blur(username());
    fireEvent.focus(password());
    fireEvent.blur(password());
    // The rules arrive with the first use of the form; give the check time to finish.
    await waitFor(() =>
      expect(descriptionOf(screen.getByTestId('login-submit'))).toEqual([
        'To sign in, enter your username and your password.',
      ]),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(MESSAGES.usernameRequired)).toBeNull();
    expect(screen.queryByText(MESSAGES.passwordRequired)).toBeNull();
    expect(username().getAttribute('aria-invalid')).toBeNull();
    // Typed, then emptied: the spec's message for an empty username.
    fireEvent.change(username(), { target: { value: 'alex' } });
    fireEvent.change(username(), { target: { value: '' } });
    fireEvent.blur(username());
    await waitFor(() => expect(descriptionOf(username())).toEqual([`Error: ${MESSAGES.usernameRequired}`]));
    fireEvent.change(username(), { target: { value: 'alex' } });
    await waitFor(() => expect(descriptionOf(username())).toEqual([`Error: ${MESSAGES.usernameInvalid}`]));
  });

  it('disables Sign in while the call is in flight, then signs in to /claims', async () => {
    let release: (() => void) | undefined;
    const server = await openLogin({
      '/api/account/login': () =>
        new Promise((resolve) => {
          release = () => resolve({ status: 200, body: { AccessToken: 'tok-2', AccountActivated: 2 } }) as never;
        }) as never,
      '/api/claim/getclaims': { status: 200, body: CLAIMS },
    });
    fill('alex.citizen@example.com', 'Claimant#2026');
    fireEvent.click(remember());
    await waitFor(() => expect(submit().getAttribute('aria-disabled') === 'true').toBe(false));
    fireEvent.submit(screen.getByTestId('login-form'));
    await waitFor(() => expect(server.callsTo('/api/account/login')).toHaveLength(1));
    expect(submit().getAttribute('aria-disabled') === 'true').toBe(true);
    expect(server.callsTo('/api/account/login')[0]?.body).toEqual({
      EmailAddress: 'alex.citizen@example.com',
      Password: 'Claimant#2026',
      RememberMe: true,
      DeviceType: 0,
    });
    await act(async () => release?.());
    await waitFor(() => expect(app?.pathname()).toBe('/claims'));
    expect(isSignedIn()).toBe(true);
    // RememberMe → this tab's sessionStorage and the server's HttpOnly cookie; localStorage holds only a flag.
    expect(JSON.parse(sessionStorage.getItem('currentUser')!).AccessToken).toBe('tok-2');
    expect(localStorage.getItem('currentUser')).toBeNull();
    expect(localStorage.getItem('rememberedSession')).toBe('1');
  });

  it('AccountActivated 0 stores a registration token and goes to /activate; 1 goes to /verify', async () => {
    await openLogin({ '/api/account/login': { status: 200, body: { AccessToken: 'reg-1', AccountActivated: 0 } } });
    fill('robin.pending@example.com', 'Claimant#2026');
    await waitFor(() => expect(submit().getAttribute('aria-disabled') === 'true').toBe(false));
    fireEvent.submit(screen.getByTestId('login-form'));
    await waitFor(() => expect(app?.pathname()).toBe('/activate'));
    expect(getCurrentUser()?.RegistrationToken).toBe('reg-1');
    expect(isSignedIn()).toBe(false);
    expect(sessionStorage.getItem('currentUser')).not.toBeNull();
    app?.cleanup();

    await openLogin({ '/api/account/login': { status: 200, body: { AccessToken: 'ver-1', AccountActivated: 1 } } });
    fill('someone@example.com', 'Claimant#2026');
    await waitFor(() => expect(submit().getAttribute('aria-disabled') === 'true').toBe(false));
    fireEvent.submit(screen.getByTestId('login-form'));
    await waitFor(() => expect(app?.pathname()).toBe('/verify'));
    expect(getCurrentUser()?.VerificationToken).toBe('ver-1');
  });

  it('shows the server error in the form alert, clears the password, and after 5 failures goes to /forgotpassword', async () => {
    const server = await openLogin({
      '/api/account/login': { status: 225, body: [{ Number: 101, Message: 'Provide valid login details' }] },
    });
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      fill('alex.citizen@example.com', 'wrong-password');
      await waitFor(() => expect(submit().getAttribute('aria-disabled') === 'true').toBe(false));
      fireEvent.submit(screen.getByTestId('login-form'));
      await waitFor(() => expect(server.callsTo('/api/account/login')).toHaveLength(attempt));
      await waitFor(() =>
        expect(screen.getByTestId('login-error').textContent).toContain('Provide valid login details'),
      );
      expect(screen.getByTestId('login-error').textContent).toContain(
        'If you call us on 1300 654 329, quote error 101.',
      );
      await waitFor(() => expect(password().value).toBe(''));
      // Said at the password field too, where the focus goes: it goes once a new password is typed.
      await waitFor(() => expect(password().getAttribute('aria-invalid')).toBe('true'));
      const said = document.getElementById(password().getAttribute('aria-describedby')?.split(' ').at(-1) ?? '');
      expect(said?.textContent).toBe('Error: Provide valid login details');
      expect(submit().getAttribute('aria-disabled') === 'true').toBe(true);
      expect(app?.pathname()).toBe('/login');
      fireEvent.change(password(), { target: { value: 'w' } });
      await waitFor(() => expect(password().getAttribute('aria-invalid')).toBeNull());
    }
    expect(screen.getByTestId('login-error').getAttribute('role')).toBe('alert');
    await waitFor(() => expect(document.activeElement).toBe(password()));
    fill('alex.citizen@example.com', 'wrong-password');
    await waitFor(() => expect(submit().getAttribute('aria-disabled') === 'true').toBe(false));
    fireEvent.submit(screen.getByTestId('login-form'));
    await waitFor(() => expect(app?.pathname()).toBe('/forgotpassword'));
  });

  it('explains an idle sign-out on the login page', async () => {
    saveLoginToken('t', false);
    void signOut('server-idle');
    await openLogin();
    expect(screen.getByTestId('signed-out-reason').textContent).toBe(MESSAGES.sessionIdleSignedOut);
  });

  it('clears a half-finished registration when the login page is visited', async () => {
    saveRegistrationToken('reg-x');
    await openLogin();
    // Cleared by the page's effect, which can run after the form first appears.
    await waitFor(() => expect(getCurrentUser()).toBeNull());
  });

  it('/login/m turns app mode on', async () => {
    mockServer({ '/api/analytics/pageview': { status: 200, body: true } });
    app = renderApp('/login/m');
    await screen.findByTestId('login-form');
    expect(window.isApp).toBe(true);
    expect(sessionStorage.getItem('isApp')).toBe('true');
  });
});
