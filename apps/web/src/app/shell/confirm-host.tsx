/**
 * The confirmation dialog (leave-site, spec 000 §2). It records when it has been put on screen
 * and passes the time taken to answer to lib/feedback/confirm.ts, where the 50 ms rule is applied (an
 * answer in under 50 ms counts as a suppressed dialog and the action proceeds).
 */
import { Dialog } from 'react-aria-components/Dialog';
import { Heading } from 'react-aria-components/Heading';
import { Modal, ModalOverlay } from 'react-aria-components/Modal';
import { useEffect, useId, useRef } from 'react';
import { answerConfirm, type ConfirmRequest } from '../../lib/feedback/confirm.ts';
import styles from './dialog.module.css';

export default function ConfirmHost({ confirm }: { confirm: ConfirmRequest }) {
  const messageId = useId();
  const shownAt = useRef<number | null>(null);

  useEffect(() => {
    // On screen from here (after the commit that mounted it).
    shownAt.current = performance.now();
  }, [confirm.id]);

  const answer = (proceed: boolean) => {
    const elapsed = shownAt.current === null ? 0 : performance.now() - shownAt.current;
    answerConfirm(confirm.id, proceed, elapsed);
  };

  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => {
        if (!open) answer(false);
      }}
      className={styles.overlay}
    >
      <Modal className={styles.modal}>
        <Dialog role="alertdialog" aria-describedby={messageId} className={styles.dialog} data-testid="confirm-dialog">
          <Heading slot="title" className={styles.heading}>
            {confirm.title}
          </Heading>
          <p id={messageId} className={styles.message}>
            {confirm.message}
          </p>
          <div className={styles.actions}>
            <button type="button" className="button" onClick={() => answer(true)} data-testid="confirm-yes">
              {confirm.confirmLabel}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => answer(false)}
              autoFocus
              data-testid="confirm-no"
            >
              {confirm.cancelLabel}
            </button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
