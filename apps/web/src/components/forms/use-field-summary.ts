/**
 * The error summary of a form whose fields are checked by react-hook-form and carry their own
 * messages (My Details' sections, the password change, the survey check): a press while the form
 * is waiting checks every field and lists those in error at the form's top, in the order of `ids`
 * (field name → control id), with the focus on the list; a refusal of the server about the form's
 * fields is listed the same way. From there the summary follows the fields (decision 039).
 */
import type { FieldPath, FieldValues, UseFormGetFieldState, UseFormTrigger } from 'react-hook-form';
import { fieldEntries } from '../error-summary.tsx';
import { useErrorSummary } from './use-error-summary.ts';

type CheckedForm<T extends FieldValues> = {
  trigger: UseFormTrigger<T>;
  getFieldState: UseFormGetFieldState<T>;
};

/** A field's message: its own, or the first of its parts' (an address whose chosen line is missing). */
function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const [key, part] of Object.entries(error)) {
    if (key === 'ref' || key === 'types') continue;
    const found = messageOf(part);
    if (found) return found;
  }
  return undefined;
}

export function useFieldSummary<T extends FieldValues>(
  form: CheckedForm<T>,
  ids: Partial<Record<FieldPath<T>, string>>,
) {
  const { summary, show, send } = useErrorSummary();

  /** Lists the fields in error now, in the order of `ids`. */
  const listFields = () => {
    const fields = (Object.entries(ids) as Array<[FieldPath<T>, string]>).map(([name, fieldId]) => ({
      fieldId,
      message: messageOf(form.getFieldState(name).error),
    }));
    show(fieldEntries(fields));
  };

  /** Checks every field, then lists those in error. Whether the form is valid. */
  const listProblems = async (): Promise<boolean> => {
    const valid = await form.trigger();
    listFields();
    return valid;
  };

  return { summary, listFields, listProblems, send };
}
