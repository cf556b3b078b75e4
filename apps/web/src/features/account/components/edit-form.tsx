/**
 * An edit view's form (spec 000 §5): its fields in a fieldset that is disabled while saving, then
 * Save and Cancel with the line that says why Save cannot be used yet, and the notice that what was
 * typed before a time-out was put back.
 */
import type { FormEventHandler, ReactNode } from 'react';
import { ErrorSummary, type SummaryEntry } from '../../../components/error-summary.tsx';
import { Form } from '../../../components/form-field.tsx';
import { FormActions } from './account-block.tsx';
import styles from './account.module.css';

type EditFormProps = {
  /** Test ids `${name}-form`, `${name}-save`, `${name}-cancel`, …; the hint's id `account-${name}-save-hint`. */
  name: string;
  /** The form's name (its fieldset's legend). */
  label: string;
  /** The view's state: useEditForm's, or a page's own; its error summary has the test id `${name}-errors`. */
  edit: {
    submitting: boolean;
    cancel: () => void;
    restoredNotice?: string;
    summary?: { entries: readonly SummaryEntry[]; focusKey: number };
  };
  save: {
    canSave: boolean;
    /** Why Save cannot be used yet. */
    hint: string | undefined;
    /** What Save still needs, listed after the hint in the live hint. */
    needed?: readonly string[];
    saveLabel?: string;
    hintId?: string;
    onSubmit: FormEventHandler<HTMLFormElement>;
  };
  children: ReactNode;
};

export function EditForm({ name, label, edit, save, children }: EditFormProps) {
  return (
    <Form
      submitting={edit.submitting}
      onSubmit={save.onSubmit}
      className={styles.form}
      legend={label}
      before={edit.summary ? <ErrorSummary {...edit.summary} data-testid={`${name}-errors`} /> : null}
      data-testid={`${name}-form`}
    >
      {children}
      <FormActions
        canSave={save.canSave}
        saving={edit.submitting}
        saveLabel={save.saveLabel}
        hint={save.hint}
        needed={save.needed}
        hintId={save.hintId ?? `account-${name}-save-hint`}
        onCancel={edit.cancel}
        restoredNotice={edit.restoredNotice}
        testId={name}
      />
    </Form>
  );
}
