/**
 * "Load more" under a list shown ten at a time (the inbox and sent items, spec 001 Inbox; the
 * payment history). While loading, the button says so and a polite status announces it;
 * afterwards the status says how many are shown, and the first new entry takes the focus
 * (useLoadMore). A failure only ends the loading state (spec 001 §8): the button is there to try
 * again.
 */
import styles from './load-more.module.css';
import { Spinner } from './spinner.tsx';

type LoadMoreProps = {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  /** What the list holds, in words: 'messages', 'sent items', 'payments'. */
  what: string;
  /** How many are shown after a load ('Showing 1 - 20 of 34'), for the status region. */
  status: string;
  testId: string;
};

export function LoadMore({ hasMore, loading, onLoadMore, what, status, testId }: LoadMoreProps) {
  return (
    <div className={styles.loadMore}>
      {hasMore ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            if (!loading) onLoadMore();
          }}
          aria-disabled={loading ? true : undefined}
          data-testid={testId}
        >
          {loading ? (
            <>
              <Spinner testId={`${testId}-loading`} />
              Loading more {what}…
            </>
          ) : (
            'Load more'
          )}
        </button>
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite" data-testid={`${testId}-status`}>
        {loading ? `Loading more ${what}` : status}
      </p>
    </div>
  );
}
