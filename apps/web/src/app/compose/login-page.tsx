/**
 * /login with "Sign in with a passkey": the auth feature's page, and the security feature's
 * control downloaded after it (React.lazy), so the page's first download stays within budget.
 */
import { lazy } from 'react';
import { LoginPage } from '../../features/auth/pages/login-page.tsx';

const PasskeySignIn = lazy(() =>
  import('../../features/security/components/passkey-sign-in.tsx').then((m) => ({ default: m.PasskeySignIn })),
);

export function LoginWithPasskeyPage() {
  return <LoginPage PasskeySignIn={PasskeySignIn} />;
}
