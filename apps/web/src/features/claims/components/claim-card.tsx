/** A claim on /claims: Claim no., Date of accident (dd/mm/yyyy), Location or 'Not listed'. A button. */
import { formatDisplayDate, type Claim } from '@portal/contracts';
import { Icon } from '../../../components/icon.tsx';
import styles from './claim-card.module.css';

type ClaimCardProps = {
  claim: Claim;
  onSelect: (claim: Claim) => void;
};

/** Never disabled while a selection is in flight: a disabled button would drop keyboard focus. */
export function ClaimCard({ claim, onSelect }: ClaimCardProps) {
  return (
    <button
      type="button"
      className={styles.card}
      onClick={() => onSelect(claim)}
      data-testid="claim-card"
      data-claim-number={claim.Number}
    >
      <span className={styles.rows}>
        <span className={styles.row}>
          <span className={styles.label}>Claim no.</span> <span className={styles.number}>{claim.Number}</span>
        </span>
        <span className={styles.row}>
          <span className={styles.label}>Date of accident</span> <span>{formatDisplayDate(claim.Date)}</span>
        </span>
        <span className={styles.row}>
          <span className={styles.label}>Location</span>{' '}
          <span>{claim.Location?.trim() ? claim.Location : 'Not listed'}</span>
        </span>
      </span>
      <span className={styles.action}>
        {claim.Selected ? <span className={styles.current}>Current claim</span> : null}
        <span>Manage this claim</span>
        <Icon name="chevron" />
      </span>
    </button>
  );
}
