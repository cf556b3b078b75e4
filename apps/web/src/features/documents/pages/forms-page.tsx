/**
 * /forms (spec 001 "Forms and documents hub"): two link panels; "Send documents" shows when its
 * draft was last edited; a 3-second toast after a draft save (route state { draftSaved: true }).
 * A helper whose scope does not reach the authority form (Act) is not offered it.
 */
import { LIMITS, formatDisplayDate } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useClaims } from '../../../lib/api/get-claims.ts';
import { mayOpen } from '../../../lib/session/helping.ts';
import { useDraftDates } from '../api/get-draft-dates.ts';
import styles from './documents.module.css';

export function FormsPage() {
  const location = useLocation();
  const draftSaved = Boolean((location.state as { draftSaved?: boolean } | null)?.draftSaved);
  // The toast belongs to the navigation that brought the claimant here (location.key).
  const [dismissedKey, setDismissedKey] = useState<string | null>(null);
  const toast = draftSaved && dismissedKey !== location.key;
  // Silent: without the dates the panel simply shows no date.
  const draftDate = useDraftDates().data?.DocumentsDate ?? null;
  const helping = useClaims().selectedClaim?.Helping;

  useEffect(() => {
    if (!toast) return;
    const key = location.key;
    const t = setTimeout(() => setDismissedKey(key), LIMITS.toastMs);
    return () => clearTimeout(t);
  }, [toast, location.key]);

  return (
    <>
      <ul className={styles.panels} data-testid="forms-hub">
        <li>
          <Link to="/submitdocuments" className={styles.panel} data-testid="forms-send-documents">
            Upload documents
            {draftDate ? (
              <span className={styles.panelNote} data-testid="forms-draft-date">
                Draft - edited {formatDisplayDate(draftDate)}
              </span>
            ) : null}
          </Link>
        </li>
        {mayOpen(helping, '/authorityform') ? (
          <li>
            <Link to="/authorityform" className={styles.panel} data-testid="forms-authority">
              Authority to release information form
            </Link>
          </li>
        ) : null}
      </ul>
      <div role="status" data-testid="forms-toast-region">
        {toast ? (
          <p className={styles.toast} data-testid="forms-toast">
            Your draft has been saved
          </p>
        ) : null}
      </div>
    </>
  );
}
