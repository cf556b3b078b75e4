/**
 * The one form-field wrapper (STYLE.md rule 9): wires the label, hint, aria-invalid and the
 * aria-describedby error text, and a fieldset that is disabled while the form submits; with the
 * submit handler of a form whose button stays usable until the form is ready.
 */
import { useId, type FormEvent, type FormHTMLAttributes, type ReactNode } from 'react';
import { useSteadyWhilePressed } from '../lib/feedback/steady-while-pressed.ts';
import styles from './form-field.module.css';

type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
};

/**
 * A control's id (the given one, or one generated), the ids of its hint and error, and what it
 * is described by: the hint and the error that are shown.
 */
function useDescription(givenId: string | undefined, hint: ReactNode, given: string | undefined) {
  const generatedId = useId();
  // The movement rule: a message that a press changes (the press leaves this field,
  // which checks it) waits until the press has become a click, so nothing below moves under it.
  const error = useSteadyWhilePressed(given);
  const id = givenId ?? generatedId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy, error };
}

/** The aria attributes a control (or each part of a group) carries. */
function ariaOf(describedBy: string | undefined, error: string | undefined, required: boolean) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': required ? true : undefined,
  } as const;
}

type NotesProps = {
  ids: { hintId: string; errorId: string };
  hint?: ReactNode;
  error?: string | undefined;
  classNames: { readonly hint: string | undefined; readonly error: string | undefined };
};

/** The hint and the error message, each under its id, so the control is described by them. */
function Notes({ ids, hint, error, classNames }: NotesProps) {
  return (
    <>
      {hint ? (
        <p className={classNames.hint} id={ids.hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className={classNames.error} id={ids.errorId}>
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
    </>
  );
}

const NOTES = { hint: styles.hint, error: styles.error };

type FieldProps = {
  label: ReactNode;
  /** The control's id (an error summary links to it); generated when absent. */
  id?: string | undefined;
  /** The rule's message (from contracts); shown under the label and read with the control. */
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  children: (control: FieldControlProps) => ReactNode;
};

export function Field({ label, id: givenId, error: given, hint, required = false, children }: FieldProps) {
  const { id, describedBy, error, ...ids } = useDescription(givenId, hint, given);
  return (
    <div className={`${styles.field} ${error ? styles.invalid : ''}`}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <Notes ids={ids} hint={hint} error={error} classNames={NOTES} />
      {children({ id, ...ariaOf(describedBy, error, required) })}
    </div>
  );
}

type GroupControlProps = {
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
};

type FieldGroupProps = {
  /** Read as the group's name (a legend): one question answered by several inputs. */
  legend: ReactNode;
  /** Prefix of the parts' ids; generated when absent. */
  idPrefix?: string | undefined;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  /** The group's parts, each labelled on its own; they share the hint and the error. */
  children: (control: GroupControlProps & { idPrefix: string }) => ReactNode;
  'data-testid'?: string;
};

/**
 * Several inputs for one answer (a claim number in two parts, a choice of radio buttons): a
 * fieldset with a legend. The red bar of an error is on a box around the fieldset, so it runs
 * beside the legend too, as a field's runs beside its label (a fieldset draws its legend above
 * its own border).
 */
export function FieldGroup({
  legend,
  idPrefix,
  error: given,
  hint,
  required = false,
  children,
  ...rest
}: FieldGroupProps) {
  const { id, describedBy, error, ...ids } = useDescription(idPrefix, hint, given);
  return (
    <div className={`${styles.field} ${error ? styles.invalid : ''}`}>
      <fieldset className={styles.fieldset} data-testid={rest['data-testid']}>
        <legend className={styles.label}>{legend}</legend>
        <Notes ids={ids} hint={hint} error={error} classNames={NOTES} />
        {children({ idPrefix: id, ...ariaOf(describedBy, error, required) })}
      </fieldset>
    </div>
  );
}

type CheckboxFieldProps = {
  label: ReactNode;
  id?: string | undefined;
  hint?: ReactNode;
  /** A required box that is not ticked (e.g. the terms agreement) shows its message under it. */
  error?: string | undefined;
  children: (control: Omit<FieldControlProps, 'aria-required'>) => ReactNode;
};

const CHECKBOX_HINT = { hint: styles.checkboxHint, error: undefined };
const CHECKBOX_ERROR = { hint: undefined, error: styles.checkboxError };

/**
 * A checkbox with its label beside it (a large touch target: the whole row is clickable). Its
 * error looks like every other field's: the red bar, and the message in red above the
 * control across the whole row; the hint stays under the label.
 */
export function CheckboxField({ label, id: givenId, hint, error: given, children }: CheckboxFieldProps) {
  const { id, describedBy, error, ...ids } = useDescription(givenId, hint, given);
  return (
    <div className={`${styles.checkbox} ${error ? styles.invalid : ''}`}>
      <Notes ids={ids} error={error} classNames={CHECKBOX_ERROR} />
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      <label className={styles.checkboxLabel} htmlFor={id}>
        {label}
      </label>
      <Notes ids={ids} hint={hint} classNames={CHECKBOX_HINT} />
    </div>
  );
}

type FormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'children' | 'aria-label' | 'aria-labelledby'> & {
  /** Disables every control (fieldset) while the form is being sent. */
  submitting: boolean;
  /**
   * The form's name, the legend of its fieldset (every fieldset has one, WCAG H71): visually
   * hidden, since the page's heading already shows it.
   */
  legend: string;
  /**
   * Shown at the form's top, outside the fieldset (an edit view's error summary). A slot, so this
   * module — in /login's first download — does not carry the summary.
   */
  before?: ReactNode;
  children: ReactNode;
};

/** A form whose controls sit in a fieldset that is disabled while submitting, named by its legend. */
export function Form({ submitting, legend, before, children, ...rest }: FormProps) {
  return (
    <form noValidate aria-busy={submitting || undefined} {...rest}>
      {before}
      <fieldset className={styles.fieldset} disabled={submitting}>
        <legend className="visually-hidden">{legend}</legend>
        {children}
      </fieldset>
    </form>
  );
}

/**
 * The submit handler of a form whose button stays usable (aria-disabled) until the form is ready
 * (spec 000 §5, spec 001 §4): a press while sending does nothing, a press on a form that is not
 * ready shows its problems, otherwise the form is sent.
 */
export function submitWhenReady(
  state: { submitting: boolean; ready: boolean },
  send: (event: FormEvent<HTMLFormElement>) => unknown,
  showProblems: () => unknown,
): (event: FormEvent<HTMLFormElement>) => void {
  return (event) => {
    event.preventDefault();
    if (state.submitting) return;
    if (!state.ready) {
      void showProblems();
      return;
    }
    void send(event);
  };
}
