/**
 * A sent item's latest decision, in words (decision 034): its heading and date, then by outcome —
 * more information needed: what, by when and the one button that sends it (or that the claimant
 * has sent it); declined: an apology, why, what could change it, how to ask for a review and until
 * when (only the date the claims system gave), and our phone number as a link; an approval: the
 * reason and each receipt line. The letter, when there is one, can be downloaded. A helper whose
 * scope does not reach the form is told so instead of being given its button.
 */
import { DECISION_OUTCOME_LABELS, type SentItemProgress as Progress } from '@portal/contracts';
import { Link } from 'react-router';
import { PhoneLink } from '../../../components/phone-link.tsx';
import { formatLongDate } from '../../../lib/content/dates.ts';
import { NOT_IN_THE_HELP, useMayOpen } from '../../../lib/session/helping.ts';
import { provider } from '../../../lib/content/provider.ts';
import { replyFormOf, respondingTo } from '../../../lib/forms/responds-to.ts';
import { DecisionLines, LetterDownload } from './decision-parts.tsx';
import styles from './payments.module.css';

type Decision = NonNullable<Progress['Decision']>;
type Props = { decision: Decision; type: string; subject: string; sentItemId: string };

export function DecisionDetails({ decision, type, subject, sentItemId }: Props) {
  return (
    <div className={styles.decision} data-testid="sent-progress-decision" data-outcome={decision.Outcome}>
      <h4 className={styles.subheading}>
        {DECISION_OUTCOME_LABELS[decision.Outcome]},{' '}
        <time dateTime={decision.Date}>{formatLongDate(decision.Date)}</time>
      </h4>
      {decision.Outcome === 'declined' ? (
        <Declined decision={decision} sentItemId={sentItemId} />
      ) : decision.Outcome === 'more-information-needed' ? (
        <MoreInformation decision={decision} type={type} subject={subject} sentItemId={sentItemId} />
      ) : decision.Reason ? (
        <p data-testid="sent-progress-reason">{decision.Reason}</p>
      ) : null}
      {decision.Lines.length > 0 ? <DecisionLines lines={decision.Lines} /> : null}
      {decision.Letter ? <LetterDownload letter={decision.Letter} /> : null}
    </div>
  );
}

function MoreInformation({ decision, type, subject, sentItemId }: Props) {
  const reply = replyFormOf(type);
  const mayOpen = useMayOpen();
  return (
    <>
      {decision.Reason ? <p data-testid="sent-progress-reason">{decision.Reason}</p> : null}
      {decision.Needed ? (
        <p data-testid="sent-progress-needed">
          <strong>What we need: </strong>
          {decision.Needed}
        </p>
      ) : null}
      {decision.AnsweredOn ? (
        <p className={styles.answered} data-testid="sent-progress-answered">
          You sent us more information on{' '}
          <time dateTime={decision.AnsweredOn}>{formatLongDate(decision.AnsweredOn)}</time>. We will look at it and let
          you know what we decide.
        </p>
      ) : decision.NeededBy ? (
        <p data-testid="sent-progress-needed-by">
          <strong>Please send it by </strong>
          <time dateTime={decision.NeededBy}>{formatLongDate(decision.NeededBy)}</time>.
        </p>
      ) : null}
      {mayOpen(reply.to) ? (
        <>
          <div className={styles.actions}>
            <Link
              to={respondingTo(reply.to, sentItemId)}
              className={decision.AnsweredOn ? 'button button--secondary' : 'button'}
              data-testid="sent-progress-reply"
            >
              {reply.label}
            </Link>
          </div>
          <p className={styles.note} data-testid="sent-progress-reply-note">
            What you send there is sent as your answer to “{subject}”.
          </p>
        </>
      ) : (
        <p data-testid="sent-progress-not-in-help">{NOT_IN_THE_HELP}</p>
      )}
    </>
  );
}

/** The last day to ask for a review, only as the claims system gave it; else where to find it. */
function reviewWindow(decision: Decision) {
  if (decision.ReviewBy)
    return (
      <>
        You can ask for a review until{' '}
        <strong>
          <time dateTime={decision.ReviewBy}>{formatLongDate(decision.ReviewBy)}</time>
        </strong>
        .
      </>
    );
  return decision.Letter
    ? 'Your decision letter says the last day you can ask for a review.'
    : 'Call us to find out the last day you can ask for a review.';
}

function Declined({ decision, sentItemId }: { decision: Decision; sentItemId: string }) {
  const mayOpen = useMayOpen();
  return (
    <>
      <p className={styles.apology} data-testid="sent-progress-apology">
        We’re sorry, this is not the answer you hoped for.
      </p>
      {decision.Reason ? (
        <>
          <h5 className={styles.minorHeading}>Why we decided this</h5>
          <p data-testid="sent-progress-reason">{decision.Reason}</p>
        </>
      ) : null}
      <h5 className={styles.minorHeading}>What could change this decision</h5>
      <p data-testid="sent-progress-change">
        If you have information we did not have when we decided, such as a letter from your doctor saying why you need
        this, send it to us and we will look at the decision again.
      </p>
      {mayOpen('/submitdocuments') ? (
        <div className={styles.actions}>
          <Link
            to={respondingTo('/submitdocuments', sentItemId)}
            className="button button--secondary"
            data-testid="sent-progress-send-more"
          >
            Upload documents
          </Link>
        </div>
      ) : (
        <p data-testid="sent-progress-not-in-help">{NOT_IN_THE_HELP}</p>
      )}
      <h5 className={styles.minorHeading}>How to ask for a review</h5>
      {decision.Review ? <p data-testid="sent-progress-review">{decision.Review}</p> : null}
      <p data-testid="sent-progress-review-by">{reviewWindow(decision)}</p>
      <p data-testid="sent-progress-call">
        To ask for a review, or to talk about this decision, call us on <PhoneLink />, {provider.callHours}.
      </p>
    </>
  );
}
