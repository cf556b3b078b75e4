/**
 * "Load more" (spec 001 Inbox): the next ten. While loading, the button says so and a polite
 * status announces it; afterwards the status says how many are shown. A failure only hides the
 * loading state (spec 001 §8) — the button is there to try again.
 */
import styles from './messaging.module.css';

type LoadMoreProps = {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  /** 'Showing a - b of N' after a load, for the status region. */
  status: string;
  what: string;
  testId: string;
};

export function LoadMore({ hasMore, loading, onLoadMore, status, what, testId }: LoadMoreProps) {
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
              <span className={styles.spinner} aria-hidden="true" data-testid={`${testId}-loading`} />
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
