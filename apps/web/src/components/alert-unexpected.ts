/**
 * spec 001 §8: 'Client alert when no specific cause is found: "Unexpected Form Error. Please try
 * the following steps: Reload page, Load page in a different browser, Call TAC on 1300 654 329".'
 * The provider's short name and help line are the configured ones.
 */
import { showAlert } from '../lib/feedback/alerts.ts';
import { provider } from '../lib/content/provider.ts';

function unexpectedFormErrorText(): string {
  return (
    'Unexpected Form Error. Please try the following steps: Reload page, Load page in a different browser, ' +
    `Call ${provider.shortName} on ${provider.phone}`
  );
}

/** Shows the alert for a form whose sending failed with no cause the portal can name. */
export function showUnexpectedFormError(): void {
  showAlert([{ message: unexpectedFormErrorText() }]);
}
