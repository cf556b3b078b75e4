import { useEffect } from 'react';
import {
  useForm,
  useWatch,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type Resolver,
} from 'react-hook-form';
import { useFieldSummary } from '../../../components/forms/use-field-summary.ts';
import { useLocalDraft } from '../../../lib/forms/use-form-draft.ts';
import type { EditDraft } from '../drafts.ts';
import { saveEdit } from '../save-error.ts';
import type { UpdateOutcome } from '../sections.ts';

type EditFormOptions<T extends FieldValues, D extends Partial<T>> = {
  resolver: Resolver<T>;
  defaultValues: DefaultValues<T>;
  focus: FieldPath<T> | false;
  /** The control of each field (name → id), in the order the error summary lists them. */
  ids: Partial<Record<FieldPath<T>, string>>;
  /** What of the form this device keeps until it is saved or cancelled (../drafts.ts). */
  draft: EditDraft<T, D>;
  onCancel: () => void;
  onDone: (outcome: UpdateOutcome) => void | Promise<void>;
};

/**
 * The form of an edit view of My Details (spec 000 §5): each field is checked when it is left, and
 * when the view opens inline the claimant is put in `focus` (false: app mode's page, or back from
 * an access code, where the page places focus itself).
 *
 * What the claimant changes is kept on this device (useLocalDraft, per account), so an idle
 * time-out loses nothing: the same account gets it back the next time it opens this edit view.
 * Cancel and a save (`cancel`, `done`) drop it; a save that failed keeps it for the next try.
 *
 * A press with problems lists them in the form's error summary (`summary`, shown by EditForm),
 * and so does a refusal of the server about the form's fields (`send`).
 */
export function useEditForm<T extends FieldValues, D extends Partial<T>>(options: EditFormOptions<T, D>) {
  const form = useForm<T>({
    resolver: options.resolver,
    mode: 'onTouched',
    // A press with problems lists them in the form's error summary and focuses it (use-field-summary.ts).
    shouldFocusError: false,
    defaultValues: options.defaultValues,
  });
  const { setFocus, reset, getValues, control } = form;
  const { focus, draft, onCancel, onDone } = options;
  const { summary, listFields, listProblems } = useFieldSummary(form, options.ids);
  useEffect(() => {
    if (focus) setFocus(focus);
  }, [focus, setFocus]);

  const values = useWatch({ control }) as T;
  const kept = draft.keep(values);
  const unchanged = JSON.stringify(kept) === JSON.stringify(draft.keep(options.defaultValues as T));
  const { restoredNotice, forget } = useLocalDraft<D>({
    form: draft.form,
    mirror: draft.mirror,
    scope: draft.scope ?? 'account',
    draft: unchanged ? null : kept,
    // The record's values stay the defaults, so "something changed" still compares with them.
    restore: (restored) => reset({ ...getValues(), ...restored }, { keepDefaultValues: true }),
  });

  const cancel = () => {
    forget();
    onCancel();
  };
  const done = (outcome: UpdateOutcome) => {
    if (outcome !== 'error') forget();
    return onDone(outcome);
  };

  /** Save: checked, then `save`d; the server's messages about `fields` go under them and are listed. */
  const send = (save: (values: T) => Promise<unknown>, fields: readonly FieldPath<T>[]) =>
    form.handleSubmit(
      async (values) => {
        const setFieldError = (field: string, message: string) =>
          form.setError(field as FieldPath<T>, { type: 'server', message });
        if ((await saveEdit(() => save(values), fields, setFieldError, done)) === 'fields') listFields();
      },
      () => listFields(),
    );

  // Read here, so the edit view's form (edit-form.tsx) is given it with the rest.
  const submitting = form.formState.isSubmitting;
  return { form, restoredNotice, cancel, done, submitting, summary, listFields, listProblems, send };
}
