/**
 * The error summary of a form whose problems are listed at its top (spec 001 §4, §8): the entries,
 * the key that moves focus to the summary each time it is shown, and sending with the one reading
 * of a failed request that such a form has.
 */
import { useState } from 'react';
import type { SummaryEntry } from '../error-summary.tsx';
import { showAlert } from '../../lib/feedback/alerts.ts';
import { showUnexpectedFormError } from '../alert-unexpected.ts';
import { isRequestError, type RequestError } from '../../lib/request/request-error.ts';

type SendOptions = {
  /** Whether the answer is about the form (listed in the summary); otherwise it is the app's alert (spec 000 §8). */
  aboutForm?: (error: RequestError) => boolean;
  /** Puts the answer under the fields and gives the summary's entries. */
  onFormError: (error: RequestError) => SummaryEntry[];
};

const SERVER_ANSWER = (error: RequestError) => error.kind === 'server';

export function useErrorSummary() {
  const [entries, setEntries] = useState<SummaryEntry[]>([]);
  const [focusKey, setFocusKey] = useState(0);

  /** Lists these problems and moves focus to the summary. */
  const show = (next: SummaryEntry[]) => {
    setEntries(next);
    setFocusKey((k) => k + 1);
  };

  /**
   * Clears the summary and sends. A failed request is listed (a forced logout says nothing more);
   * an answer that is not about the form (offline, time-out) is the app's alert; a failure with no
   * cause the portal can name is spec 001 §8's "Unexpected Form Error" alert.
   */
  const send = async (request: () => Promise<void>, { aboutForm = SERVER_ANSWER, onFormError }: SendOptions) => {
    setEntries([]);
    try {
      await request();
    } catch (caught) {
      if (!isRequestError(caught)) {
        showUnexpectedFormError();
        return;
      }
      if (caught.forcedLogout) return;
      if (!aboutForm(caught)) {
        showAlert(caught.entries);
        return;
      }
      show(onFormError(caught));
    }
  };

  return { summary: { entries, focusKey }, show, send };
}
