/**
 * One entry of an error alert (spec 000 §8) as words: its message, then its detail and its
 * 'Error Code N' each on a line of their own. The alert dialog and the sign-in form's alert both
 * say it this way, so they cannot drift apart.
 */
import type { AlertEntry } from '../lib/request-error.ts';

export function AlertEntryText({
  entry,
  strong = false,
  codeClassName,
}: {
  entry: AlertEntry;
  /** The sign-in form sets its message in bold. */
  strong?: boolean;
  codeClassName?: string;
}) {
  return (
    <>
      {strong ? <strong>{entry.message}</strong> : entry.message}
      {entry.detail ? (
        <>
          <br />
          {entry.detail}
        </>
      ) : null}
      {entry.code !== undefined ? (
        <>
          <br />
          <span className={codeClassName}>Error Code {entry.code}</span>
        </>
      ) : null}
    </>
  );
}
