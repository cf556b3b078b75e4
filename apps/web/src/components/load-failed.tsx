/**
 * What the claimant is told when something could not be loaded (spec 000 §8, in plain words): sorry,
 * check the internet connection, the help line if it keeps happening, and a button to try again.
 */
import { Icon } from './icon.tsx';
import { PhoneLink } from './phone-link.tsx';

type LoadFailedProps = {
  /** What could not be loaded, as the sentence names it: 'this text', 'the list of services', … */
  what: string;
  onRetry: () => void;
  /** A new try is under way: the button is disabled. */
  retrying: boolean;
  /** The button says 'Trying again…' while it is (where the content is fetched again in place). */
  sayRetrying?: boolean;
  'data-testid'?: string;
};

export function LoadFailed({ what, onRetry, retrying, sayRetrying = false, ...rest }: LoadFailedProps) {
  return (
    <div className="callout callout--warning" data-testid={rest['data-testid']}>
      <Icon name="warning" />
      <div>
        <p>
          Sorry, we could not load {what} just now. Check your internet connection and try again. If it keeps happening,
          call us on <PhoneLink />.
        </p>
        <p>
          <button type="button" className="button button--secondary" onClick={onRetry} disabled={retrying}>
            {sayRetrying && retrying ? 'Trying again…' : 'Try again'}
          </button>
        </p>
      </div>
    </div>
  );
}
