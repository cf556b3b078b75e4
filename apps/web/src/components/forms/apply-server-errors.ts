/**
 * The one way a form reads the server's 225 list (spec 000 §8, spec 001 §4): each item that names
 * one of the form's fields (Field: 'Username', or a path inside it such as 'PhoneNumber.Number')
 * goes under that field, and every item becomes an entry of the form's error summary, linked to
 * its field when the form has it.
 */
import type { ErrorItem } from '@portal/contracts';
import type { SummaryEntry } from '../error-summary.tsx';
import type { RequestError } from '../../lib/request/request-error.ts';

type ServerFieldError = {
  /** The form's field the item is about (the first part of its Field). */
  field: string;
  /** The item's Field as the server wrote it ('PhoneNumber.Number'). */
  path: string;
  message: string;
};

export type ServerErrorsOptions = {
  /** The form's fields: name → id of the control a summary entry links to. */
  fieldIds: Readonly<Record<string, string>>;
  /** Puts a message under a field (react-hook-form's setError, or the form's own). */
  setError?: ((error: ServerFieldError) => void) | undefined;
  /** The text shown for an item (a form may word a number its own way). */
  rewrite?: ((item: Pick<ErrorItem, 'Number' | 'Message'>) => string) | undefined;
  /**
   * Only when every item names one of the form's fields are they put under the fields (an
   * account edit: anything else is the app's alert); otherwise none is.
   */
  allOrNothing?: boolean | undefined;
};

export type ServerErrors = {
  /** The summary's entries, in the server's order. */
  entries: SummaryEntry[];
  /** The items that named a field of the form, as they were put under their fields. */
  fields: ServerFieldError[];
  /** True when every item named a field of the form. */
  allFields: boolean;
};

export function applyServerErrors(error: RequestError, options: ServerErrorsOptions): ServerErrors {
  const { fieldIds, setError, rewrite = (item) => item.Message, allOrNothing = false } = options;
  const fields: ServerFieldError[] = [];
  const entries = error.items.map((item) => {
    const message = rewrite(item);
    const field = item.Field?.split('.')[0];
    const fieldId = field ? fieldIds[field] : undefined;
    if (item.Field && field && fieldId) fields.push({ field, path: item.Field, message });
    return { message, fieldId };
  });
  const allFields = error.items.length > 0 && fields.length === error.items.length;
  if (setError && (allFields || !allOrNothing)) for (const found of fields) setError(found);
  return { entries, fields, allFields };
}
