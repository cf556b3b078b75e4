/**
 * A form that lists its problems at its top when it is sent too early (spec 001 §4, §8), as the
 * registration, recovery and reset-password forms are: the error summary, then the controls in a
 * fieldset that is disabled while sending, ended by a submit button that stays in the tab order,
 * aria-disabled until the form is ready, with the live hint under it (button-hint.tsx) that says
 * why it cannot be used yet or that the request is being processed.
 */
import type { FormHTMLAttributes, ReactNode } from 'react';
import { ErrorSummary, type SummaryEntry } from '../error-summary.tsx';
import { ButtonHint } from './button-hint.tsx';

type SummaryFormProps = Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'className' | 'children' | 'aria-label' | 'aria-labelledby'
> & {
  /** Prefix of the test ids: `${name}-form`, `${name}-errors`. */
  name: string;
  /** The form's name, its fieldset's legend (visually hidden: the card's heading shows it). */
  legend: string;
  summary: { entries: readonly SummaryEntry[]; focusKey: number };
  submitting: boolean;
  classNames: { readonly form?: string | undefined; readonly fieldset?: string | undefined };
  children: ReactNode;
  /** Shown after the fieldset, so it is not disabled while sending (an overlay the form opens). */
  after?: ReactNode;
};

export function SummaryForm({
  name,
  legend,
  summary,
  submitting,
  classNames,
  children,
  after,
  ...rest
}: SummaryFormProps) {
  return (
    <form
      noValidate
      aria-busy={submitting || undefined}
      className={classNames.form}
      data-testid={`${name}-form`}
      {...rest}
    >
      <ErrorSummary {...summary} data-testid={`${name}-errors`} />
      <fieldset className={classNames.fieldset} disabled={submitting}>
        <legend className="visually-hidden">{legend}</legend>
        {children}
      </fieldset>
      {after}
    </form>
  );
}

type SubmitButtonProps = {
  /** Prefix of the ids and test ids: `${name}-submit`, `${name}-submit-hint`. */
  name: string;
  label: string;
  /** The button's text while sending. */
  busyLabel?: string;
  state: { ready: boolean; submitting: boolean };
  hint: {
    /** What is still needed, while the form is not ready. */
    text: string;
    /** Said while sending. */
    busy: string;
    className: string | undefined;
  };
};

export function SubmitButton({ name, label, busyLabel = 'Please wait…', state, hint }: SubmitButtonProps) {
  const { ready, submitting } = state;
  const hintId = `${name}-submit-hint`;
  return (
    <>
      <button
        type="submit"
        className="button button--block"
        aria-disabled={!ready || undefined}
        aria-describedby={!ready && !submitting ? hintId : undefined}
        data-testid={`${name}-submit`}
      >
        {submitting ? busyLabel : label}
      </button>
      <ButtonHint
        id={hintId}
        className={hint.className}
        needed={ready ? [] : [hint.text]}
        text={hint.text}
        busy={submitting && hint.busy}
      />
    </>
  );
}
