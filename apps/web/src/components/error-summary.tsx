/**
 * The list of a form's problems (spec 001 §4 "On submit with problems an alert lists each field
 * as required or invalid, plus help line text"; §8 "listed under 'There are n errors in this
 * form'"). A region landmark at the top of the form, named by its title: it receives focus each
 * time it is shown (so it is read), each entry links to its field, and the help line closes it.
 *
 * Errors follow the form (decision 039): the form gives the entries when it is pressed, and an
 * entry then lasts exactly as long as its field says something. Once a field has shown its error
 * (aria-invalid) and no longer does, or the field is gone (a postal address replaced by "same as
 * home"), its entry goes at once, and it comes back if the field shows an error again; a field of
 * the form that shows a message no entry is about is listed too, in its words. So the count is
 * always the number of fields in error. While any is shown the page's title starts "Error: ".
 */
import { useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { QuoteError } from './alert-entry-text.tsx';
import { Icon } from './icon.tsx';
import { PhoneLink } from './phone-link.tsx';
import { provider } from '../lib/content/provider.ts';
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
 * One error pattern: each entry says exactly what the field says (its message names the
 * field and says what to do), so the summary and the field never disagree.
 */
export function fieldEntries(problems: readonly FieldProblem[]): SummaryEntry[] {
  return problems.flatMap((p) => (p.message ? [{ fieldId: p.fieldId, message: p.message }] : []));
}

/** spec 001 §8: 'There are n errors in this form' (one error reads as a sentence too). */
function errorCountTitle(n: number): string {
  return n === 1 ? 'There is 1 error in this form' : `There are ${n} errors in this form`;
}

type ErrorSummaryProps = {
  entries: readonly SummaryEntry[];
  /** Changes every time the form is submitted with problems: focus moves to the summary again. */
  focusKey: number;
  'data-testid'?: string;
};

const TITLE_PREFIX = 'Error: ';

/** Whether the field an entry links to still says something: absent, or no longer in error once it was. */
function fieldState(fieldId: string): 'gone' | 'invalid' | 'valid' {
  const field = document.getElementById(fieldId);
  if (!field) return 'gone';
  return field.getAttribute('aria-invalid') === 'true' ? 'invalid' : 'valid';
}

/** The controls in `scope` described by the message with this id. */
function describedBy(scope: ParentNode, messageId: string): Element[] {
  return Array.from(scope.querySelectorAll('[aria-describedby]')).filter((el) =>
    (el.getAttribute('aria-describedby') ?? '').split(' ').includes(messageId),
  );
}

/**
 * The messages fields in `scope` show that no listed entry's field is described by (a field that was
 * right at the press and has been broken since): each becomes an entry too, in the field's words.
 */
function unlistedMessages(scope: ParentNode, listed: readonly SummaryEntry[]): SummaryEntry[] {
  const covered = new Set(
    listed.flatMap((entry) =>
      entry.fieldId ? (document.getElementById(entry.fieldId)?.getAttribute('aria-describedby') ?? '').split(' ') : [],
    ),
  );
  return Array.from(scope.querySelectorAll('p[id$="-error"]')).flatMap((message) => {
    const field = covered.has(message.id) ? undefined : describedBy(scope, message.id)[0];
    if (!field?.id) return [];
    return [{ fieldId: field.id, message: (message.textContent ?? '').replace(/^Error: /, '') }];
  });
}

const sameEntries = (a: readonly SummaryEntry[], b: readonly SummaryEntry[]) =>
  a.length === b.length && a.every((entry, i) => entry.message === b[i]?.message && entry.fieldId === b[i]?.fieldId);

/**
 * The entries whose fields still say something, and any other message a field in the form shows,
 * re-read whenever the page's fields change (their messages may follow a press or a blur on their
 * own, so the page is watched, not this render). `scope` holds the summary and its form.
 */
function useEntriesInError(entries: readonly SummaryEntry[], scope: () => ParentNode | null): readonly SummaryEntry[] {
  const seenInvalid = useRef(new Set<string>());
  const [shown, setShown] = useState(entries);

  useLayoutEffect(() => {
    seenInvalid.current = new Set();
    const read = () => {
      const listed = entries.filter((entry) => {
        if (!entry.fieldId) return true;
        const state = fieldState(entry.fieldId);
        if (state === 'invalid') seenInvalid.current.add(entry.fieldId);
        if (state === 'gone') return false;
        return state === 'invalid' || !seenInvalid.current.has(entry.fieldId);
      });
      // Nothing is listed before a press has shown the summary.
      const within = entries.length > 0 ? scope() : null;
      const next = within ? [...listed, ...unlistedMessages(within, listed)] : listed;
      setShown((prev) => (sameEntries(prev, next) ? prev : next));
    };
    read();
    if (entries.length === 0) return undefined;
    const observer = new MutationObserver(read);
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['aria-invalid', 'aria-describedby', 'id'],
    });
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- scope reads a ref
  }, [entries]);

  return shown;
}

/**
 * While the form shows errors the page's title says so first (WCAG 3.3.1, GOV.UK pattern). A layout
 * effect, so the title changes in the same commit as the summary: never one without the other.
 */
function useErrorTitle(inError: boolean): void {
  useLayoutEffect(() => {
    if (!inError) return undefined;
    if (!document.title.startsWith(TITLE_PREFIX)) document.title = `${TITLE_PREFIX}${document.title}`;
    return () => {
      if (document.title.startsWith(TITLE_PREFIX)) document.title = document.title.slice(TITLE_PREFIX.length);
    };
  }, [inError]);
}

export function ErrorSummary({ entries: given, focusKey, ...rest }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const outer = useRef<HTMLDivElement>(null);
  const testId = rest['data-testid'] ?? 'error-summary';
  const entries = useEntriesInError(given, () => outer.current?.parentElement ?? null);
  const focusPending = useRef(0);
  useErrorTitle(entries.length > 0);

  // Focus follows a new submission, not every edit of the entries (ref is null when empty).
  useEffect(() => {
    if (focusKey > 0) focusPending.current = focusKey;
  }, [focusKey]);
  useEffect(() => {
    if (focusPending.current === 0 || !ref.current) return;
    focusPending.current = 0;
    ref.current.focus();
  });

  const goTo = (event: MouseEvent<HTMLAnchorElement>, fieldId: string) => {
    const field = document.getElementById(fieldId);
    if (!field) return;
    event.preventDefault();
    field.scrollIntoView?.({ block: 'center' });
    field.focus({ preventScroll: true });
  };

  return (
    <div className={styles.region} data-testid={testId} ref={outer}>
      {entries.length > 0 ? (
        <div
          role="region"
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
