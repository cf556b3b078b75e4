/** /claims — 'My Claims' (spec 000 §2). The loader has fetched the list and handled 0 or 1 claims. */
import { MESSAGES, type Claim } from '@portal/contracts';
import { useNavigate } from 'react-router';
import { PhoneLink } from '../../../components/phone-link.tsx';
import { useClaims } from '../../../lib/api/get-claims.ts';
import { useSelectClaim } from '../api/select-claim.ts';
import { ClaimCard } from '../components/claim-card.tsx';
import styles from './claims-page.module.css';

const [NOTE_BEFORE, NOTE_AFTER] = MESSAGES.claimNotListed.split('{phone}') as [string, string];

export function ClaimsPage() {
  const navigate = useNavigate();
  const { claims } = useClaims();
  const select = useSelectClaim();

  const onSelect = async (claim: Claim) => {
    if (select.isPending) return;
    try {
      const stored = await select.mutateAsync(claim);
      if (stored) await navigate('/claim');
    } catch {
      // The request layer has shown the alert (or forced a logout).
    }
  };

  return (
    <div className={styles.page}>
      <p className={styles.intro} id="claims-intro">
        Select the claim you would like to manage
      </p>
      {claims && claims.length > 0 ? (
        <ul className={styles.list} aria-labelledby="claims-intro">
          {claims.map((claim) => (
            <li key={claim.Number}>
              <ClaimCard claim={claim} onSelect={(c) => void onSelect(c)} />
            </li>
          ))}
        </ul>
      ) : null}
      <p className={styles.note}>
        {NOTE_BEFORE}
        <PhoneLink />
        {NOTE_AFTER}
      </p>
    </div>
  );
}
