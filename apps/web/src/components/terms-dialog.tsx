/**
 * The terms in an overlay (app mode: the native wrapper has no tabs to open the terms page in).
 * react-aria's Dialog and Modal give the focus trap, Escape and focus return; the close button is
 * native (react-aria's Button injects a <style> that the CSP refuses).
 */
import { Dialog } from 'react-aria-components/Dialog';
import { Heading } from 'react-aria-components/Heading';
import { Modal, ModalOverlay } from 'react-aria-components/Modal';
import { TermsContent } from './terms-content.tsx';
import styles from './terms-dialog.module.css';

type TermsDialogProps = {
  isOpen: boolean;
  onClose: () => void;
};

export default function TermsDialog({ isOpen, onClose }: TermsDialogProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isDismissable
      className="layer-centred dialog-overlay"
    >
      <Modal className={styles.modal}>
        <Dialog className="dialog-body focus-ring-inset" data-testid="terms-dialog">
          <Heading slot="title" className="dialog-heading">
            Terms &amp; Conditions
          </Heading>
          <TermsContent />
          <div className={styles.actions}>
            <button type="button" className="button" onClick={onClose} autoFocus data-testid="terms-dialog-close">
              Close
            </button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
