/**
 * A sent item in full (spec 001 Sent items): subject main and other, when it was sent, the claim
 * number, the reference the thank-you page gave, where it stands in words and (enquiries) the
 * reply-by date, the message, whom a reimbursement asks us to pay (not on a decline: nothing is
 * paid) and the files.
 */
import type { ComponentType } from 'react';
import { Icon } from '../../../components/icon.tsx';
import { referenceOf } from '../../../lib/content/reference.ts';
import { dateTimeAttribute, formatTimeAndDate } from '../lib/format.ts';
import type { SentItem } from '../api/get-sent-items.ts';
import { Attachments } from './attachments.tsx';
import { LinkifiedText } from './linkified-text.tsx';
import { replyByText } from './sent-item-panel.tsx';
import { SentStatus } from './sent-status.tsx';
import styles from './messaging.module.css';

/**
 * Where the item is up to with the claims system (its steps, decision and payments): drawn by the
 * payments feature, given by app/router.tsx (a feature does not import another).
 */
export type SentItemProgressSlot = ComponentType<{ sentItemId: string; headingId: string }>;

type Props = {
  item: SentItem;
  claimNumber: string | undefined;
  headingId: string;
  onBack?: () => void;
  progress?: SentItemProgressSlot | undefined;
};

export function SentItemDetail({ item, claimNumber, headingId, onBack, progress: Progress }: Props) {
  return (
    <article
      className={styles.detail}
      aria-labelledby={headingId}
      data-testid="sent-detail"
      data-sent-item-id={item.Id}
    >
      {onBack ? (
        <button
          type="button"
          className={`button button--secondary ${styles.back}`}
          onClick={onBack}
          data-testid="sent-detail-back"
        >
          <Icon name="back" />
          All sent items
        </button>
      ) : null}
      <h2 id={headingId} tabIndex={-1} className={styles.detailHeading} data-testid="sent-detail-subject">
        {item.SubjectMain}
        {item.SubjectOther ? <span className={styles.detailSubjectOther}>: {item.SubjectOther}</span> : null}
      </h2>
      <dl className={styles.meta}>
        <div>
          <dt>Sent</dt>
          <dd data-testid="sent-detail-sent">
            <time dateTime={dateTimeAttribute(item.Time, item.Date)}>{formatTimeAndDate(item.Time, item.Date)}</time>
          </dd>
        </div>
        {item.SentBy ? (
          <div>
            <dt>Sent by</dt>
            <dd data-testid="sent-detail-sent-by">{item.SentBy}, who helps with this claim</dd>
          </div>
        ) : null}
        {claimNumber ? (
          <div>
            <dt>Claim number</dt>
            <dd data-testid="sent-detail-claim">{claimNumber}</dd>
          </div>
        ) : null}
        <div>
          <dt>Reference</dt>
          <dd data-testid="sent-detail-reference">{referenceOf(item.Id)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <SentStatus item={item} labelled />
          </dd>
        </div>
      </dl>
      {item.ReplyBy ? (
        <p className={`callout ${styles.replyByNote}`} data-testid="sent-detail-reply-by">
          <Icon name="info" />
          <span>{replyByText(item.ReplyBy)}. Our reply will arrive in your inbox.</span>
        </p>
      ) : null}
      {Progress ? <Progress sentItemId={item.Id} headingId={`${headingId}-progress`} /> : null}
      {item.Message ? <LinkifiedText text={item.Message} testId="sent-detail-message" /> : null}
      {item.PayTo && item.Decision?.Outcome !== 'declined' ? (
        <p data-testid="sent-detail-pay-to">
          <strong>Who we pay: </strong>
          {item.PayTo}
        </p>
      ) : null}
      <Attachments files={item.Files} headingId={`${headingId}-files`} testId="sent-attachments" />
    </article>
  );
}
