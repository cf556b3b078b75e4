/**
 * Saves the survey's answers as soon as they are chosen (spec 001 §4). Saves run one after the
 * other and each carries the whole set of answers, so the last one to finish always holds the
 * latest choices. `flush` waits for the saves in flight and, if the last one failed, sends the
 * whole set once more (Submit uses it, so nothing chosen is lost).
 */
import { useCallback, useRef, useState } from 'react';
import type { Assessment } from '../api/get-assessment.ts';
import { savedValues, updateAssessment } from '../api/update-assessment.ts';
import type { SaveStatus } from '../components/survey-question.tsx';

export function useAnswerSaver(assessment: Assessment | undefined, onError: (error: unknown) => void) {
  const [chosen, setChosen] = useState<Record<number, string>>({});
  const [status, setStatus] = useState<Record<number, SaveStatus>>({});
  const latest = useRef<Record<number, string> | null>(null);
  const chain = useRef<Promise<boolean>>(Promise.resolve(true));

  const values: Record<number, string> = { ...(assessment ? savedValues(assessment) : {}), ...chosen };

  const enqueue = useCallback(
    (snapshot: Record<number, string>): Promise<boolean> => {
      if (!assessment) return Promise.resolve(false);
      const next = chain.current.then(async () => {
        try {
          await updateAssessment(assessment, assessment.AcceptedTerms, snapshot);
          return true;
        } catch (error) {
          onError(error);
          return false;
        }
      });
      chain.current = next;
      void next.then((ok) => {
        setStatus((previous) => {
          const updated = { ...previous };
          for (const [key, state] of Object.entries(previous)) {
            const id = Number(key);
            // Only answers still as they were sent: a newer choice has its own save coming.
            if (state !== 'saved' && (latest.current?.[id] ?? '') === (snapshot[id] ?? '')) {
              updated[id] = ok ? 'saved' : 'error';
            }
          }
          return updated;
        });
      });
      return next;
    },
    [assessment, onError],
  );

  const choose = (questionId: number, value: string) => {
    if (!assessment) return;
    latest.current ??= savedValues(assessment);
    latest.current = { ...latest.current, [questionId]: value };
    const snapshot = latest.current;
    setChosen((previous) => ({ ...previous, [questionId]: value }));
    setStatus((previous) => ({ ...previous, [questionId]: 'saving' }));
    void enqueue(snapshot);
  };

  const flush = async (): Promise<boolean> => {
    if (await chain.current) return true;
    if (!assessment) return false;
    latest.current ??= savedValues(assessment);
    return enqueue(latest.current);
  };

  return { values, status, choose, flush };
}
