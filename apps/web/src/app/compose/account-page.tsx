/**
 * /account with its "Sign-in and security" block: My Details (account feature) and the block's
 * body (security feature), whose step-up uses the portal's one access-code form (access-code
 * feature) for the 4-digit code. The "People who help" block (account feature) asks for the same
 * Security step-up before an invitation. /security is the same block on a page of its own, for
 * anyone signed in: someone who only helps others has no claim of their own to open My Details
 * with, and acting for someone (Act) needs a passkey or an authenticator app (decision 041).
 */
import { LIMITS } from '@portal/contracts';
import { AccessCodeForm } from '../../features/access-code/components/access-code-form.tsx';
import { AccountPage } from '../../features/account/pages/account-page.tsx';
import { SecurityBlockBody } from '../../features/security/components/security-block.tsx';
import { SecurityStepUp, type RenderCodeForm } from '../../features/security/components/security-step-up.tsx';
import { useSecurityFactors } from '../../features/security/api/security-factors.ts';

const renderCodeForm: RenderCodeForm = ({ send, verify, onCancel }) => (
  <AccessCodeForm
    label="Verification code"
    send={send}
    verify={verify}
    onCancel={onCancel}
    explanation={
      <p>
        The code expires after {LIMITS.accessCodeLifetimeMinutes} minutes. It goes to your mobile if you prefer SMS,
        otherwise to your email address.
      </p>
    }
  />
);

function SecurityBlock({ otherEditing, headingId }: { otherEditing: boolean; headingId: string }) {
  return <SecurityBlockBody otherEditing={otherEditing} headingId={headingId} renderCodeForm={renderCodeForm} />;
}

/** Factors that cannot be read: the step-up is the 4-digit code alone. */
const NO_FACTORS = {
  Passkeys: [],
  MaxPasskeys: 0,
  Authenticator: { SetUp: false, CreatedAt: null },
  RecoveryCodesLeft: 0,
};

type StepUpProps = { purpose: string; onToken: (token: string) => void; onCancel: () => void };

function HelperStepUp({ purpose, onToken, onCancel }: StepUpProps) {
  const factors = useSecurityFactors();
  if (factors.isPending) return <p role="status">Getting ready…</p>;
  return (
    <SecurityStepUp
      factors={factors.data ?? NO_FACTORS}
      purpose={purpose}
      renderCodeForm={renderCodeForm}
      onToken={onToken}
      onCancel={onCancel}
      idPrefix="helpers-step-up"
    />
  );
}

export function AccountWithSecurityPage() {
  return <AccountPage SecurityBlock={SecurityBlock} HelperStepUp={HelperStepUp} />;
}

export function SecurityPage() {
  return (
    <div className="page-narrow">
      <p>
        Your own account’s passkeys, authenticator app and recovery codes. If the claims system has asked you to act for
        someone, add a passkey or an authenticator app here first.
      </p>
      <section className="card" aria-labelledby="security-page-heading" data-testid="security-page">
        <h2 id="security-page-heading" tabIndex={-1}>
          Passkeys and authenticator app
        </h2>
        <SecurityBlock otherEditing={false} headingId="security-page-heading" />
      </section>
    </div>
  );
}
