/**
 * "Stay signed in" (WCAG 2.2.1 Timing Adjustable): an alertdialog opened two minutes before the
 * idle limit. Focus moves to "Stay signed in"; the remaining time is shown every second and
 * announced politely every 30 seconds (and at 10 seconds) so a screen reader is not flooded.
 */
import { Dialog } from 'react-aria-components/Dialog';
import { Heading } from 'react-aria-components/Heading';
import { Modal, ModalOverlay } from 'react-aria-components/Modal';
import { useId } from 'react';
import { Icon } from '../../components/icon.tsx';
import styles from './dialog.module.css';

function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  const parts: string[] = [];
  if (minutes > 0) parts.push(minutes === 1 ? '1 minute' : `${minutes} minutes`);
  if (seconds > 0 || minutes === 0) parts.push(seconds === 1 ? '1 second' : `${seconds} seconds`);
  return parts.join(' ');
}

/** The spoken countdown changes only every 30 s, and once more at 10 s. */
function announcedRemaining(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  if (seconds <= 10) return formatRemaining(10_000);
  return formatRemaining(Math.ceil(seconds / 30) * 30_000);
}

/**
 * What a time-out keeps (lib/forms/use-form-draft.ts): every form's typing, on this device, for the same
 * account's next sign-in; never a password, a code or a bank account number, and not a document
 * that is only picked (Send a message and a name change send theirs with the form).
 */
export const DRAFTS_KEPT_TEXT =
  'What you have typed in a form is kept on this device for when you sign in again. ' +
  'Passwords, codes, bank account numbers and documents not yet sent are not kept.';

type SessionTimeoutDialogProps = {
  remainingMs: number;
  staying: boolean;
  onStay: () => void;
  onSignOut: () => void;
};

export default function SessionTimeoutDialog({ remainingMs, staying, onStay, onSignOut }: SessionTimeoutDialogProps) {
  const messageId = useId();
  return (
    <ModalOverlay isOpen isDismissable={false} isKeyboardDismissDisabled className={styles.overlay}>
      <Modal className={styles.modal}>
        <Dialog
          role="alertdialog"
          aria-describedby={messageId}
          className={styles.dialog}
          data-testid="session-timeout-dialog"
        >
          <Heading slot="title" className={styles.heading}>
            <Icon name="warning" />
            Do you want to stay signed in?
          </Heading>
          <div id={messageId}>
            <p className={styles.message}>
              You have not done anything for a while. For your security, we will sign you out in:
            </p>
            <p className={styles.countdown} data-testid="session-timeout-countdown">
              {formatRemaining(remainingMs)}
            </p>
            <p className={styles.message} data-testid="session-timeout-drafts">
              {DRAFTS_KEPT_TEXT}
            </p>
          </div>
          <p className="visually-hidden" aria-live="polite" aria-atomic="true">
            You will be signed out in {announcedRemaining(remainingMs)}.
          </p>
          <div className={styles.actions}>
            <button
              type="button"
              className="button"
              onClick={onStay}
              disabled={staying}
              autoFocus
              data-testid="stay-signed-in"
            >
              Stay signed in
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={onSignOut}
              disabled={staying}
              data-testid="session-timeout-sign-out"
            >
              Sign out now
            </button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
