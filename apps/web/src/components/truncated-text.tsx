import { LIMITS } from '@portal/contracts';
import { useId, useState } from 'react';
import styles from './file-upload.module.css';

/** A description longer than LIMITS.descriptionTruncate characters, truncated with Show more / Show less. */
export function TruncatedText({
  text,
  limit = LIMITS.descriptionTruncate,
  testId,
}: {
  text: string;
  limit?: number;
  testId?: string;
}) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  if (text.length <= limit) {
    return (
      <p className={styles.description} data-testid={testId}>
        {text}
      </p>
    );
  }
  return (
    <p className={styles.description} data-testid={testId}>
      <span id={id}>{expanded ? text : `${text.slice(0, limit)}…`}</span>{' '}
      <button
        type="button"
        className="link-button"
        aria-expanded={expanded}
        aria-controls={id}
        data-testid={testId ? `${testId}-toggle` : undefined}
        onClick={() => setExpanded((e) => !e)}
      >
        {expanded ? 'Show less' : 'Show more'}
      </button>
    </p>
  );
}
