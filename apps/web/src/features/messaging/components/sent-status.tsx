/** Where the provider is up to with a sent item (beyond the spec): Received, In progress, Completed. */
import type { SentItem } from '../api/get-sent-items.ts';
import styles from './messaging.module.css';

const CLASS: Record<SentItem['Status'], string | undefined> = {
  Received: styles.statusReceived,
  'In progress': styles.statusInProgress,
  Completed: styles.statusCompleted,
};

/** `labelled`: a visible label says "Status" already (the detail's list of facts). */
export function SentStatus({ status, labelled = false }: { status: SentItem['Status']; labelled?: boolean }) {
  return (
    <span className={`${styles.status} ${CLASS[status] ?? ''}`} data-testid="sent-item-status">
      {labelled ? null : <span className="visually-hidden">Status: </span>}
      {status}
    </span>
  );
}
