/**
 * The self-assessment's identity form (spec 001 "Survey", §5): the claim number in two parts and
 * the date of birth (a real date, not today or later), both checked by the contracts' rules
 * (SurveyLoginRequest: 'Enter a valid claim number e.g. 12/34567', 'Enter a valid Date of Birth').
 *
 * Submit is unavailable while the form is invalid (aria-disabled, as on the other identity forms —
 * docs/decisions/010): pressing it then shows each field's message and lists them in the error
 * summary at the form's top, which takes the focus (decision 039).
 * A press is never lost: the messages it changes (leaving a field shows its message, and the date's
 * tidy-up on leaving can clear one) stay as they were until the press has become a click, so
 * Submit does not move under the pointer (lib/feedback/steady-while-pressed.ts); and a form found valid
 * only by the press's own check is sent, not just checked.
 * The outcome of a check (details not matched, too many attempts) is given by the page through
 * `problem`, in an alert region that receives focus.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, SurveyLoginRequest } from '@portal/contracts';
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { ClaimNumberInput } from '../../../components/claim-number-input.tsx';
import { DateInput } from '../../../components/date-input.tsx';
import { ErrorSummary } from '../../../components/error-summary.tsx';
import { Field } from '../../../components/form-field.tsx';
import { ButtonHint } from '../../../components/forms/button-hint.tsx';
import { useFieldSummary } from '../../../components/forms/use-field-summary.ts';
import { Icon } from '../../../components/icon.tsx';
import { useSteadyWhilePressed } from '../../../lib/feedback/steady-while-pressed.ts';
import type { SurveyLoginValues } from '../api/survey-login.ts';
import styles from './survey-identity-form.module.css';

const DEFAULTS: SurveyLoginValues = { ClaimNumber: '', DateOfBirth: '' };

/** The controls a summary entry links to (the claim number's first part). */
const IDS = { ClaimNumber: 'survey-claim-number-first', DateOfBirth: 'survey-date-of-birth' } as const;

/** What Submit still needs: each part that is empty, or typed but not valid. */
function stillNeeded(values: { claimNumber: string; dateOfBirth: string }, errors: FieldErrors<SurveyLoginValues>) {
  return [
    !values.claimNumber ? 'your claim number' : errors.ClaimNumber ? 'a valid claim number' : null,
    !values.dateOfBirth ? 'your date of birth' : errors.DateOfBirth ? 'a valid date of birth' : null,
  ].filter((item): item is string => item !== null);
}

type SurveyIdentityFormProps = {
  onSubmit: (values: SurveyLoginValues) => Promise<void>;
  /** What went wrong with the last check, in plain words (shown in an alert and focused). */
  problem: ReactNode;
  /** Changes with every new problem, so the same message is announced and focused again. */
  problemKey: number;
};

export function SurveyIdentityForm({ onSubmit, problem, problemKey }: SurveyIdentityFormProps) {
  const {
    register,
    control,
    watch,
    handleSubmit,
    trigger,
    getFieldState,
    formState: { errors, isValid, isSubmitting },
  } = useForm<SurveyLoginValues, unknown, SurveyLoginValues>({
    resolver: zodResolver(SurveyLoginRequest.pick({ ClaimNumber: true, DateOfBirth: true }), undefined, { raw: true }),
    mode: 'onTouched',
    shouldFocusError: false, // a press with problems focuses the error summary instead
    defaultValues: DEFAULTS,
  });
  const { summary, listFields } = useFieldSummary({ trigger, getFieldState }, IDS);
  const problemRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (problemKey > 0) problemRef.current?.focus();
  }, [problemKey]);

  const canSubmit = isValid && !isSubmitting;
  const send = handleSubmit(onSubmit, () => listFields());

  const onFormSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    if (!canSubmit) {
      // The validity shown may be a moment old (the date is tidied, and checked, as the press
      // leaves it): check now, and send what turns out to be valid.
      void trigger().then((valid) => {
        if (valid) void send();
        else listFields();
      });
      return;
    }
    void send(event);
  };

  const claimNumberError = useSteadyWhilePressed(errors.ClaimNumber?.message);
  const dateOfBirthError = useSteadyWhilePressed(errors.DateOfBirth?.message);
  const [claimNumber, dateOfBirth] = watch(['ClaimNumber', 'DateOfBirth']);
  const needed = canSubmit ? [] : stillNeeded({ claimNumber, dateOfBirth }, errors);

  return (
    <form
      noValidate
      onSubmit={onFormSubmit}
      aria-busy={isSubmitting || undefined}
      className={styles.form}
      data-testid="survey-login-form"
    >
      <div
        ref={problemRef}
        tabIndex={-1}
        role="alert"
        className={styles.problemRegion}
        data-testid="survey-login-error"
      >
        {problem ? (
          <div className="callout callout--error">
            <Icon name="warning" />
            <div>{problem}</div>
          </div>
        ) : null}
      </div>
      <ErrorSummary {...summary} data-testid="survey-login-errors" />
      <fieldset className={styles.fieldset} disabled={isSubmitting}>
        <legend className="visually-hidden">Check it is you</legend>
        <Controller
          control={control}
          name="ClaimNumber"
          render={({ field }) => (
            <ClaimNumberInput
              id="survey-claim-number"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={claimNumberError}
              testId="survey-claim-number"
            />
          )}
        />
        <Field
          id="survey-date-of-birth"
          label="Date of birth"
          hint="dd/mm/yyyy, for example 27/03/1985"
          error={dateOfBirthError}
          required
        >
          {(c) => (
            <DateInput {...c} {...register('DateOfBirth')} autoComplete="bday" data-testid="survey-date-of-birth" />
          )}
        </Field>
        <button
          type="submit"
          className="button button--block"
          aria-disabled={!canSubmit || undefined}
          aria-describedby={!canSubmit && !isSubmitting ? 'survey-submit-hint' : undefined}
          data-testid="survey-submit"
        >
          {isSubmitting ? 'Please wait…' : 'Submit'}
        </button>
        <ButtonHint
          id="survey-submit-hint"
          className={styles.submitHint}
          needed={needed}
          lead="To continue, enter"
          busy={isSubmitting && MESSAGES.processing}
        />
      </fieldset>
    </form>
  );
}
