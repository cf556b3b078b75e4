/**
 * The document type and the message of the send-documents form (spec 001 §5): the message is
 * optional for a Tax File Declaration Form and closed for Reimbursement, which points to its form.
 */
import { LIMITS, MESSAGES, REIMBURSEMENT_TYPE, TAX_FILE_DECLARATION } from '@portal/contracts';
import { useController, useWatch, type Control } from 'react-hook-form';
import { Link } from 'react-router';
import { Field } from '../../../components/form-field.tsx';
import type { DocumentType } from '../api/get-document-types.ts';
import { FIELD_IDS, type DocumentsToSubmit, type DocumentsValues, type Errors } from './documents-form.ts';
import styles from '../pages/documents.module.css';

type DocumentTypeFieldsProps = {
  control: Control<DocumentsValues, unknown, DocumentsToSubmit>;
  types: readonly DocumentType[];
  errors: Pick<Errors, 'DocumentType' | 'Description'>;
};

export function DocumentTypeFields({ control: form, types, errors }: DocumentTypeFieldsProps) {
  const typeField = useController({ control: form, name: 'DocumentType' }).field;
  const messageField = useController({ control: form, name: 'Description' }).field;
  const [type, message] = useWatch({ control: form, name: ['DocumentType', 'Description'] });
  const tfd = type?.Item === TAX_FILE_DECLARATION;
  const reimbursement = type?.Item === REIMBURSEMENT_TYPE;
  return (
    <>
      <Field label="Document type" id={FIELD_IDS.DocumentType} error={errors.DocumentType} required>
        {(control) => (
          <select
            {...control}
            data-testid="documents-type"
            ref={typeField.ref}
            name={typeField.name}
            onBlur={typeField.onBlur}
            value={type ? String(type.Id) : ''}
            onChange={(e) => {
              const chosen = types.find((t) => String(t.Id) === e.currentTarget.value) ?? null;
              typeField.onChange(chosen);
            }}
          >
            <option value="">Please select</option>
            {types.map((t) => (
              <option key={t.Id} value={String(t.Id)}>
                {t.Item}
              </option>
            ))}
          </select>
        )}
      </Field>
      {reimbursement ? (
        <p className="callout callout--warning" data-testid="documents-reimbursement-note">
          <span>
            {MESSAGES.reimbursementUseForm}: <Link to="/reimbursementform">Claim reimbursement</Link>
          </span>
        </p>
      ) : null}
      <Field
        label={tfd ? 'Message (optional)' : 'Message'}
        id={FIELD_IDS.Description}
        error={errors.Description}
        required={!tfd && !reimbursement}
        hint={`Up to ${LIMITS.documentMessageMax} characters.`}
      >
        {(control) => (
          <>
            <textarea
              {...control}
              data-testid="documents-message"
              rows={6}
              maxLength={LIMITS.documentMessageMax}
              disabled={reimbursement}
              ref={messageField.ref}
              name={messageField.name}
              onBlur={messageField.onBlur}
              value={reimbursement ? '' : message}
              onChange={(e) => messageField.onChange(e.currentTarget.value)}
            />
            <p className={styles.count} data-testid="documents-message-count" aria-live="polite">
              {(reimbursement ? 0 : message.length).toString()} of {LIMITS.documentMessageMax} characters
            </p>
          </>
        )}
      </Field>
    </>
  );
}
