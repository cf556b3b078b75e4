/**
 * One entry of an error alert (spec 000 §8) as words: its message, then its detail, the Reason and
 * Action of the client errors 1 and 2, and the line that gives the error's number to quote on the
 * help line, each on a line of their own. The alert dialog, the sign-in form's alert and the error
 * summary say it this way, so they cannot drift apart.
 */
import type { AlertEntry } from '../lib/request-error.ts';
import { PhoneLink } from './phone-link.tsx';

/**
 * spec 000 §8's catalogue: the Reason and Action text of errors 1 and 2. Errors 3 and 4 have no
 * reason a claimant can use (their action is "stack trace", for support); 4's own message is the
 * entry's detail.
 */
const GUIDANCE: Partial<Record<number, { reason: string; action: string }>> = {
  1: {
    reason: 'Target could be offline or request invalid.',
    action: 'Contact support if the issue persists for a long period.',
  },
  2: { reason: 'Required parameters were missing.', action: 'Contact support if it persists.' },
};

/** "If you call us on {phone}, quote error N." (issue 18: the number stays, for support). */
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
}: {
  entry: AlertEntry;
  /** The sign-in form sets its message in bold. */
  strong?: boolean;
  codeClassName?: string;
}) {
  const guidance = entry.code === undefined ? undefined : GUIDANCE[entry.code];
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
