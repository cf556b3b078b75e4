/**
 * "Send a message" from the inbox and the sent items: not offered to a helper whose scope does not
 * reach the form (decision 041); the server would refuse the message anyway.
 */
import { Link } from 'react-router';
import { useMayOpen } from '../../../lib/session/helping.ts';

export function SendMessageLink({ className, testId }: { className: string; testId: string }) {
  const mayOpen = useMayOpen();
  if (!mayOpen('/contactus')) return null;
  return (
    <Link to="/contactus" className={className} data-testid={testId}>
      Send a message
    </Link>
  );
}
