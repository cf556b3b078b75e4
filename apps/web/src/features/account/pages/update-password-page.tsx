/**
 * /updatepassword (spec 000 §2 "The Password block links to /updatepassword", §4, §5, §8): the
 * current password, a new one that follows the rules (8–16 characters, 3 of the 4 classes, with
 * the live rule box) and the same again; the contracts' UpdatePasswordRequest. Error 80 ('Invalid
 * password. Try again') is shown at the current password. Success goes to
 * /accountupdated/password/success; the server ends every other session of the account.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ErrorNumber, UpdatePasswordRequest } from '@portal/contracts';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { showUnexpectedFormError } from '../../../components/alert-unexpected.ts';
import { Field, submitWhenReady } from '../../../components/form-field.tsx';
import { useFieldSummary } from '../../../components/forms/use-field-summary.ts';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { PasswordInput } from '../../../components/password-input.tsx';
import { showAlert } from '../../../lib/feedback/alerts.ts';
import { isRequestError } from '../../../lib/request/request-error.ts';
import { updatePassword, type PasswordChange } from '../api/update-password.ts';
import { EditForm } from '../components/edit-form.tsx';
import { updatedPath } from '../sections.ts';
import styles from '../components/account.module.css';

const IDS = { OldPassword: 'password-old', NewPassword: 'password-new', ReEnterPassword: 'password-re-enter' } as const;

const LABELS = { NewPassword: 'New password', ReEnterPassword: 'Re-enter new password' };

const SAVE_HINT = 'To change your password, enter';

const resolver = zodResolver(UpdatePasswordRequest, undefined, { raw: true }) as unknown as Resolver<PasswordChange>;

export function UpdatePasswordPage() {
  const navigate = useNavigate();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    trigger,
    getFieldState,
    formState: { errors, isValid, isSubmitting, touchedFields },
  } = useForm<PasswordChange>({
    resolver,
    mode: 'onTouched',
    shouldFocusError: false, // a press with problems focuses the error summary instead
    defaultValues: { OldPassword: '', NewPassword: '', ReEnterPassword: '' },
  });
  const { summary, listFields, listProblems } = useFieldSummary({ trigger, getFieldState }, IDS);
  const canSave = isValid;
  // What Change password still needs, for the live hint beside it.
  const [oldPassword, newPassword, again] = useWatch({
    control,
    name: ['OldPassword', 'NewPassword', 'ReEnterPassword'],
  });
  const needed = [
    ...(oldPassword ? [] : ['your current password']),
    ...(!newPassword ? ['a new password'] : errors.NewPassword ? ['a new password that follows the rules'] : []),
    ...(!again ? ['your new password again'] : again !== newPassword ? ['the same new password twice'] : []),
  ];

  const send = handleSubmit(
    async (values) => {
      try {
        await updatePassword(values);
      } catch (error) {
        if (!isRequestError(error)) {
          showUnexpectedFormError();
          return;
        }
        if (error.forcedLogout) return;
        const wrong = error.items.find((item) => item.Number === ErrorNumber.InvalidCurrentPassword);
        if (wrong) {
          // spec 000 §8 error 80: the current password was wrong; type it again (listed, linked to it).
          setValue('OldPassword', '');
          setError('OldPassword', { type: 'server', message: wrong.Message });
          listFields();
          return;
        }
        showAlert(error.entries);
        return;
      }
      await navigate(updatedPath('password', 'success'), { replace: true });
    },
    () => listFields(),
  );

  const onSubmit = submitWhenReady({ submitting: isSubmitting, ready: canSave }, send, listProblems);

  return (
    <div className={`card ${styles.editPage}`}>
      <EditForm
        name="password"
        label="Change your password"
        edit={{ submitting: isSubmitting, cancel: () => void navigate('/account'), summary }}
        save={{
          canSave,
          saveLabel: 'Change password',
          hint: SAVE_HINT,
          needed: needed.length > 0 ? needed : ['a new password that follows the rules'],
          hintId: 'password-save-hint',
          onSubmit,
        }}
      >
        <p className={styles.note}>
          When you change your password, you are signed out everywhere else you are signed in.
        </p>
        <Field id={IDS.OldPassword} label="Current password" error={errors.OldPassword?.message} required>
          {(c) => (
            <PasswordInput
              {...c}
              {...register('OldPassword')}
              autoComplete="current-password"
              toggleLabel="current password"
              data-testid="password-old"
            />
          )}
        </Field>
        <NewPasswordFields
          form={{ register, control, errors, touchedFields }}
          ids={IDS}
          labels={LABELS}
          prefix="password"
        />
      </EditForm>
    </div>
  );
}
