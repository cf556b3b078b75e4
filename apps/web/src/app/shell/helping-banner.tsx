/**
 * While a claim the person helps with is selected (decision 041), every signed-in page says so at
 * its top: "You are helping Alex Citizen with claim 19/12345 — View only", with the way back to
 * their own claims (when they have other claims to go to) and Stop helping, which asks first and
 * then ends the help at once (the claims list is read again: the claim is gone from it). With Act,
 * it says where the passkey or authenticator app that acting needs is added (/security). Help
 * ended by someone else is noticed at the helper's next call (use-help-ended.ts).
 */
import { Link, useNavigate } from 'react-router';
import { useLeaveHelping } from '../../features/helping/api/leave-helping.ts';
import { useHasSecondFactor } from '../../features/security/api/security-factors.ts';
import { useClaims } from '../../lib/api/get-claims.ts';
import { requestConfirm } from '../../lib/feedback/confirm.ts';
import { SCOPE_WORDS } from '../../lib/session/helping.ts';
import { useSwitchClaim } from '../use-switch-claim.ts';
import styles from './helping-banner.module.css';
import { useHelpEnded } from './use-help-ended.ts';

export function HelpingBanner() {
  const { selectedClaim, canSwitchClaim } = useClaims();
  const { switchClaim } = useSwitchClaim();
  const leave = useLeaveHelping();
  const navigate = useNavigate();
  const helping = selectedClaim?.Helping;
  // Acting needs a factor of the helper's own: said until there is one.
  const hasFactor = useHasSecondFactor(helping?.Scope === 'Act');
  useHelpEnded(helping ? { claimNumber: selectedClaim.Number, claimantName: helping.ClaimantName } : undefined);
  if (!selectedClaim || !helping) return null;
  const { ClaimantName, HelperId, Scope } = helping;

  const stopHelping = async () => {
    if (leave.isPending) return;
    const proceed = await requestConfirm({
      title: 'Stop helping?',
      message: `You will no longer see or do anything for ${ClaimantName} on claim ${selectedClaim.Number}. ${ClaimantName} would need to invite you again.`,
      confirmLabel: 'Yes, stop helping',
      cancelLabel: 'No, keep helping',
    });
    if (!proceed) return;
    try {
      await leave.mutateAsync(HelperId);
      await navigate('/claims');
    } catch {
      // The request layer has shown the alert (or forced a logout).
    }
  };

  return (
    <section className={styles.banner} aria-labelledby="helping-banner-text" data-testid="helping-banner">
      <div className={styles.inner}>
        <p id="helping-banner-text" className={styles.text}>
          You are helping {ClaimantName} with claim {selectedClaim.Number} — {SCOPE_WORDS[Scope]}
        </p>
        {Scope === 'Act' && hasFactor === false ? (
          <p className={styles.note} data-testid="helping-act-factor">
            Acting for {ClaimantName} needs a passkey or an authenticator app on your own account:{' '}
            <Link to="/security">Sign-in and security</Link>.
          </p>
        ) : null}
        <div className={styles.actions}>
          {canSwitchClaim ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void switchClaim()}
              data-testid="helping-back"
            >
              Back to my own claims
            </button>
          ) : null}
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void stopHelping()}
            data-testid="helping-stop"
          >
            Stop helping
          </button>
        </div>
      </div>
    </section>
  );
}
