/**
 * /claimant-details: the claimant's details for a helper with Act (decision 041) — what the
 * claimant's own My Details holds of their name, date of birth, landline and addresses, with the
 * same two edit views: a request to change the name or date of birth (sent for approval) and a
 * change of the landline and addresses. The claimant's e-mail, mobile, bank details, preferences,
 * password, second factors and helpers are not shown and cannot be reached from here.
 *
 * One block edits at a time, inline (app mode too: its edit pages are the claimant's own). A save
 * stays on this page and says what happened in the toast; cancel returns focus to the block's
 * Edit control. Someone who is not helping with the selected claim is sent to their own
 * Personal details.
 */
import type { ClaimantDetails, Claim } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { selectedClaimOf, useCachedClaims } from '../../../lib/api/cached-claims.ts';
import { useClaimantDetails, useReloadClaimantDetails } from '../api/claimant-details-query.ts';
import { AccountBlock, editControlId } from '../components/account-block.tsx';
import { AccountLoading } from '../components/account-loading.tsx';
import { AccountToast } from '../components/account-toast.tsx';
import { ClaimantContactDetailsForm } from '../components/contact-details-form.tsx';
import { PersonalDetailsForm } from '../components/personal-details-form.tsx';
import { ContactRead, PersonalRead } from '../components/read-views.tsx';
import type { AccountToast as Toast } from '../toast.ts';
import type { UpdateOutcome } from '../sections.ts';
import styles from '../components/account.module.css';

type Block = 'personal' | 'contact';

const BLOCK_ID: Record<Block, string> = { personal: 'claimant-personal', contact: 'claimant-contact' };

/** What a save did, in the helper's words: the details are the claimant's, named. */
function claimantToast(block: Block, outcome: UpdateOutcome, name: string): Toast {
  if (outcome === 'error') {
    return {
      tone: 'error',
      text: block === 'personal' ? `${name}'s request failed to send` : `${name}'s contact details failed to save`,
    };
  }
  return {
    tone: 'success',
    text:
      block === 'personal'
        ? `${name}'s request to change their name or date of birth has been sent for approval`
        : `${name}'s contact details have been updated`,
  };
}

export function ClaimantDetailsPage() {
  const claim = selectedClaimOf(useCachedClaims());
  if (!claim?.Helping) return <Navigate to="/account" replace />;
  return <ClaimantDetailsView key={claim.Number} claim={claim} />;
}

function ClaimantDetailsView({ claim }: { claim: Claim }) {
  const details = useClaimantDetails(claim.Number);
  const reload = useReloadClaimantDetails(claim.Number);
  const [editing, setEditing] = useState<Block | null>(null);
  const [toast, setToast] = useState<Toast | null>(null);
  const [returnFocus, setReturnFocus] = useState<Block | null>(null);

  // Back to read: focus returns to the Edit control of that block.
  useEffect(() => {
    if (!returnFocus) return;
    document.getElementById(editControlId(BLOCK_ID[returnFocus]))?.focus();
    setReturnFocus(null);
  }, [returnFocus]);

  if (!details.data) {
    return (
      <div className={styles.page} data-testid="claimant-details-page">
        <AccountLoading failed={details.isError} onRetry={() => void details.refetch()} />
      </div>
    );
  }
  const data: ClaimantDetails = details.data;
  const name = data.PersonalDetails.FirstName;

  const cancel = (block: Block) => {
    setEditing(null);
    setReturnFocus(block);
    void reload();
  };
  const done = async (block: Block, outcome: UpdateOutcome) => {
    await reload();
    setEditing(null);
    setToast(claimantToast(block, outcome, name));
  };
  const edit = (block: Block) =>
    editing ? ({ kind: 'none' } as const) : ({ kind: 'inline', onEdit: () => setEditing(block) } as const);

  return (
    <div className={styles.page} data-layout={editing ? 'edit' : 'read'} data-testid="claimant-details-page">
      <AccountToast toast={toast} />
      <p className={styles.intro} data-testid="claimant-details-intro">
        These are the details we hold for {claim.Helping?.ClaimantName}. As you act for them, you can ask to change
        their name or date of birth, and change their phone number and addresses. Their email address, mobile number,
        bank details and password stay theirs to change.
      </p>
      <div className={styles.blocks}>
        <AccountBlock
          id={BLOCK_ID.personal}
          title="Name and date of birth"
          editing={editing === 'personal'}
          edit={edit('personal')}
          testId="claimant-personal"
        >
          {editing === 'personal' ? (
            <PersonalDetailsForm
              account={data}
              whose={name}
              autoFocus
              onCancel={() => cancel('personal')}
              onDone={(outcome) => done('personal', outcome)}
            />
          ) : (
            <PersonalRead account={data} whose={name} />
          )}
        </AccountBlock>
        <AccountBlock
          id={BLOCK_ID.contact}
          title="Contact details"
          editing={editing === 'contact'}
          edit={edit('contact')}
          testId="claimant-contact"
        >
          {editing === 'contact' ? (
            <ClaimantContactDetailsForm
              account={data}
              whose={name}
              autoFocus
              onCancel={() => cancel('contact')}
              onDone={(outcome) => done('contact', outcome)}
            />
          ) : (
            <ContactRead account={data} />
          )}
        </AccountBlock>
      </div>
    </div>
  );
}
