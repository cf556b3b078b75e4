/** My Details while the account is not there yet: loading, or (spec 000 §8) a failed load with a retry. */
import { Icon } from '../../../components/icon.tsx';

export function AccountLoading({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  return failed ? (
    <div className="callout callout--warning" data-testid="account-load-failed">
      <Icon name="warning" />
      <div>
        <p>We could not load your details just now.</p>
        <button type="button" className="button button--secondary" onClick={onRetry}>
          Try again
        </button>
      </div>
    </div>
  ) : (
    <p role="status" data-testid="account-loading">
      Loading your details…
    </p>
  );
}
