/**
 * "You have something to do" (decision 034): the claim home opens with what needs the claimant —
 * each request for more information not yet answered, with what is needed, the date it is needed
 * by (as the claims system gave it) and one button to the form that sends it as the answer. When
 * the list cannot be read the home page says so and offers to try again, rather than showing
 * nothing (nothing would read as "nothing to do"). A helper whose scope does not reach the form is
 * told so instead of being given the button.
 */
import { PROVIDER_TIME_ZONE, isoToday } from '@portal/contracts';
import { Link } from 'react-router';
import { Icon } from '../../../components/icon.tsx';
import { formatLongDate } from '../../../lib/content/dates.ts';
import { NOT_IN_THE_HELP, useMayOpen } from '../../../lib/session/helping.ts';
import { replyFormOf, respondingTo } from '../../../lib/forms/responds-to.ts';
import type { ClaimTaskData } from '../api/get-claim-tasks.ts';
import styles from './claim-tasks.module.css';

const HEADING_ID = 'home-tasks-heading';

/** When it is needed, in words: by a date, overdue, or as soon as possible when no date was given. */
export function neededByText(neededBy: string | null, today: string): string {
  if (!neededBy) return 'Please send it as soon as you can.';
  const date = formatLongDate(neededBy);
  return neededBy < today ? `We needed it by ${date}. Please send it as soon as you can.` : `Send it by ${date}.`;
}

export function ClaimTasks({ tasks, now = () => new Date() }: { tasks: readonly ClaimTaskData[]; now?: () => Date }) {
  const mayOpen = useMayOpen();
  if (tasks.length === 0) return null;
  const today = isoToday(now(), PROVIDER_TIME_ZONE);
  return (
    <section className={styles.tasks} aria-labelledby={HEADING_ID} data-testid="home-tasks">
      <h2 id={HEADING_ID} className={styles.heading}>
        You have something to do
      </h2>
      <ul className={styles.list}>
        {tasks.map((task) => {
          const reply = replyFormOf(task.Type);
          const titleId = `home-task-${task.SentItemId}`;
          return (
            <li key={task.SentItemId} className={styles.task} aria-labelledby={titleId} data-testid="home-task">
              <h3 id={titleId} className={styles.title}>
                {task.Subject}
              </h3>
              {task.Needed ? (
                <p data-testid="home-task-needed">
                  <strong>We need: </strong>
                  {task.Needed}
                </p>
              ) : null}
              <p className={styles.date} data-testid="home-task-date">
                <Icon name="warning" />
                <span>{neededByText(task.NeededBy, today)}</span>
              </p>
              {mayOpen(reply.to) ? (
                <Link
                  to={respondingTo(reply.to, task.SentItemId)}
                  className="button"
                  aria-describedby={titleId}
                  data-testid="home-task-button"
                >
                  Send what we need
                </Link>
              ) : (
                <p data-testid="home-task-not-in-help">{NOT_IN_THE_HELP}</p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function ClaimTasksError({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  return (
    <div className="callout callout--warning" data-testid="home-tasks-error">
      <Icon name="warning" />
      <div>
        <p>Sorry, we could not check whether you have something to do on this claim.</p>
        <p>
          <button type="button" className="button button--secondary" onClick={onRetry} disabled={retrying}>
            {retrying ? 'Checking again…' : 'Check again'}
          </button>
        </p>
      </div>
    </div>
  );
}
