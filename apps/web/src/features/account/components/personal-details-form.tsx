/**
 * The Name & Date of Birth edit view: a change request (spec 000 §4 "Personal details change",
 * §5). The title is read-only; first name, middle names, surname and date of birth follow the
 * contracts' DetailsRequestRequest rules, with a reason from the UpdatePersonalReason list (Other
 * needs 1–250 characters) and optional supporting files.
 *
 * Sending is three calls: the request (answers its Identifier), each file through the shared
 * upload engine with FormType 'details' and that FormId, then the final submit. The stored details
 * change only when the provider approves. Any failure alerts 'Error: Failed to submit form' (an
 * upload's own failure 'Error {Number}: {Message}') and resets the uploads: the files stay listed
 * and are sent again, with a new request, on the next try. The alert's title is the spec's toast
 * 'Your Personal Details failed to save' (§8; decision 027: the form stays open, so the files are kept).
 */
import { LIMITS, MESSAGES, OTHER_ITEM, formatDisplayDate, type ClaimantDetails } from '@portal/contracts';
import { useEffect, useRef } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Field, submitWhenReady } from '../../../components/form-field.tsx';
import { PersonFields } from '../../../components/forms/person-fields.tsx';
import { useDropdownList } from '../../../lib/api/get-dropdown-list.ts';
import { showAlert } from '../../../lib/feedback/alerts.ts';
import { isRequestError } from '../../../lib/request/request-error.ts';
import { uploadFile, type UploadHandle } from '../../../lib/uploads/upload.ts';
import { submitDetailsRequest } from '../api/submit-details-request.ts';
import { uploadDetailsRequest } from '../api/upload-details-request.ts';
import { titleName } from '../rules.ts';
import { handleSaveError } from '../save-error.ts';
import { EditForm } from './edit-form.tsx';
import type { EditFormProps } from './form-types.ts';
import {
  CLAIMANT_PERSONAL_DRAFT,
  PERSONAL_DRAFT,
  PERSONAL_FIELD_IDS,
  personalResolver,
  type PersonalFieldName,
  type UpdateReason,
} from './personal-details.ts';
import { SupportingFiles, supportingFile, useSupportingFiles } from './supporting-files.tsx';
import { useEditForm } from './use-edit-form.ts';
import styles from './account.module.css';

export { personalResolver, type PersonalValues } from './personal-details.ts';

/** The title is changed by phone; helping, it is the claimant's. */
const titleHint = (whose: string | undefined) => `To change ${whose ? 'their' : 'your'} title, please call us.`;

const SAVE_HINT = 'Complete each detail correctly and choose a reason to send the request.';

class UploadFailed extends Error {}

/** spec 000 §8's toast for a failed personal-details change, the title of its alert. */
const DETAILS_FAILED = 'Your Personal Details failed to save';

/** The form starts from the details on record, with no reason chosen. */
const startingValues = (details: ClaimantDetails['PersonalDetails']) => ({
  FirstName: details.FirstName,
  MiddleNames: details.MiddleNames,
  Surname: details.Surname,
  DateOfBirth: formatDisplayDate(details.DateOfBirth),
  Reason: undefined,
  OtherReason: '',
});

type PersonalFormProps = EditFormProps<Pick<ClaimantDetails, 'PersonalDetails'>> & {
  /** Helping (decision 041): the claimant's first name; the request is sent for them. */
  whose?: string;
};

export function PersonalDetailsForm({ account, autoFocus = false, onCancel, onDone, whose }: PersonalFormProps) {
  const details = account.PersonalDetails;
  const reasons = useDropdownList('UpdatePersonalReason');
  const edit = useEditForm({
    resolver: personalResolver,
    defaultValues: startingValues(details),
    focus: autoFocus && 'FirstName',
    ids: PERSONAL_FIELD_IDS,
    draft: whose ? CLAIMANT_PERSONAL_DRAFT : PERSONAL_DRAFT,
    onCancel,
    onDone,
  });
  const { form, done } = edit;
  const { register, control, handleSubmit, setError } = form;
  const { errors, isValid, isSubmitting } = form.formState;
  const [reason, otherReason] = useWatch({ control, name: ['Reason', 'OtherReason'] });
  const other = reason?.Item === OTHER_ITEM;
  const { files, setFiles, setFile, resetUploads, eventsOf } = useSupportingFiles();
  const uploads = useRef<UploadHandle | null>(null);
  const canSave = isValid;

  // Leaving the page stops an upload still in flight.
  useEffect(() => () => uploads.current?.abort(), []);

  const send = handleSubmit(
    async (values) => {
      let formId: string;
      try {
        const created = await uploadDetailsRequest({
          FirstName: values.FirstName,
          MiddleNames: values.MiddleNames,
          Surname: values.Surname,
          DateOfBirth: values.DateOfBirth,
          Reason: values.Reason as UpdateReason,
          ...(values.Reason?.Item === OTHER_ITEM ? { OtherReason: values.OtherReason } : {}),
        });
        formId = created.Identifier;
      } catch (error) {
        const outcome = handleSaveError(
          error,
          Object.keys(PERSONAL_FIELD_IDS),
          (field, message) => setError(field as PersonalFieldName, { type: 'server', message }),
          { alert: false },
        );
        if (outcome === 'failed') showAlert([{ message: MESSAGES.detailsSubmitFailed }], DETAILS_FAILED);
        if (outcome === 'fields') edit.listFields();
        return;
      }
      try {
        for (const item of files) {
          setFile(item.key, { state: 'uploading', progress: 0 });
          const { onProgress, onStatus } = eventsOf(item.key);
          const handle = uploadFile(item.file, { FormType: 'details', FormId: formId }, onProgress, onStatus);
          uploads.current = handle;
          try {
            await handle.promise;
          } catch (error) {
            if (isRequestError(error) && error.forcedLogout) return;
            const first = isRequestError(error) ? error.items[0] : undefined;
            // spec 000 §8: "Upload failure: alert 'Error {Number}: {Message}'".
            showAlert(
              [{ message: first ? `Error ${first.Number}: ${first.Message}` : MESSAGES.detailsSubmitFailed }],
              DETAILS_FAILED,
            );
            throw new UploadFailed();
          } finally {
            uploads.current = null;
          }
          setFile(item.key, { state: 'sent', progress: 100 });
        }
        await submitDetailsRequest({ FormId: formId, IdempotencyKey: crypto.randomUUID() });
      } catch (error) {
        resetUploads();
        if (error instanceof UploadFailed) return;
        if (isRequestError(error) && error.forcedLogout) return;
        showAlert([{ message: MESSAGES.detailsSubmitFailed }], DETAILS_FAILED);
        return;
      }
      await done('approval');
    },
    () => edit.listFields(),
  );

  const onSubmit = submitWhenReady({ submitting: isSubmitting, ready: canSave }, send, edit.listProblems);

  const title = titleName(details.Title);

  return (
    <EditForm
      name="personal"
      label={whose ? `Ask to change ${whose}'s name or date of birth` : 'Ask to change your name or date of birth'}
      edit={edit}
      save={{ canSave, saveLabel: 'Send for approval', hint: SAVE_HINT, onSubmit }}
    >
      <p className={styles.note}>
        We check a change to {whose ? 'a' : 'your'} name or date of birth before it is made. Tell us why it has changed;
        documents that support it help us approve it sooner.
      </p>
      <Field id="account-personal-title" label="Title" hint={titleHint(whose)}>
        {(c) => (
          <input
            {...c}
            type="text"
            value={title === 'Unknown' ? 'No title' : title}
            readOnly
            className={styles.medium}
            data-testid="personal-title"
          />
        )}
      </Field>
      <PersonFields
        register={register}
        control={control}
        errors={errors}
        ids={PERSONAL_FIELD_IDS}
        testIdPrefix="personal"
        fields={[
          'FirstName',
          {
            kind: 'MiddleName',
            name: 'MiddleNames',
            label: 'Middle names (optional)',
            testId: 'personal-middle-names',
          },
          { kind: 'LastName', name: 'Surname', label: 'Surname', testId: 'personal-surname' },
          { kind: 'DateOfBirth', name: 'DateOfBirth', className: styles.medium },
        ]}
      />
      <Controller
        control={control}
        name="Reason"
        render={({ field, fieldState }) => (
          <Field
            id={PERSONAL_FIELD_IDS.Reason}
            label="Reason for the change"
            error={fieldState.error?.message}
            required
          >
            {(c) => (
              <select
                {...c}
                ref={field.ref}
                name={field.name}
                value={field.value ? String(field.value.Id) : ''}
                onBlur={field.onBlur}
                onChange={(event) => {
                  const chosen = reasons.data?.find((r) => String(r.Id) === event.currentTarget.value);
                  field.onChange(chosen ? { Id: chosen.Id, Item: chosen.Item } : undefined);
                }}
                data-testid="personal-reason"
              >
                <option value="">{reasons.isPending ? 'Loading reasons…' : 'Please select'}</option>
                {(reasons.data ?? []).map((r) => (
                  <option key={r.Id} value={String(r.Id)}>
                    {r.Item}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
      />
      {other ? (
        <Field
          id={PERSONAL_FIELD_IDS.OtherReason}
          label="Tell us the reason"
          hint={`Up to ${LIMITS.otherReasonMax} characters.`}
          error={errors.OtherReason?.message}
          required
        >
          {(c) => (
            <>
              <textarea {...c} {...register('OtherReason')} rows={3} data-testid="personal-other-reason" />
              <p className={styles.count} aria-live="polite" data-testid="personal-other-reason-count">
                {otherReason.length} of {LIMITS.otherReasonMax} characters
              </p>
            </>
          )}
        </Field>
      ) : null}
      <SupportingFiles
        id="account-personal-files"
        files={files}
        onAdd={(file) => setFiles((list) => [...list, supportingFile(file)])}
        onRemove={(key) => setFiles((list) => list.filter((f) => f.key !== key))}
        disabled={isSubmitting}
      />
    </EditForm>
  );
}
