/**
 * /account with its "Sign-in and security" block: My Details (account feature) and the block's
 * body (security feature), whose step-up uses the portal's one access-code form (access-code
 * feature) for the 4-digit code. The "People who help" block (account feature) asks for the same
 * Security step-up before an invitation.
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
