/**
 * Second factors on the web: My Details' "Sign-in and security" block, the factor
 * choice offered before (and in place of) the 4-digit code on /verify and the step-ups, the QR
 * code and setup key, the recovery codes shown once. The passkey ceremony itself (the browser's
 * WebAuthn) is exercised in e2e/tests/passkeys.test.ts with Chromium's virtual authenticator.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { encode } from 'uqr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FactorFirst } from '../src/features/security/components/factor-first.tsx';
import { QrCode, qrPath } from '../src/features/security/components/qr-code.tsx';
import { RecoveryCodes } from '../src/features/security/components/recovery-codes.tsx';
import { groupSecret, SecretText } from '../src/features/security/components/secret-text.tsx';
import { formatMelbourne } from '../src/features/security/lib/format.ts';
import { getSecureToken, setAccessCodeType } from '../src/lib/session/access-code.ts';
import { getCurrentUser, saveLoginToken, saveVerificationToken } from '../src/lib/session/session.ts';
import { render } from '@testing-library/react';
import { accountFixture, CLAIMS, mockServer, type Call } from './helpers.ts';
import { renderApp } from './render-app.tsx';

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => {
  app?.cleanup();
  app = undefined;
});

const NO_FACTORS = {
  Passkeys: [],
  MaxPasskeys: 5,
  Authenticator: { SetUp: false, CreatedAt: null },
  RecoveryCodesLeft: 0,
};
// 25 November 2026 03:04 UTC = 2:04 pm in Melbourne (AEDT, +11).
const ADDED = Date.UTC(2026, 10, 25, 3, 4);
const USED = Date.UTC(2026, 5, 1, 23, 30); // 2 June 2026 9:30 am (AEST, +10)
const WITH_PASSKEY = {
  Passkeys: [{ Id: 'pk-1', Name: 'My phone', CreatedAt: ADDED, LastUsedAt: USED }],
  MaxPasskeys: 5,
  Authenticator: { SetUp: true, CreatedAt: ADDED },
  RecoveryCodesLeft: 9,
};
const STEP_UP_ANSWER = (codeType: number) => ({
  AccessToken: 'rotated-1',
  SecureToken: 'secure-1',
  CodeType: codeType,
  ExpiresInSeconds: 900,
});

function signedInServer(extra: Parameters<typeof mockServer>[0] = {}) {
  return mockServer({
    '/api/claim/getclaims': { status: 200, body: CLAIMS.map((c, i) => ({ ...c, Selected: i === 0 })) },
    '/api/inbox/getunreadmessagecount': { status: 200, body: 0 },
    '/api/analytics/pageview': { status: 200, body: true },
    '/api/account/keepalive': { status: 200, body: { IdleTimeoutSeconds: 1200 } },
    '/api/account/getaccount': { status: 200, body: accountFixture() },
    ...extra,
  });
}

describe('the parts', () => {
  it('draws the QR code of the otpauth URI as one SVG path with an accessible name', () => {
    const uri = 'otpauth://totp/Portal:alex?secret=JBSWY3DPEHPK3PXP&issuer=Portal';
    const { size, path } = qrPath(uri);
    const { data } = encode(uri, { ecc: 'M', border: 2 });
    expect(size).toBe(data.length);
    // One square per dark module, none for a light one.
    expect(path.match(/M/g)?.length).toBe(data.flat().filter(Boolean).length);
    render(<QrCode value={uri} label="QR code to scan" />);
    const img = screen.getByRole('img', { name: 'QR code to scan' });
    expect(img.getAttribute('viewBox')).toBe(`0 0 ${size} ${size}`);
  });

  it('shows the setup key in groups of four and copies it without spaces', async () => {
    expect(groupSecret('JBSWY3DPEHPK3PXP')).toEqual(['JBSW', 'Y3DP', 'EHPK', '3PXP']);
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<SecretText secret="JBSWY3DPEHPK3PXP" />);
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSWY3DPEHPK3PXP');
    expect(screen.getByTestId('totp-secret').children).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: 'Copy the setup key' }));
    await waitFor(() => expect(screen.getByTestId('totp-secret-copy-status').textContent).toBe('Copied.'));
    expect(writeText).toHaveBeenCalledWith('JBSWY3DPEHPK3PXP');
    vi.unstubAllGlobals();
  });

  it('recovery codes: Done needs "I have saved these" ticked, and says so on the field', () => {
    const onDone = vi.fn();
    render(<RecoveryCodes codes={['ABCDE-12345', 'FGHJK-67890']} onDone={onDone} />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['ABCDE-12345', 'FGHJK-67890']);
    expect(document.activeElement?.textContent).toBe('Save your recovery codes');
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onDone).not.toHaveBeenCalled();
    const box = screen.getByRole('checkbox', { name: 'I have saved my recovery codes somewhere safe' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(box);
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('dates are Melbourne time, summer and winter', () => {
    expect(formatMelbourne(ADDED)).toBe('25 November 2026, 2:04 pm');
    expect(formatMelbourne(USED)).toBe('2 June 2026, 9:30 am');
  });
});

describe('factor first, code on request (the one flow of /verify and the step-ups)', () => {
  const never = () => new Promise<never>(() => undefined);
  const parts = {
    idPrefix: 'ff',
    intro: () => 'Before you go on, we need to check it is you.',
    codeScreen: <p data-testid="code-screen">The 4-digit code screen</p>,
    withPasskey: never,
    withCode: never,
    onVerified: () => undefined,
  };

  it('says it is getting ready while the factors are read, and shows neither the choice nor the code', () => {
    render(<FactorFirst {...parts} pending available={null} />);
    expect(screen.getByRole('status').textContent).toBe('Getting ready…');
    expect(screen.queryByTestId('code-screen')).toBeNull();
    expect(screen.queryByTestId('ff-factors')).toBeNull();
  });

  it('opens the code screen, with no way back, when the factors cannot be read or there are none', () => {
    const { rerender } = render(<FactorFirst {...parts} pending={false} available={null} />);
    expect(screen.getByTestId('code-screen').textContent).toBe('The 4-digit code screen');
    expect(screen.queryByTestId('ff-back-to-factors')).toBeNull();
    rerender(
      <FactorFirst
        {...parts}
        pending={false}
        available={{ passkey: false, authenticator: false, recoveryCode: false }}
      />,
    );
    expect(screen.getByTestId('code-screen').textContent).toBe('The 4-digit code screen');
    expect(screen.queryByTestId('ff-back-to-factors')).toBeNull();
  });

  it('offers the factors first under a labelled heading; the code screen opens only on request, and back again', () => {
    render(
      <FactorFirst {...parts} pending={false} available={{ passkey: true, authenticator: true, recoveryCode: true }} />,
    );
    const region = screen.getByRole('region', { name: 'Confirm it is you' });
    const intro = within(region).getByText('Before you go on, we need to check it is you.');
    expect(intro.previousElementSibling?.textContent).toBe('Confirm it is you');
    expect(intro.previousElementSibling?.tagName).toBe('H2');
    expect(screen.queryByTestId('code-screen')).toBeNull();
    fireEvent.click(screen.getByTestId('ff-use-code'));
    expect(screen.getByTestId('code-screen').textContent).toBe('The 4-digit code screen');
    expect(screen.getByTestId('ff-back-to-factors').textContent).toBe(
      'Use a passkey or your authenticator app instead',
    );
    fireEvent.click(screen.getByTestId('ff-back-to-factors'));
    expect(screen.getByRole('region', { name: 'Confirm it is you' })).toBe(screen.getByTestId('ff-factors'));
    expect(
      within(screen.getByTestId('ff-factors')).getByText('Before you go on, we need to check it is you.').tagName,
    ).toBe('P');
    expect(screen.queryByTestId('code-screen')).toBeNull();
  });

  it('names only the app on the way back when there is no passkey', () => {
    render(
      <FactorFirst
        {...parts}
        pending={false}
        available={{ passkey: false, authenticator: true, recoveryCode: false }}
      />,
    );
    fireEvent.click(screen.getByTestId('ff-use-code'));
    expect(screen.getByTestId('ff-back-to-factors').textContent).toBe('Use your authenticator app instead');
  });
});

describe('My Details → Sign-in and security', () => {
  it('lists the passkeys with their names and Melbourne dates, the app and the codes left', async () => {
    saveLoginToken('session-1', false);
    signedInServer({ '/api/security/getfactors': { status: 200, body: WITH_PASSKEY } });
    app = renderApp('/account');
    const block = await screen.findByTestId('security-block', {}, { timeout: 3000 });
    expect(within(block).getByTestId('passkey-name').textContent).toBe('My phone');
    expect(block.textContent).toContain('Added 25 November 2026, 2:04 pm. Last used 2 June 2026, 9:30 am.');
    expect(within(block).getByTestId('totp-state').textContent).toContain('Set up on 25 November 2026');
    expect(within(block).getByTestId('recovery-state').textContent).toContain('You have 9 recovery codes left.');
    expect(screen.getByRole('heading', { name: 'Sign-in and security' }).tagName).toBe('H2');
    expect(screen.getByRole('region', { name: 'Sign-in and security' }).contains(block)).toBe(true);
    const remove = within(block).getByRole('button', { name: /^Remove ?My phone$/ }) as HTMLButtonElement;
    expect(remove.textContent).toBe('Remove My phone');
    expect(remove.disabled).toBe(false);
  });

  it('explains passkeys when there are none; adding one starts with a step-up by 4-digit code (CodeType 3)', async () => {
    saveLoginToken('session-1', false);
    const server = signedInServer({
      '/api/security/getfactors': { status: 200, body: NO_FACTORS },
      '/api/security/sendsecuritycode': { status: 200, body: { SMS: false, Email: true } },
      '/api/security/stepup': { status: 200, body: STEP_UP_ANSWER(3) },
    });
    app = renderApp('/account');
    await screen.findByTestId('passkey-explainer', {}, { timeout: 3000 });
    expect(screen.getByTestId('passkey-explainer').textContent).toMatch(
      /fingerprint, your face or your phone's screen lock/,
    );
    fireEvent.click(screen.getByTestId('passkey-add'));
    // No factor yet: the code form opens at once and sends the code.
    const input = await screen.findByTestId('access-code-input');
    await waitFor(() => expect(server.callsTo('/api/security/sendsecuritycode')).toHaveLength(1));
    fireEvent.change(input, { target: { value: '1234' } });
    await screen.findByTestId('passkey-add-step');
    expect(server.callsTo('/api/security/stepup')[0]?.body).toEqual({
      CodeType: 3,
      Proof: { Method: 'Code', SecurityCode: '1234' },
      AccessToken: 'session-1',
    });
    // The session token rotated at the step-up.
    expect(getCurrentUser()?.AccessToken).toBe('rotated-1');
    const nameField = screen.getByLabelText(/Name of this passkey/) as HTMLInputElement;
    expect(nameField.value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(nameField));
  });

  it('sets up the authenticator app: QR and key, one code confirms it, then the recovery codes once', async () => {
    saveLoginToken('session-1', false);
    const server = signedInServer({
      '/api/security/getfactors': { status: 200, body: NO_FACTORS },
      '/api/security/sendsecuritycode': { status: 200, body: { SMS: false, Email: true } },
      '/api/security/stepup': { status: 200, body: STEP_UP_ANSWER(3) },
      '/api/security/setupauthenticator': {
        status: 200,
        body: {
          Secret: 'JBSWY3DPEHPK3PXP',
          Uri: 'otpauth://totp/Portal:alex?secret=JBSWY3DPEHPK3PXP',
          ExpiresInSeconds: 600,
        },
      },
      '/api/security/confirmauthenticator': (call: Call) =>
        call.body?.Code === '123456'
          ? { status: 200, body: { RecoveryCodes: ['ABCDE-12345', 'FGHJK-67890'] } }
          : { status: 225, body: [{ Number: 142, Message: 'That code is not right. Please try again.' }] },
    });
    app = renderApp('/account');
    fireEvent.click(await screen.findByTestId('totp-set-up', {}, { timeout: 3000 }));
    fireEvent.change(await screen.findByTestId('access-code-input'), { target: { value: '1234' } });
    await screen.findByTestId('totp-setup');
    expect(server.callsTo('/api/security/setupauthenticator')[0]?.body).toMatchObject({ SecureToken: 'secure-1' });
    const qr = screen.getByRole('img', { name: /QR code to scan with your authenticator app/ });
    expect(qr.getAttribute('aria-label')).toBe(
      'QR code to scan with your authenticator app. The setup key below holds the same.',
    );
    expect(qr.querySelector('path')?.getAttribute('d')).toBe(
      qrPath('otpauth://totp/Portal:alex?secret=JBSWY3DPEHPK3PXP').path,
    );
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSWY3DPEHPK3PXP');

    // A short code is the rule's message; a wrong one the server's, both on the field.
    const field = screen.getByLabelText(/Code from your authenticator app/) as HTMLInputElement;
    fireEvent.change(field, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(server.callsTo('/api/security/confirmauthenticator')).toHaveLength(0);
    fireEvent.change(field, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    await waitFor(() =>
      expect(
        document.getElementById(field.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '')?.textContent,
      ).toMatch(/not right/),
    );
    fireEvent.change(field, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    await screen.findByTestId('recovery-codes');
    expect(screen.getByTestId('recovery-code-list').textContent).toContain('ABCDE-12345');
    server.fetchMock.mockClear();
  });
});

describe('/verify offers a passkey or the app first, the 4-digit code in their place', () => {
  function verifyServer(factors: { Passkey: boolean; Authenticator: boolean; RecoveryCode: boolean }) {
    return mockServer({
      '/api/analytics/pageview': { status: 200, body: true },
      '/api/security/loginfactors': { status: 200, body: factors },
      '/api/account/generatesecuritycodeforlogin': { status: 200, body: { SMS: false, Email: true } },
      '/api/security/verifylogin': (call: Call) =>
        (call.body?.Proof as { Code?: string } | undefined)?.Code === '123456'
          ? { status: 200, body: { AccessToken: 'login-9' } }
          : { status: 225, body: [{ Number: 142, Message: 'That code is not right. Please try again.' }] },
      '/api/claim/getclaims': { status: 200, body: [CLAIMS[0]] },
      '/api/claim/selectclaim': { status: 200, body: true },
    });
  }

  it('sends no code until asked; the app code signs in; the code and a recovery code are still there', async () => {
    saveVerificationToken('verify-1');
    const server = verifyServer({ Passkey: true, Authenticator: true, RecoveryCode: true });
    app = renderApp('/verify');
    await screen.findByTestId('verify-factors', {}, { timeout: 3000 });
    const usePasskey = screen.getByRole('button', { name: 'Use a passkey' }) as HTMLButtonElement;
    expect(usePasskey.textContent).toBe('Use a passkey');
    expect(usePasskey.disabled).toBe(false);
    expect(screen.getByTestId('verify-use-code').textContent).toBe('Get a 4-digit code by email or SMS instead');
    expect(screen.getByTestId('verify-use-recovery').textContent).toBe(
      'Use a recovery code (if you no longer have your passkey or app)',
    );
    expect(server.callsTo('/api/account/generatesecuritycodeforlogin')).toHaveLength(0);

    // The recovery code is the last resort, and the way back is there.
    fireEvent.click(screen.getByTestId('verify-use-recovery'));
    const recoveryField = (await screen.findByLabelText(/Recovery code/)) as HTMLInputElement;
    expect(recoveryField.value).toBe('');
    expect(document.activeElement).toBe(recoveryField);
    fireEvent.click(screen.getByTestId('verify-use-factor'));

    fireEvent.change(screen.getByLabelText(/Code from your authenticator app/), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('verify-totp-submit'));
    await waitFor(() => expect(app?.pathname()).toBe('/claim'));
    expect(server.callsTo('/api/security/verifylogin')[0]?.body).toEqual({
      Proof: { Method: 'Authenticator', Code: '123456' },
      AccessToken: 'verify-1',
    });
    expect(getCurrentUser()?.AccessToken).toBe('login-9');
    expect(server.callsTo('/api/account/generatesecuritycodeforlogin')).toHaveLength(0);
  });

  it('"Get a 4-digit code instead" opens the code screen, which sends the code then', async () => {
    saveVerificationToken('verify-1');
    const server = verifyServer({ Passkey: true, Authenticator: false, RecoveryCode: false });
    app = renderApp('/verify');
    fireEvent.click(await screen.findByTestId('verify-use-code', {}, { timeout: 3000 }));
    await screen.findByTestId('access-code-input');
    await waitFor(() => expect(server.callsTo('/api/account/generatesecuritycodeforlogin')).toHaveLength(1));
    expect(screen.queryByTestId('verify-factors')).toBeNull();
    fireEvent.click(screen.getByTestId('verify-back-to-factors'));
    expect(within(await screen.findByTestId('verify-factors')).getByRole('heading', { level: 2 }).textContent).toBe(
      'Confirm it is you',
    );
    expect(screen.getByTestId('verify-factors').textContent).toContain(
      'To finish signing in, use your passkey. We have not sent you a code.',
    );
  });

  it('with no factor the code screen opens and sends the code as before', async () => {
    saveVerificationToken('verify-1');
    const server = verifyServer({ Passkey: false, Authenticator: false, RecoveryCode: false });
    app = renderApp('/verify');
    await screen.findByTestId('access-code-input', {}, { timeout: 3000 });
    await waitFor(() => expect(server.callsTo('/api/account/generatesecuritycodeforlogin')).toHaveLength(1));
    expect(screen.queryByTestId('verify-factors')).toBeNull();
    expect(screen.queryByTestId('verify-back-to-factors')).toBeNull();
  });
});

describe('bank step-up: the app in place of the code', () => {
  it('a right app code yields the Bank secure token and opens the bank edit; no code is sent', async () => {
    saveLoginToken('session-1', false);
    const server = signedInServer({
      '/api/security/getfactors': { status: 200, body: { ...WITH_PASSKEY, Passkeys: [] } },
      '/api/security/stepup': { status: 200, body: STEP_UP_ANSWER(2) },
      '/api/account/generatesecuritycodewhileloggedin': { status: 200, body: { SMS: false, Email: true } },
    });
    setAccessCodeType(2);
    app = renderApp('/activationbankdetails');
    await screen.findByTestId('step-up-factors', {}, { timeout: 3000 });
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
    fireEvent.change(screen.getByLabelText(/Code from your authenticator app/), { target: { value: '123456' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('step-up-totp-submit'));
    });
    await waitFor(() => expect(app?.pathname()).toBe('/account'));
    expect(server.callsTo('/api/security/stepup')[0]?.body).toEqual({
      CodeType: 2,
      Proof: { Method: 'Authenticator', Code: '123456' },
      AccessToken: 'session-1',
    });
    expect(server.callsTo('/api/account/generatesecuritycodewhileloggedin')).toHaveLength(0);
    expect(getCurrentUser()?.AccessToken).toBe('rotated-1');
    await waitFor(() => expect(screen.getByTestId('account-bank').getAttribute('data-mode')).toBe('edit'));
    expect(getSecureToken(2)?.SecureToken).toBe('secure-1');
  });

  it('"Get a 4-digit code instead" opens the code screen, which sends the code then; the way back is there', async () => {
    saveLoginToken('session-1', false);
    const server = signedInServer({
      '/api/security/getfactors': { status: 200, body: WITH_PASSKEY },
      '/api/account/generatesecuritycodewhileloggedin': { status: 200, body: { SMS: false, Email: true } },
    });
    setAccessCodeType(2);
    app = renderApp('/activationbankdetails');
    fireEvent.click(await screen.findByTestId('step-up-use-code', {}, { timeout: 3000 }));
    await screen.findByTestId('access-code-input');
    await waitFor(() => expect(server.callsTo('/api/account/generatesecuritycodewhileloggedin')).toHaveLength(1));
    expect(screen.queryByTestId('step-up-factors')).toBeNull();
    fireEvent.click(screen.getByTestId('step-up-back-to-factors'));
    expect(within(await screen.findByTestId('step-up-factors')).getByRole('heading', { level: 2 }).textContent).toBe(
      'Confirm it is you',
    );
    expect(screen.getByTestId('step-up-factors').textContent).toContain(
      'Before you change your bank account details, we need to check it is you.',
    );
  });
});
