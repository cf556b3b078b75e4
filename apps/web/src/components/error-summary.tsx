/**
 * The list of a form's problems (spec 001 §4 "On submit with problems an alert lists each field
 * as required or invalid, plus help line text"; §8 "listed under 'There are n errors in this
 * form'"). An alert region at the top of the form: it is announced when it appears and receives
 * focus, each entry links to its field, and the help line closes it.
 */
import { useEffect, useRef, type MouseEvent } from 'react';
import { QuoteError } from './alert-entry-text.tsx';
import { Icon } from './icon.tsx';
import { PhoneLink } from './phone-link.tsx';
import { provider } from '../lib/provider.ts';
import styles from './error-summary.module.css';

export type SummaryEntry = {
  message: string;
  /** The id of the field the entry is about; the entry links there. */
  fieldId?: string | undefined;
  /** A server error's number, given as "If you call us on {phone}, quote error N." */
  code?: number | undefined;
};

export type FieldProblem = {
  fieldId: string;
  /** The message shown at the field, if it has one. */
  message: string | undefined;
};

/**
 * One error pattern (issue 18): each entry says exactly what the field says (its message names the
 * field and says what to do), so the summary and the field never disagree.
 */
export function fieldEntries(problems: readonly FieldProblem[]): SummaryEntry[] {
  return problems.flatMap((p) => (p.message ? [{ fieldId: p.fieldId, message: p.message }] : []));
}

/** spec 001 §8: 'There are n errors in this form' (one error reads as a sentence too). */
export function errorCountTitle(n: number): string {
  return n === 1 ? 'There is 1 error in this form' : `There are ${n} errors in this form`;
}

type ErrorSummaryProps = {
  entries: readonly SummaryEntry[];
  /** Changes every time the form is submitted with problems: focus moves to the summary again. */
  focusKey: number;
  'data-testid'?: string;
};

export function ErrorSummary({ entries, focusKey, ...rest }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const testId = rest['data-testid'] ?? 'error-summary';

  // Focus follows a new submission, not every edit of the entries (ref is null when empty).
  useEffect(() => {
    if (focusKey > 0) ref.current?.focus();
  }, [focusKey]);

  const goTo = (event: MouseEvent<HTMLAnchorElement>, fieldId: string) => {
    const field = document.getElementById(fieldId);
    if (!field) return;
    event.preventDefault();
    field.scrollIntoView?.({ block: 'center' });
    field.focus({ preventScroll: true });
  };

  return (
    <div role="alert" className={styles.region} data-testid={testId}>
      {entries.length > 0 ? (
        <div
          className={`callout callout--error ${styles.summary}`}
          ref={ref}
          tabIndex={-1}
          aria-labelledby={`${testId}-title`}
        >
          <Icon name="warning" />
          <div>
            <h2 className={styles.title} id={`${testId}-title`}>
              {errorCountTitle(entries.length)}
            </h2>
            <ul className={styles.list}>
              {entries.map((entry, index) => (
                <li key={`${entry.fieldId ?? ''}-${index}`}>
                  {entry.fieldId ? (
                    <a href={`#${entry.fieldId}`} onClick={(event) => goTo(event, entry.fieldId as string)}>
                      {entry.message}
                    </a>
                  ) : (
                    <span>{entry.message}</span>
                  )}
                  {entry.code !== undefined ? (
                    <>
                      {' '}
                      <QuoteError code={entry.code} className={styles.code} />
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
            <p className={styles.help}>
              Need help? Call the {provider.shortName} on <PhoneLink />, {provider.callHours}.
            </p>
          </div>
        </div>
      ) : null}
    </div>
  );
}
