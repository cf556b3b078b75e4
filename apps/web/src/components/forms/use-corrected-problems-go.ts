/**
 * Errors follow the form (decision 039): once a press has shown a form's problems, each field the
 * claimant corrects loses its message as the values change, not at the next press; the error
 * summary follows the fields' messages (error-summary.tsx), so its entry goes with it. For the
 * forms whose problems are checked in the press (their rules span several fields), not by
 * react-hook-form as each field changes.
 *
 * `valuesKey` stands for the values as they are now; `recheck` runs after a render in which it
 * changed (never after one that only showed an answer, so a server's message stays until its
 * field is changed) and clears the messages whose problems are no longer found.
 */
import { useEffect, useRef } from 'react';

export function useCorrectedProblemsGo(valuesKey: string, recheck: () => void): void {
  const last = useRef(valuesKey);
  useEffect(() => {
    if (last.current === valuesKey) return;
    last.current = valuesKey;
    recheck();
  });
}
