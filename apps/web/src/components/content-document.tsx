/**
 * A named document of the content store (GET /api/content/{name}) rendered as safe HTML: the
 * terms (/disclaimer and the registration overlay, so the two can never disagree), the privacy
 * policy, the collection notice, the services list's notes and the survey's introduction.
 * While it loads a short status is shown; if it cannot be loaded the claimant is told in plain
 * words, given the help line, and can try again.
 */
import type { ContentName } from '@portal/contracts';
import { useContent } from '../lib/api/get-content.ts';
import { Icon } from './icon.tsx';
import { PhoneLink } from './phone-link.tsx';
import { SafeHtml } from './safe-html.tsx';
import styles from './content-document.module.css';

type ContentDocumentProps = {
  name: ContentName;
  className?: string;
  'data-testid'?: string;
};

export function ContentDocument({ name, className, ...rest }: ContentDocumentProps) {
  const testId = rest['data-testid'] ?? `content-${name}`;
  const { data, isPending, isError, refetch, isFetching } = useContent(name);

  if (data) return <SafeHtml html={data.Html} className={className} data-testid={testId} />;

  if (isPending && !isError) {
    return (
      <p className={styles.loading} role="status" data-testid={`${testId}-loading`}>
        Loading…
      </p>
    );
  }

  return (
    <div className="callout callout--warning" data-testid={`${testId}-error`}>
      <Icon name="warning" />
      <div>
        <p>
          Sorry, we could not load this text just now. Check your internet connection and try again. If it keeps
          happening, call us on <PhoneLink />.
        </p>
        <p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void refetch()}
            disabled={isFetching}
          >
            {isFetching ? 'Trying again…' : 'Try again'}
          </button>
        </p>
      </div>
    </div>
  );
}
