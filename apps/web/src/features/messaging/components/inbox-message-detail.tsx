/**
 * A message in full (spec 001 Inbox detail): subject, when we sent it and when it arrived, the
 * claim number, the text with its links made clickable, and the attached files. `onBack` adds
 * the "All messages" control shown on small screens, where the detail replaces the list (named
 * so the page has one Back, the toolbar's: docs/decisions/027).
 */
import { Icon } from '../../../components/icon.tsx';
import { dateTimeAttribute, formatTimeAndDate } from '../lib/format.ts';
import type { InboxMessage } from '../api/get-messages.ts';
import { Attachments } from './attachments.tsx';
import { LinkifiedText } from './linkified-text.tsx';
import styles from './messaging.module.css';

type Props = { message: InboxMessage; claimNumber: string | undefined; headingId: string; onBack?: () => void };

export function InboxMessageDetail({ message, claimNumber, headingId, onBack }: Props) {
  return (
    <article
      className={styles.detail}
      aria-labelledby={headingId}
      data-testid="inbox-detail"
      data-message-id={message.messageId}
    >
      {onBack ? (
        <button
          type="button"
          className={`button button--secondary ${styles.back}`}
          onClick={onBack}
          data-testid="inbox-detail-back"
        >
          <Icon name="back" />
          All messages
        </button>
      ) : null}
      <h2 id={headingId} tabIndex={-1} className={styles.detailHeading} data-testid="inbox-detail-subject">
        {message.Subject}
      </h2>
      <dl className={styles.meta}>
        <div>
          <dt>Sent by us</dt>
          <dd data-testid="inbox-detail-sent">
            <time dateTime={dateTimeAttribute(message.SentTime, message.SentDate)}>
              {formatTimeAndDate(message.SentTime, message.SentDate)}
            </time>
          </dd>
        </div>
        <div>
          <dt>Received</dt>
          <dd data-testid="inbox-detail-received">
            <time dateTime={dateTimeAttribute(message.ReceivedTime, message.ReceivedDate)}>
              {formatTimeAndDate(message.ReceivedTime, message.ReceivedDate)}
            </time>
          </dd>
        </div>
        {claimNumber ? (
          <div>
            <dt>Claim number</dt>
            <dd data-testid="inbox-detail-claim">{claimNumber}</dd>
          </div>
        ) : null}
      </dl>
      <LinkifiedText text={message.Message} testId="inbox-detail-message" />
      <Attachments files={message.Attachments} headingId={`${headingId}-files`} testId="inbox-attachments" />
    </article>
  );
}
