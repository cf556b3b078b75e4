/**
 * /claim — the claim home page (spec 000 §2): six link panels, the bank banner, the enquiries note;
 * beyond the spec it opens with what the claimant has to do (decision 034).
 */
import { MESSAGES } from '@portal/contracts';
import type { ComponentType } from 'react';
import { PhoneLink } from '../../../components/phone-link.tsx';
import { Icon } from '../../../components/icon.tsx';
import { useAccount } from '../../../lib/api/get-account.ts';
import { useClaims } from '../../../lib/api/get-claims.ts';
import { useUnreadCount } from '../../../lib/api/get-unread-count.ts';
import { useClaimTasks } from '../api/get-claim-tasks.ts';
import { useVerifyBankDetails } from '../api/verify-bank-details.ts';
import { BankVerifiedNotice, BankVerifyBanner } from '../components/bank-verify-banner.tsx';
import { ClaimTasks, ClaimTasksError } from '../components/claim-tasks.tsx';
import { LinkPanel } from '../components/link-panel.tsx';
import { INBOX_ROUTE, panelsFor, unreadSubtitle } from '../home-panels.ts';
import styles from './claim-home-page.module.css';

/**
 * `paymentsPanel`: the next payment and recent decisions, drawn by the payments feature and given
 * by app/router.tsx (a feature does not import another). It sits under the six panels, so its
 * arrival never pushes them down.
 */
export function ClaimHomePage({ paymentsPanel: PaymentsPanel }: { paymentsPanel?: ComponentType } = {}) {
  const { claims, selectedClaim } = useClaims();
  const account = useAccount();
  const unread = useUnreadCount(selectedClaim?.Number);
  const tasks = useClaimTasks(selectedClaim?.Number);
  const verify = useVerifyBankDetails();

  if (claims && claims.length === 0) {
    return (
      <div className="callout" data-testid="no-claims">
        <Icon name="info" />
        <p>
          We could not find a claim linked to your account. If you think this is wrong, please call us on <PhoneLink />.
        </p>
      </div>
    );
  }

  // The tasks and the bank banner sit above the panels: drawn after them, they would push them
  // down as the claimant reaches for one (a layout shift). The page waits for both, read at once
  // (the shell's loading overlay says so); if the account cannot be read, the panels show without
  // the banner; if the tasks cannot be read, the page says so in their place.
  if (account.isPending || (selectedClaim && tasks.isPending)) return null;

  // Asked until answered: "Review my bank details" leaves the details unverified, so the banner
  // asks again the next time this page loads (docs/decisions/027-claimant-experience.md).
  const bank = account.data?.BankAccountDetails;
  // A helper's account is their own, never the claimant's: no bank banner while helping.
  const helping = selectedClaim?.Helping;
  const showBanner = !helping && account.data?.BankDetailsVerified === false && bank && !verify.isSuccess;
  const confirm = () => verify.mutate();

  return (
    <div className={styles.page}>
      {tasks.data ? (
        <ClaimTasks tasks={tasks.data.Tasks} />
      ) : tasks.isError ? (
        <ClaimTasksError retrying={tasks.isFetching} onRetry={() => void tasks.refetch()} />
      ) : null}
      {showBanner ? <BankVerifyBanner bank={bank} confirming={verify.isPending} onConfirm={confirm} /> : null}
      {verify.isSuccess ? <BankVerifiedNotice /> : null}

      <h2 className={styles.heading}>What would you like to do?</h2>
      <ul className={styles.panels}>
        {panelsFor(helping).map((panel) => {
          const isInbox = panel.Route === INBOX_ROUTE;
          const subtitle = isInbox ? (unreadSubtitle(unread) ?? panel.Subtitle) : panel.Subtitle;
          return (
            <li key={panel.Route}>
              <LinkPanel panel={{ ...panel, Subtitle: subtitle }} badge={isInbox ? unread : undefined} />
            </li>
          );
        })}
      </ul>

      {PaymentsPanel ? <PaymentsPanel /> : null}

      <div className="callout" data-testid="enquiries-note">
        <Icon name="info" />
        <p>{MESSAGES.enquiriesAnswered}</p>
      </div>
    </div>
  );
}
