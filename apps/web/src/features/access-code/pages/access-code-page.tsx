/**
 * The access-code routes (spec 000 "Access code screens"), one screen in four variants:
 *
 * | Route                      | Token                       | Code type          | On success                      |
 * |----------------------------|-----------------------------|--------------------|---------------------------------|
 * | /activate                  | registration (guard)        | login flow         | login token stored → /claims    |
 * | /verify                    | verification (guard)        | login flow         | login token stored → /claims    |
 * | /activationaccountdetails  | signed in, claim selected   | stored (M, E or B) | rotated token + secure token →  |
 * | /activationbankdetails     | signed in, claim selected   | Bank               |   the success hook (/account)   |
 *
 * A verification after a sign-in with "Remember me" keeps that choice (the login token is remembered
 * in the server's HttpOnly cookie, decision 038); activation always stores in sessionStorage (spec 000 §4).
 */
import { CodeType, LIMITS } from '@portal/contracts';
import { Navigate, useNavigate, type NavigateFunction } from 'react-router';
import { PhoneLink } from '../../../components/phone-link.tsx';
import { getAccessCodeType, saveSecureToken, type CodeTypeValue } from '../../../lib/session/access-code.ts';
import { markAuthenticatedActivity } from '../../../lib/session/activity.ts';
import { isAppMode } from '../../../lib/platform/app-mode.ts';
import { provider } from '../../../lib/content/provider.ts';
import { getCurrentUser, replaceLoginToken, saveLoginToken } from '../../../lib/session/session.ts';
import { expireSecureCode } from '../api/expire-code.ts';
import { generateCode } from '../api/generate-code.ts';
import { validateLoginCode, validateSecureCode } from '../api/validate-code.ts';
import { AccessCodeForm } from '../components/access-code-form.tsx';

/** App mode edits on a page of its own (spec 000 §2 "Other edit pages"). */
const APP_EDIT_PAGES: Record<CodeTypeValue, string> = {
  [CodeType.Mobile]: '/mobile-number',
  [CodeType.Email]: '/email-address',
  [CodeType.Bank]: '/bank-details',
};

/**
 * What happens after a signed-in code is verified (spec 000 §4 "Account sections"): in web, back
 * to /account, which opens that section in edit mode (route state `codeType`; bank scrolls to its
 * section); in app mode, the matching edit page. Either reads the secure token just stored.
 */
export function afterSecureCodeVerified(navigate: NavigateFunction, codeType: CodeTypeValue): void {
  void navigate(isAppMode() ? APP_EDIT_PAGES[codeType] : '/account', { replace: true, state: { codeType } });
}

/**
 * A bank, mobile or e-mail step-up done — by a right code, or a passkey, the authenticator app or
 * a recovery code: the rotated session token and the secure token are kept, and the edit opens.
 */
export function finishStepUp(
  navigate: NavigateFunction,
  result: { AccessToken: string; SecureToken: string; CodeType: CodeTypeValue; ExpiresInSeconds: number },
): void {
  // The session token is rotated at this step-up: the old one no longer works.
  replaceLoginToken(result.AccessToken);
  saveSecureToken(result);
  afterSecureCodeVerified(navigate, result.CodeType);
}

const EXPIRY = `The code expires after ${LIMITS.accessCodeLifetimeMinutes} minutes.`;
const RESEND_PREFERENCE =
  'If you ask us to re-send it, we send a new code to your mobile if you prefer SMS, or otherwise to your email address.';

function HavingTrouble() {
  return (
    <p className="card-footer" data-testid="access-code-trouble">
      Having trouble? Call the {provider.name} on <PhoneLink />.
    </p>
  );
}

/**
 * Activation or sign-in verification done — by a right code, or (on /verify) a passkey, the
 * authenticator app or a recovery code: the login token is stored and the claim list opens.
 */
export function useFinishSignIn(kind: 'activate' | 'verify'): (accessToken: string) => Promise<void> {
  const navigate = useNavigate();
  return async (AccessToken: string) => {
    // A sign-in that asked to be remembered stays remembered; a registration never is.
    const rememberMe = kind === 'verify' && getCurrentUser()?.RememberMe === true;
    // Signed out → signed in: app/session-sync.ts drops what the cache still held.
    saveLoginToken(AccessToken, rememberMe);
    markAuthenticatedActivity();
    await navigate('/claims', { replace: true });
  };
}

function LoginCodeScreen({ kind }: { kind: 'activate' | 'verify' }) {
  const finish = useFinishSignIn(kind);

  const verify = async (code: string) => {
    const { AccessToken } = await validateLoginCode(code);
    await finish(AccessToken);
  };

  return (
    <div className="page-narrow">
      <section className="card" aria-labelledby="access-code-heading">
        {kind === 'activate' ? (
          <>
            <p className="step-label" data-testid="register-step">
              Step 2 of 2
            </p>
            <h2 id="access-code-heading">Enter your verification code</h2>
            <p>To finish registering, enter the verification code we have sent you.</p>
          </>
        ) : (
          <>
            <h2 id="access-code-heading">Enter your verification code</h2>
            <p>To finish signing in, enter the verification code we have sent you. This keeps your account safe.</p>
          </>
        )}
        <AccessCodeForm
          label="Verification code"
          send={() => generateCode({ kind: 'login' })}
          verify={verify}
          explanation={
            <p>
              {EXPIRY} {RESEND_PREFERENCE}
            </p>
          }
        />
        <HavingTrouble />
      </section>
    </div>
  );
}

export function ActivatePage() {
  return <LoginCodeScreen kind="activate" />;
}

export function VerifyPage() {
  return <LoginCodeScreen kind="verify" />;
}

const DETAIL: Record<CodeTypeValue, string> = {
  [CodeType.Mobile]: 'mobile number',
  [CodeType.Email]: 'email address',
  [CodeType.Bank]: 'bank account details',
};

function SecureCodeScreen({ codeType }: { codeType: CodeTypeValue }) {
  const navigate = useNavigate();
  const contactEdit = codeType === CodeType.Mobile || codeType === CodeType.Email;

  const verify = async (code: string) => {
    finishStepUp(navigate, await validateSecureCode(codeType, code));
  };

  const cancel = () => {
    void expireSecureCode(codeType);
    void navigate('/account');
  };

  // Editing the mobile proves the e-mail, editing the e-mail proves the mobile (spec 000 §6).
  const explanation =
    codeType === CodeType.Mobile ? (
      <>
        <p>{EXPIRY} To keep your account safe, the code goes to your email address, and so does a re-sent code.</p>
        <p data-testid="access-code-fallback">
          If you can no longer get emails at the address we have for you, please call the {provider.name} on{' '}
          <PhoneLink /> to update your mobile number.
        </p>
      </>
    ) : codeType === CodeType.Email ? (
      <>
        <p>{EXPIRY} To keep your account safe, the code goes to your mobile by SMS, and so does a re-sent code.</p>
        <p data-testid="access-code-fallback">
          If you can no longer get text messages on the mobile number we have for you, please call the {provider.name}{' '}
          on <PhoneLink /> to update your email address.
        </p>
      </>
    ) : (
      <p>
        {EXPIRY} {RESEND_PREFERENCE}
      </p>
    );

  return (
    <div className="page-narrow">
      <section className="card" aria-labelledby="access-code-heading">
        <h2 id="access-code-heading">Enter your verification code</h2>
        <p>Before you change your {DETAIL[codeType]}, we need to check it is you.</p>
        <AccessCodeForm
          label="Verification code"
          send={() => generateCode({ kind: 'secure', codeType })}
          verify={verify}
          explanation={explanation}
          onCancel={contactEdit ? cancel : undefined}
        />
      </section>
    </div>
  );
}

/** Before a bank, mobile or e-mail edit: the code type was stored by the page that sent us here. */
export function AccountDetailsCodePage() {
  const codeType = getAccessCodeType();
  if (codeType === undefined) return <Navigate to="/account" replace />;
  return <SecureCodeScreen key={codeType} codeType={codeType} />;
}

/** Before a bank-details edit (also linked from the reimbursement thank-you page). */
export function BankDetailsCodePage() {
  return <SecureCodeScreen codeType={CodeType.Bank} />;
}
