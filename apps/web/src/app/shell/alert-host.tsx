/**
 * The error alert (spec 000 §8): an accessible alertdialog listing each message followed by
 * 'Error Code N'. Loaded on demand (react-aria stays out of the first page's bundle).
 */
import { Dialog } from 'react-aria-components/Dialog';
import { Heading } from 'react-aria-components/Heading';
import { Modal, ModalOverlay } from 'react-aria-components/Modal';
import { useId } from 'react';
import { AlertEntryText } from '../../components/alert-entry-text.tsx';
import { catalogueGuidance } from '../../components/alert-guidance.ts';
import { Icon } from '../../components/icon.tsx';
import { dismissAlert, type PortalAlert } from '../../lib/feedback/alerts.ts';
import styles from './dialog.module.css';

export default function AlertHost({ alert }: { alert: PortalAlert }) {
  const messageId = useId();
  const close = () => {
    dismissAlert(alert.id);
    // Focus returns to where it was; if that element has gone (the page changed), to the page title.
    window.setTimeout(() => {
      if (document.activeElement === document.body || document.activeElement === null) {
        document.getElementById('page-title')?.focus();
      }
    }, 0);
  };
  return (
    <ModalOverlay
      isOpen
      onOpenChange={(open) => {
        if (!open) close();
      }}
      isDismissable={false}
      className={styles.overlay}
    >
      <Modal className={styles.modal}>
        <Dialog role="alertdialog" aria-describedby={messageId} className={styles.dialog} data-testid="error-alert">
          <Heading slot="title" className={styles.heading}>
            <Icon name="warning" />
            {alert.title}
          </Heading>
          <div id={messageId} data-testid="error-alert-message">
            {alert.entries.map((entry, index) => (
              <p key={index} className={styles.message}>
                <AlertEntryText entry={entry} codeClassName={styles.code} guidanceOf={catalogueGuidance} />
              </p>
            ))}
          </div>
          <div className={styles.actions}>
            <button type="button" className="button" onClick={close} autoFocus data-testid="error-alert-ok">
              OK
            </button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
