/**
 * What a failed save means for an account form (spec 000 §8):
 * - a token-expired number has already signed the claimant out: stop;
 * - the server's field errors (Number 100 naming a Field the form has) go under those fields and
 *   the form stays open;
 * - anything else is shown with the app's alert and the save has failed (the caller shows the
 *   'failed to save' toast, or its own alert).
 */
import { showUnexpectedFormError } from '../../components/alert-unexpected.ts';
import { applyServerErrors } from '../../components/forms/apply-server-errors.ts';
import { showAlert } from '../../lib/feedback/alerts.ts';
import { isRequestError } from '../../lib/request/request-error.ts';
import type { UpdateOutcome } from './sections.ts';

export type SaveFailure = 'stopped' | 'fields' | 'failed';

export function handleSaveError(
  error: unknown,
  fields: readonly string[],
  setFieldError: (field: string, message: string) => void,
  options: { alert?: boolean } = {},
): SaveFailure {
  if (!isRequestError(error)) {
    if (options.alert !== false) showUnexpectedFormError();
    return 'failed';
  }
  if (error.forcedLogout) return 'stopped';
  if (error.kind === 'server') {
    const { allFields } = applyServerErrors(error, {
      fieldIds: Object.fromEntries(fields.map((field) => [field, field])),
      setError: ({ path, message }) => setFieldError(path, message),
      allOrNothing: true,
    });
    if (allFields) return 'fields';
  }
  if (options.alert !== false) showAlert(error.entries);
  return 'failed';
}

/**
 * Saves an edit view: success goes to the success toast; a refusal about the form's fields stays
 * open with the messages under them ('fields': the form lists them in its summary); any other
 * failure is alerted and goes to the error toast.
 */
export async function saveEdit(
  save: () => Promise<unknown>,
  fields: readonly string[],
  setFieldError: (field: string, message: string) => void,
  onDone: (outcome: UpdateOutcome) => void | Promise<void>,
): Promise<SaveFailure | 'saved'> {
  try {
    await save();
  } catch (error) {
    const failure = handleSaveError(error, fields, setFieldError);
    if (failure === 'failed') await onDone('error');
    return failure;
  }
  await onDone('success');
  return 'saved';
}
