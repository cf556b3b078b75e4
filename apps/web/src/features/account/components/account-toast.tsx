/**
 * The toast of /accountupdated/{type}/{success} (spec 000 §2, §8): a status message at the top of
 * My Details, announced politely, and the page scrolled to the top. It stays until it is dismissed
 * or the claimant moves on: a message that vanishes on a timer can be missed (WCAG 2.2.1).
 */
import { useEffect, useState } from 'react';
import { Icon } from '../../../components/icon.tsx';
import type { AccountToast as Toast } from '../toast.ts';
import styles from './account.module.css';

/** A live region announces what is added to it, so the text is put in just after it appears. */
const ANNOUNCE_DELAY_MS = 150;

export function AccountToast({ toast }: { toast: Toast | null }) {
  const [shown, setShown] = useState<Toast | null>(null);

  useEffect(() => {
    if (!toast) return;
    window.scrollTo({ top: 0 });
    // A save that returns to the same address leaves focus on a form that is gone: start again at the title.
    if (document.activeElement === document.body || document.activeElement === null) {
      document.getElementById('page-title')?.focus({ preventScroll: true });
    }
    const timer = window.setTimeout(() => setShown(toast), ANNOUNCE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);

  const dismiss = () => {
    setShown(null);
    document.getElementById('page-title')?.focus({ preventScroll: true });
  };

  return (
    <div role="status" className={styles.toastRegion} data-testid="account-toast-region">
      {shown ? (
        <div
          className={`${styles.toast} ${shown.tone === 'error' ? styles.toastError : ''}`}
          data-testid="account-toast"
          data-tone={shown.tone}
        >
          <Icon name={shown.tone === 'error' ? 'warning' : 'tick'} />
          <p className={styles.toastText}>{shown.text}</p>
          <button
            type="button"
            className={`link-button ${styles.toastDismiss}`}
            onClick={dismiss}
            data-testid="account-toast-dismiss"
          >
            Dismiss<span className="visually-hidden"> this message</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
