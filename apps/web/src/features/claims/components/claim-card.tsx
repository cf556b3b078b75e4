/**
 * A claim on /claims: Claim no., Date of accident (dd/mm/yyyy), Location or 'Not listed'. Its one
 * control is the button "Manage claim" (named "Manage claim 21/45678": its visible words, then the
 * number), which covers the whole card as its target; the date, the location and "Current claim"
 * describe it. A claim the person helps with (decision 041) says whose it is and the scope given —
 * "Helping Alex Citizen — claim 19/12345 (View)" — and its button is "Help with claim 19/12345".
 */
import { formatDisplayDate, type Claim } from '@portal/contracts';
import { useId } from 'react';
import { Icon } from '../../../components/icon.tsx';
import styles from './claim-card.module.css';

type ClaimCardProps = {
  claim: Claim;
  onSelect: (claim: Claim) => void;
};

/** Never disabled while a selection is in flight: a disabled button would drop keyboard focus. */
export function ClaimCard({ claim, onSelect }: ClaimCardProps) {
  const id = useId();
  const helping = claim.Helping;
  const describedBy = [helping ? `${id}-helping` : '', `${id}-details`, claim.Selected ? `${id}-current` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div
      className={styles.card}
      data-testid="claim-card"
      data-claim-number={claim.Number}
      data-helping={helping ? 'true' : undefined}
    >
      <div className={styles.rows}>
        {helping ? (
          <p className={styles.helping} id={`${id}-helping`} data-testid="claim-card-helping">
            Helping {helping.ClaimantName} — claim {claim.Number} ({helping.Scope})
          </p>
        ) : (
          <p className={styles.row}>
            <span className={styles.label}>Claim no.</span> <span className={styles.number}>{claim.Number}</span>
          </p>
        )}
        <div className={styles.rows} id={`${id}-details`}>
          <p className={styles.row}>
            <span className={styles.label}>Date of accident</span> <span>{formatDisplayDate(claim.Date)}</span>
          </p>
          <p className={styles.row}>
            <span className={styles.label}>Location</span>{' '}
            <span>{claim.Location?.trim() ? claim.Location : 'Not listed'}</span>
          </p>
        </div>
      </div>
      <div className={styles.action}>
        {claim.Selected ? (
          <span className={styles.current} id={`${id}-current`}>
            Current claim
          </span>
        ) : null}
        <button
          type="button"
          className={styles.button}
          aria-describedby={describedBy}
          onClick={() => onSelect(claim)}
          data-testid="claim-card-button"
        >
          {helping ? 'Help with claim' : 'Manage claim'} <span className="visually-hidden">{claim.Number}</span>
          <Icon name="chevron" />
        </button>
      </div>
    </div>
  );
}
