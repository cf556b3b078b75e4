/**
 * The Bank Account Details edit view (spec 000 §4 "Bank details edit", §5): account name 1–100
 * characters (trimmed), BSB of 6 digits that must resolve to a bank, account number of 6–9 digits;
 * the contracts' UpdateBankDetailsRequest rules. The BSB is looked up when the form opens and when
 * the BSB field is left: the bank's name is shown, or the BSB is marked invalid. Save is usable
 * only when everything is valid and the bank is known, and not while saving (spec 000 §5).
 *
 * The stored account number leaves the server masked, so the claimant types it again. For the same
 * reason it is never kept on this device: after a time-out the account name and BSB come back,
 * and the number is typed again.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS, UpdateBankDetailsRequest, bsbNotFound } from '@portal/contracts';
import { useEffect, type ChangeEvent, type FormEvent } from 'react';
import { useWatch, type Resolver } from 'react-hook-form';
import { BsbBankName } from '../../../components/bsb-bank-name.tsx';
import { Field, submitWhenReady } from '../../../components/form-field.tsx';
import { updateBankDetails, type BankDetailsBody } from '../api/update-bank-details.ts';
import { BSB_FORMAT, formatBsb, useBsbLookup } from '../../../lib/api/verify-bsb.ts';
import { ACCOUNT_DRAFT_FORMS, ACCOUNT_DRAFT_MIRRORS, type BankDraft, type EditDraft } from '../drafts.ts';
import { EditForm } from './edit-form.tsx';
import type { EditFormProps } from './form-types.ts';
import { useEditForm } from './use-edit-form.ts';
import styles from './account.module.css';

type BankValues = BankDetailsBody;

const resolver = zodResolver(UpdateBankDetailsRequest, undefined, { raw: true }) as unknown as Resolver<BankValues>;

/** Kept on this device until saved or cancelled: the account name and the BSB, never the account number. */
const BANK_DRAFT: EditDraft<BankValues, BankDraft> = {
  form: ACCOUNT_DRAFT_FORMS.bank,
  mirror: ACCOUNT_DRAFT_MIRRORS.bank,
  keep: (values) => ({ AccountName: values.AccountName, Bsb: values.Bsb }),
};

const FIELD_IDS = {
  AccountName: 'account-bank-account-name',
  Bsb: 'account-bank-bsb',
  AccountNumber: 'account-bank-account-number',
} as const;

export function BankDetailsForm({
  account,
  secureToken,
  autoFocus = false,
  onCancel,
  onDone,
}: EditFormProps & { secureToken: string }) {
  const stored = account.BankAccountDetails;
  const edit = useEditForm({
    resolver,
    defaultValues: {
      AccountName: stored?.AccountName ?? '',
      Bsb: stored ? formatBsb(stored.Bsb) : '',
      AccountNumber: '',
      SecureToken: secureToken,
    },
    focus: autoFocus && 'AccountName',
    ids: FIELD_IDS,
    draft: BANK_DRAFT,
    onCancel,
    onDone,
  });
  const { form, restoredNotice } = edit;
  const { register, control, setValue, setError, trigger, getFieldState, getValues } = form;
  const { errors, isValid, isSubmitting } = form.formState;
  const bsb = useWatch({ control, name: 'Bsb' });
  const { bsbLookup: lookup, lookUp } = useBsbLookup();

  // spec 000 §4: the look-up runs when the form is set (again when the BSB kept from before a
  // time-out is put back)…
  const storedBsb = stored ? formatBsb(stored.Bsb) : '';
  useEffect(() => {
    if (storedBsb) void lookUp(storedBsb);
  }, [storedBsb, lookUp]);
  useEffect(() => {
    if (restoredNotice) void lookUp(formatBsb(getValues('Bsb').trim()));
  }, [restoredNotice, lookUp, getValues]);

  const current = formatBsb(bsb.trim());
  const answered = lookup && lookup.bsb === current ? lookup : null;
  const bankKnown = answered?.state === 'found';
  const bsbError = errors.Bsb?.message ?? (answered?.state === 'invalid' ? bsbNotFound(answered.bsb) : undefined);
  const canSave = isValid && bankKnown;
  const hint = answered?.state === 'checking' ? 'Checking the BSB…' : 'Complete each detail correctly to save.';

  // …and when the BSB field is left (shown as nnn-nnn).
  const bsbField = register('Bsb', {
    onBlur: (event: FormEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value.trim();
      const tidy = formatBsb(value);
      if (tidy !== event.currentTarget.value) setValue('Bsb', tidy, { shouldValidate: true });
      if (!(lookup && lookup.bsb === tidy && lookup.state !== 'checking')) void lookUp(tidy);
    },
  });

  const send = edit.send(
    (values) =>
      updateBankDetails({
        AccountName: values.AccountName.trim(),
        Bsb: formatBsb(values.Bsb.trim()),
        AccountNumber: values.AccountNumber.trim(),
        SecureToken: secureToken,
      }),
    ['AccountName', 'Bsb', 'AccountNumber'],
  );

  const showProblems = async () => {
    const valid = await trigger();
    let answer = answered;
    // Not looked up yet, or still being looked up: the answer is waited for, so it is listed in order.
    if ((!answer || answer.state === 'checking') && BSB_FORMAT.test(current)) answer = await lookUp(current);
    if (valid && answer?.state === 'found') return true;
    // A well-formed BSB that is no bank is the BSB's problem, in the words at the field.
    if (!getFieldState('Bsb').error && answer?.state === 'invalid')
      setError('Bsb', { type: 'lookup', message: bsbNotFound(answer.bsb) });
    edit.listFields();
    return false;
  };

  // The BSB may have been typed and Save pressed straight away: look it up, then go on.
  const onSubmit = submitWhenReady({ submitting: isSubmitting, ready: canSave }, send, () =>
    showProblems().then((ready) => {
      if (ready) void send();
    }),
  );

  const digitsOnly = (event: ChangeEvent<HTMLInputElement>) => {
    const digits = event.target.value.replace(/[^0-9]/g, '');
    if (digits !== event.target.value) event.target.value = digits;
  };

  return (
    <EditForm name="bank" label="Change your bank account details" edit={edit} save={{ canSave, hint, onSubmit }}>
      <Field id={FIELD_IDS.AccountName} label="Account name" error={errors.AccountName?.message} required>
        {(c) => (
          <input {...c} {...register('AccountName')} type="text" autoComplete="off" data-testid="bank-account-name" />
        )}
      </Field>
      <Field id={FIELD_IDS.Bsb} label="BSB" hint="6 digits, for example 063-000" error={bsbError} required>
        {(c) => (
          <input
            {...c}
            {...bsbField}
            aria-describedby={[c['aria-describedby'], 'account-bank-name'].filter(Boolean).join(' ')}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={7}
            className={styles.medium}
            data-testid="bank-bsb"
          />
        )}
      </Field>
      <BsbBankName
        id="account-bank-name"
        testId="bank-name"
        answered={answered}
        className={styles.bankName}
        labelClassName={styles.bankNameLabel}
        smallPrintClassName={styles.smallPrint}
      />
      <Field
        id={FIELD_IDS.AccountNumber}
        label="Account number"
        hint="6 to 9 digits. For your security, type the whole number, even if it has not changed."
        error={errors.AccountNumber?.message}
        required
      >
        {(c) => (
          <input
            {...c}
            {...register('AccountNumber', { onChange: digitsOnly })}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={LIMITS.accountNumberMax}
            className={styles.medium}
            data-testid="bank-account-number"
          />
        )}
      </Field>
    </EditForm>
  );
}
