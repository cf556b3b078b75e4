/**
 * One entry of an error alert (spec 000 §8) as words: its message, then its detail, the Reason and
 * Action of the client errors 1 and 2 where the caller gives them, and the line that gives the error's number to quote on the
 * help line, each on a line of their own. The alert dialog, the sign-in form's alert and the error
 * summary say it this way, so they cannot drift apart.
 */
import type { AlertEntry } from '../lib/request/request-error.ts';
import type { Guidance } from './alert-guidance.ts';
import { PhoneLink } from './phone-link.tsx';

/** "If you call us on {phone}, quote error N." (the number stays, for support). */
export function QuoteError({ code, className }: { code: number; className?: string | undefined }) {
  return (
    <span className={className}>
      If you call us on <PhoneLink />, quote error {code}.
    </span>
  );
}

export function AlertEntryText({
  entry,
  strong = false,
  codeClassName,
  guidanceOf,
}: {
  entry: AlertEntry;
  /** The sign-in form sets its message in bold. */
  strong?: boolean;
  codeClassName?: string;
  /**
   * The Reason and Action of a catalogue number (alert-guidance.ts): the alert dialog gives it;
   * the sign-in form does not, to keep its first download small.
   */
  guidanceOf?: (code: number) => Guidance | undefined;
}) {
  const guidance = entry.code === undefined ? undefined : guidanceOf?.(entry.code);
  return (
    <>
      {strong ? <strong>{entry.message}</strong> : entry.message}
      {entry.detail ? (
        <>
          <br />
          {entry.detail}
        </>
      ) : null}
      {guidance ? (
        <>
          <br />
          Reason: {guidance.reason}
          <br />
          Action: {guidance.action}
        </>
      ) : null}
      {entry.code !== undefined ? (
        <>
          <br />
          <QuoteError code={entry.code} className={codeClassName} />
        </>
      ) : null}
    </>
  );
}
