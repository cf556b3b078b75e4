/**
 * A named document of the content store (GET /api/content/{name}) rendered as safe HTML: the
 * terms (/disclaimer and the registration overlay, so the two can never disagree), the privacy
 * policy, the collection notice, the services list's notes and the survey's introduction.
 * While it loads a short status is shown; if it cannot be loaded the claimant is told in plain
 * words, given the help line, and can try again.
 */
import type { ContentName } from '@portal/contracts';
import { useContent } from '../lib/api/get-content.ts';
import { LoadFailed } from './load-failed.tsx';
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
    <LoadFailed
      what="this text"
      onRetry={() => void refetch()}
      retrying={isFetching}
      sayRetrying
      data-testid={`${testId}-error`}
    />
  );
}
