/**
 * /login with "Sign in with a passkey": the auth feature's page draws the control; the security
 * feature's ceremony (and @simplewebauthn/browser) is downloaded on the press, so the page's first
 * download stays within budget.
 */
import { LoginPage } from '../../features/auth/pages/login-page.tsx';
import type { PasskeySignInCeremony } from '../../features/auth/components/passkey-sign-in.tsx';

const passkeyCeremony: PasskeySignInCeremony = async () => {
  const [{ signInWithPasskey }, { factorError }] = await Promise.all([
    import('../../features/security/api/sign-in-factors.ts'),
    import('../../features/security/lib/errors.ts'),
  ]);
  try {
    return { answer: await signInWithPasskey(false) };
  } catch (caught) {
    const { text, silent } = factorError(caught);
    return silent ? { silent: true } : { error: text };
  }
};

export function LoginWithPasskeyPage() {
  return <LoginPage passkeyCeremony={passkeyCeremony} />;
}
