/**
 * One sent item in the list (spec 001 Sent message panel): subject main and other, time and
 * date, attachment icon, preview — and, beyond the spec, where it stands in words (the decision,
 * or Received / In progress / Completed), by when something is needed from the claimant and, for
 * an enquiry, the date we aim to reply by.
 */
import { formatDisplayDate } from '@portal/contracts';
import { dateTimeAttribute, formatTimeAndDate } from '../lib/format.ts';
import { previewOf } from '../lib/preview.ts';
import type { SentItem } from '../api/get-sent-items.ts';
import { AttachmentIcon } from './attachment-icon.tsx';
import { sentStateOf } from '../lib/sent-state.ts';
import { SentStatus, sentStateNote } from './sent-status.tsx';
import styles from './messaging.module.css';

export function sentItemDomId(id: string): string {
  return `sent-item-${id}`;
}

export function replyByText(replyBy: string): string {
  return `We aim to reply by ${formatDisplayDate(replyBy)}`;
}

/** Someone who helps the claimant sent it for them (the name the claimant gave them). */
function sentByText(name: string): string {
  return `Sent by ${name}, who helps with this claim`;
}

export function SentItemPanel({
  item,
  selected,
  onOpen,
}: {
  item: SentItem;
  selected: boolean;
  onOpen: (item: SentItem) => void;
}) {
  const preview = previewOf(item.Message);
  const note = sentStateNote(sentStateOf(item));
  return (
    <button
      type="button"
      id={sentItemDomId(item.Id)}
      className={styles.panel}
      aria-current={selected ? 'true' : undefined}
      data-testid="sent-item"
      data-sent-item-id={item.Id}
      onClick={() => onOpen(item)}
    >
      <span className={styles.panelTitle}>
        <span className={styles.subject}>{item.SubjectMain}</span>
        {item.SubjectOther ? (
          <span className={styles.subjectOther}>
            <span className="visually-hidden">: </span>
            {item.SubjectOther}
          </span>
        ) : null}
      </span>
      <span className={styles.panelMeta}>
        <span className="visually-hidden">Sent </span>
        <time dateTime={dateTimeAttribute(item.Time, item.Date)}>{formatTimeAndDate(item.Time, item.Date)}</time>
        {item.Files.length > 0 ? <AttachmentIcon count={item.Files.length} /> : null}
        <SentStatus item={item} />
      </span>
      {note ? (
        <span className={styles.stateNote} data-testid="sent-item-state-note">
          {note}
        </span>
      ) : null}
      {item.SentBy ? (
        <span className={styles.sentBy} data-testid="sent-item-sent-by">
          {sentByText(item.SentBy)}
        </span>
      ) : null}
      {preview ? (
        <span className={styles.preview} data-testid="sent-item-preview">
          {preview}
        </span>
      ) : null}
      {item.ReplyBy ? (
        <span className={styles.replyBy} data-testid="sent-item-reply-by">
          {replyByText(item.ReplyBy)}
        </span>
      ) : null}
    </button>
  );
}
