/**
 * /account with its "Sign-in and security" block: My Details (account feature) and the block's
 * body (security feature), whose step-up uses the portal's one access-code form (access-code
 * feature) for the 4-digit code.
 */
import { LIMITS } from '@portal/contracts';
import { AccessCodeForm } from '../../features/access-code/components/access-code-form.tsx';
import { AccountPage } from '../../features/account/pages/account-page.tsx';
import { SecurityBlockBody } from '../../features/security/components/security-block.tsx';
import type { RenderCodeForm } from '../../features/security/components/security-step-up.tsx';

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

export function AccountWithSecurityPage() {
  return <AccountPage SecurityBlock={SecurityBlock} />;
}
