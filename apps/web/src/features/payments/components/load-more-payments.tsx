/**
 * "Load more" under the payment history: the next ten. While loading the button says so and a
 * polite status announces it; afterwards the status says how many are shown, and the first new
 * row takes the focus (the page's effect). A failure only ends the loading state: the button is
 * there to try again.
 */
import styles from './payments.module.css';

type Props = { hasMore: boolean; loading: boolean; onLoadMore: () => void; status: string };

export function LoadMorePayments({ hasMore, loading, onLoadMore, status }: Props) {
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
          data-testid="payments-load-more"
        >
          {loading ? 'Loading more payments…' : 'Load more'}
        </button>
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="payments-load-more-status">
        {loading ? 'Loading more payments' : status}
      </p>
    </div>
  );
}
