/**
 * The form's two steps (spec 001 Reimbursement form: "Next" goes to review, "Edit form" back).
 * Focus moves to the step's heading on each change, and the step is announced.
 */
import { useEffect, useRef, useState } from 'react';
import type { Step } from '../lib/claim.ts';

export const STEP_TITLES: Record<Step, string> = { edit: 'Your claim', review: 'Check your claim' };
export const STEP_NUMBERS: Record<Step, number> = { edit: 1, review: 2 };
const stepName = (step: Step) => `Step ${STEP_NUMBERS[step]} of 2: ${STEP_TITLES[step]}`;

export function useClaimStep() {
  const [step, setStep] = useState<Step>('edit');
  const [announcement, setAnnouncement] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);
  const announceTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    headingRef.current?.focus();
  }, [step]);

  useEffect(
    () => () => {
      if (announceTimer.current) clearTimeout(announceTimer.current);
    },
    [],
  );

  const changeStep = (next: Step, options: { focus?: boolean } = {}) => {
    focusHeading.current = options.focus ?? true;
    setStep(next);
    setAnnouncement('');
    if (announceTimer.current) clearTimeout(announceTimer.current);
    // A fresh text after a short pause is announced reliably by screen readers.
    announceTimer.current = setTimeout(() => setAnnouncement(stepName(next)), 100);
  };

  /** The step of a restored draft: shown as it is, without moving focus or announcing it. */
  return { step, restoreStep: setStep, changeStep, announcement, headingRef };
}
