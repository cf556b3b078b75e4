/**
 * One message in the inbox list (spec 001 Inbox panel): read or unread marker, subject, received
 * time and date, attachment icon, preview. The whole panel is one button that opens the message.
 */
import { dateTimeAttribute, formatTimeAndDate } from '../lib/format.ts';
import { previewOf } from '../lib/preview.ts';
import type { InboxMessage } from '../api/get-messages.ts';
import { AttachmentIcon } from './attachment-icon.tsx';
import styles from './messaging.module.css';

export function inboxItemDomId(messageId: string): string {
  return `inbox-item-${messageId}`;
}

export function InboxPanel({
  message,
  selected,
  onOpen,
}: {
  message: InboxMessage;
  selected: boolean;
  onOpen: (message: InboxMessage) => void;
}) {
  const preview = previewOf(message.Message);
  return (
    <button
      type="button"
      id={inboxItemDomId(message.messageId)}
      className={styles.panel}
      aria-current={selected ? 'true' : undefined}
      data-read={message.Read ? 'true' : 'false'}
      data-testid="inbox-item"
      data-message-id={message.messageId}
      onClick={() => onOpen(message)}
    >
      <span className={styles.panelTitle}>
        {message.Read ? (
          <span className="visually-hidden">Read: </span>
        ) : (
          <span className={styles.unread} data-testid="inbox-item-unread">
            Unread<span className="visually-hidden">: </span>
          </span>
        )}
        <span className={styles.subject}>{message.Subject}</span>
      </span>
      <span className={styles.panelMeta}>
        <span className="visually-hidden">Received </span>
        <time dateTime={dateTimeAttribute(message.ReceivedTime, message.ReceivedDate)}>
          {formatTimeAndDate(message.ReceivedTime, message.ReceivedDate)}
        </time>
        {message.Attachments.length > 0 ? <AttachmentIcon count={message.Attachments.length} /> : null}
      </span>
      {preview ? (
        <span className={styles.preview} data-testid="inbox-item-preview">
          {preview}
        </span>
      ) : null}
    </button>
  );
}
