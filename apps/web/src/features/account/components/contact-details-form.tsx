/**
 * The Contact Details edit view (spec 000 §4 "Address", §5): the phone number (international code
 * 61 fixed, a 2-digit area code and an 8-digit number, each requiring the other), the home address
 * and the postal address (or "same as home", which hides and clears it). The rules are the
 * contracts' UpdateContactDetailsRequest; the e-mail and the mobile on record go with it unchanged
 * (they change in their own blocks, behind an access code).
 *
 * Save is usable only when the form is valid, both addresses are present and something changed
 * (spec 000 §5); otherwise it says why, and pressing it shows each problem at its field.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADDRESS_ATTRIBUTION,
  LIMITS,
  MESSAGES,
  UpdateClaimantContactDetailsRequest,
  phoneNumber,
  type ClaimantDetails,
} from '@portal/contracts';
import { useMemo, type ChangeEvent } from 'react';
import { useWatch, type FieldErrors, type Resolver, type UseFormRegister, type UseFormTrigger } from 'react-hook-form';
import { AddressFields } from '../../../components/address-fields.tsx';
import type { PickedAddressValue } from '../../../components/address-picker.tsx';
import { Field, submitWhenReady } from '../../../components/form-field.tsx';
import {
  addressAndPhoneBody,
  addressLinesFromPick,
  updateClaimantContactDetails,
  updateContactDetails,
  type AddressAndPhoneBody,
  type AddressLines,
} from '../api/update-contact-details.ts';
import { ACCOUNT_DRAFT_FORMS, ACCOUNT_DRAFT_MIRRORS, type ContactDraft, type EditDraft } from '../drafts.ts';
import { EditForm } from './edit-form.tsx';
import type { EditFormProps } from './form-types.ts';
import { useEditForm } from './use-edit-form.ts';
import styles from './account.module.css';

type ContactValues = AddressAndPhoneBody;

const CONTACT_FIELD_IDS = {
  AreaCode: 'account-contact-area-code',
  Number: 'account-contact-phone-number',
  HomeAddressForDB: 'account-contact-home-address',
  PostalAddressForDB: 'account-contact-postal-address',
} as const;

const contractResolver = zodResolver(UpdateClaimantContactDetailsRequest, undefined, {
  raw: true,
}) as unknown as Resolver<ContactValues>;

/**
 * The contracts' rule reports a missing half of the phone number at the number. When it is the
 * area code that is missing, say so there instead (spec 000 §5 "the other becomes required").
 */
const contactResolver: Resolver<ContactValues> = async (values, context, options) => {
  const result = await contractResolver(values, context, options);
  const area = values.PhoneNumber.AreaCode.trim();
  const number = values.PhoneNumber.Number.trim();
  if (area !== '' || number === '') return result;
  const errors = { ...result.errors } as FieldErrors<ContactValues>;
  const phone = { ...(errors.PhoneNumber ?? {}) } as NonNullable<FieldErrors<ContactValues>['PhoneNumber']>;
  phone.AreaCode = { type: 'required', message: MESSAGES.areaCodeInvalid };
  if (phoneNumber.safeParse(number).success) delete phone.Number;
  errors.PhoneNumber = phone;
  return { values: {}, errors };
};

function picked(lines: AddressLines | null | undefined): PickedAddressValue | null {
  if (!lines || !lines.ExperianSingleSelectedLine) return null;
  return {
    PartialAddress: lines.ExperianSingleSelectedLine,
    ...(lines.Moniker ? { Moniker: lines.Moniker } : {}),
    ...(lines.Entered ? { Entered: lines.Entered } : {}),
  };
}

/** The body as it will be sent: phone parts trimmed, no postal address when it is the home one. */
export function normaliseContact(values: ContactValues): ContactValues {
  return {
    PhoneNumber: {
      IntlNumber: '61',
      AreaCode: values.PhoneNumber.AreaCode.trim(),
      Number: values.PhoneNumber.Number.trim(),
    },
    HomeAddressForDB: values.HomeAddressForDB,
    PostalAddressForDB: values.AreAddressesSame ? null : values.PostalAddressForDB,
    AreAddressesSame: values.AreAddressesSame,
  };
}

/** Kept on this device until saved or cancelled: what this view changes. */
const CONTACT_DRAFT: EditDraft<ContactValues, ContactDraft> = {
  form: ACCOUNT_DRAFT_FORMS.contact,
  mirror: ACCOUNT_DRAFT_MIRRORS.contact,
  keep: (values) => ({
    PhoneNumber: values.PhoneNumber,
    HomeAddressForDB: values.HomeAddressForDB,
    PostalAddressForDB: values.PostalAddressForDB,
    AreAddressesSame: values.AreAddressesSame,
  }),
};

export type ContactSaveState = { canSave: boolean; hint: string | undefined };

/** Spec 000 §5: valid, both addresses present and something changed. */
export function contactSaveState(input: {
  valid: boolean;
  values: ContactValues;
  initial: ContactValues;
}): ContactSaveState {
  const { values } = input;
  const home = values.HomeAddressForDB.ExperianSingleSelectedLine.trim() !== '';
  const postal = values.AreAddressesSame || (values.PostalAddressForDB?.ExperianSingleSelectedLine.trim() ?? '') !== '';
  if (!home || !postal)
    return {
      canSave: false,
      hint: 'Choose your home address and your postal address (or tick "same as home") to save.',
    };
  if (!input.valid) return { canSave: false, hint: 'Correct the details marked above to save.' };
  const changed = JSON.stringify(normaliseContact(values)) !== JSON.stringify(normaliseContact(input.initial));
  if (!changed) return { canSave: false, hint: 'Change a detail to save.' };
  return { canSave: true, hint: undefined };
}

/** The phone number's two parts: each requires the other, so changing one checks the other again. */
const PHONE_PARTS = [
  {
    part: 'AreaCode',
    other: 'Number',
    label: 'Area code',
    maxLength: LIMITS.areaCodeDigits,
    testId: 'contact-area-code',
  },
  { part: 'Number', other: 'AreaCode', label: 'Number', maxLength: LIMITS.phoneDigits, testId: 'contact-phone-number' },
] as const;

const digitsOnly = (event: ChangeEvent<HTMLInputElement>) => {
  const digits = event.target.value.replace(/[^0-9]/g, '');
  if (digits !== event.target.value) event.target.value = digits;
};

/** A helper changing the claimant's details keeps the draft per claim, under a name of its own. */
const CLAIMANT_CONTACT_DRAFT: EditDraft<ContactValues, ContactDraft> = {
  ...CONTACT_DRAFT,
  form: ACCOUNT_DRAFT_FORMS.claimantContact,
  scope: 'claim',
};

/** My Details: the e-mail and the mobile on record go with the change unchanged. */
export function ContactDetailsForm(props: EditFormProps) {
  const { EmailAddress, MobileNumber } = props.account.ContactDetails;
  return (
    <ContactForm
      {...props}
      draft={CONTACT_DRAFT}
      save={(body) => updateContactDetails({ ...body, EmailAddress, MobileNumber })}
    />
  );
}

/** A helper with Act, for the claimant they help (decision 041): the landline and addresses only. */
export function ClaimantContactDetailsForm(
  props: EditFormProps<Pick<ClaimantDetails, 'ContactDetails'>> & { whose: string },
) {
  return <ContactForm {...props} draft={CLAIMANT_CONTACT_DRAFT} save={updateClaimantContactDetails} />;
}

type ContactFormProps = EditFormProps<Pick<ClaimantDetails, 'ContactDetails'>> & {
  draft: EditDraft<ContactValues, ContactDraft>;
  save: (body: ContactValues) => Promise<unknown>;
  /** Helping: the claimant's first name, for the form's words ("Change Alex's contact details"). */
  whose?: string;
};

function ContactForm({ account, autoFocus = false, onCancel, onDone, draft, save, whose }: ContactFormProps) {
  const initial = useMemo(() => addressAndPhoneBody(account.ContactDetails), [account.ContactDetails]);
  const edit = useEditForm({
    resolver: contactResolver,
    defaultValues: initial,
    focus: autoFocus && 'PhoneNumber.AreaCode',
    ids: {
      'PhoneNumber.AreaCode': CONTACT_FIELD_IDS.AreaCode,
      'PhoneNumber.Number': CONTACT_FIELD_IDS.Number,
      HomeAddressForDB: CONTACT_FIELD_IDS.HomeAddressForDB,
      PostalAddressForDB: CONTACT_FIELD_IDS.PostalAddressForDB,
    },
    draft,
    onCancel,
    onDone,
  });
  const { form } = edit;
  const { register, control, setValue, trigger } = form;
  const { errors, isValid, isSubmitting } = form.formState;
  const values = useWatch({ control }) as ContactValues;
  const same = values.AreAddressesSame;
  const { canSave, hint } = contactSaveState({ valid: isValid, values, initial });

  const onSameAsHome = (event: ChangeEvent<HTMLInputElement>) => {
    // spec 000 §4: ticking hides the postal address, unticking clears it.
    setValue('AreAddressesSame', event.target.checked, { shouldDirty: true });
    setValue('PostalAddressForDB', null, { shouldDirty: true });
  };

  const send = edit.send(
    (submitted) => save(normaliseContact(submitted)),
    ['PhoneNumber', 'HomeAddressForDB', 'PostalAddressForDB'],
  );
  const onSubmit = submitWhenReady({ submitting: isSubmitting, ready: canSave }, send, edit.listProblems);

  const homeError = errors.HomeAddressForDB?.message ?? errors.HomeAddressForDB?.ExperianSingleSelectedLine?.message;
  const postalError = same
    ? undefined
    : (errors.PostalAddressForDB?.message ?? errors.PostalAddressForDB?.ExperianSingleSelectedLine?.message);

  return (
    <EditForm
      name="contact"
      label={whose ? `Change ${whose}'s contact details` : 'Change your contact details'}
      edit={edit}
      save={{ canSave, hint, onSubmit }}
    >
      <PhoneNumberFields register={register} errors={errors} trigger={trigger} />

      <AddressFields<ContactValues, AddressLines | null>
        control={control}
        trigger={trigger}
        toPick={picked}
        home={{
          name: 'HomeAddressForDB',
          id: CONTACT_FIELD_IDS.HomeAddressForDB,
          error: homeError,
          fromPick: addressLinesFromPick,
        }}
        postal={{
          name: 'PostalAddressForDB',
          id: CONTACT_FIELD_IDS.PostalAddressForDB,
          error: postalError,
          fromPick: (pick) => (pick ? addressLinesFromPick(pick) : null),
        }}
        sameAsHome={{ id: 'account-contact-same-as-home', checked: same, onChange: onSameAsHome }}
        testId="contact"
      />
      <p className={styles.smallPrint}>{ADDRESS_ATTRIBUTION}</p>
      <p className={styles.note}>
        Changes to {whose ? 'these' : 'your'} contact details take effect on {whose ? 'the' : 'your'} claim within{' '}
        {LIMITS.contactChangeDays} days.
      </p>
    </EditForm>
  );
}

/** The landline: the fixed country code, then the area code and the number, each requiring the other. */
function PhoneNumberFields({
  register,
  errors,
  trigger,
}: {
  register: UseFormRegister<ContactValues>;
  errors: FieldErrors<ContactValues>;
  trigger: UseFormTrigger<ContactValues>;
}) {
  // A part marked wrong by the other's check (before it was reached) is checked again as it is typed,
  // so its message goes as soon as it is right, not only when it is left.
  const onChange = (part: 'AreaCode' | 'Number') => (event: ChangeEvent<HTMLInputElement>) => {
    digitsOnly(event);
    if (errors.PhoneNumber?.[part]) void trigger(`PhoneNumber.${part}`);
  };
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>Phone number (optional)</legend>
      <p className={styles.hint} id="account-contact-phone-hint">
        A landline: the area code and the 8-digit number, for example (03) 9123 4567.
      </p>
      <div className={styles.phoneRow}>
        <Field id="account-contact-country-code" label="Country code">
          {(c) => <input {...c} type="text" value="+61 Australia" readOnly data-testid="contact-country-code" />}
        </Field>
        {PHONE_PARTS.map(({ part, other, label, maxLength, testId }) => (
          <Field key={part} id={CONTACT_FIELD_IDS[part]} label={label} error={errors.PhoneNumber?.[part]?.message}>
            {(c) => (
              <input
                {...c}
                {...register(`PhoneNumber.${part}`, { deps: [`PhoneNumber.${other}`], onChange: onChange(part) })}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                maxLength={maxLength}
                aria-describedby={[c['aria-describedby'], 'account-contact-phone-hint'].filter(Boolean).join(' ')}
                data-testid={testId}
              />
            )}
          </Field>
        ))}
      </div>
    </fieldset>
  );
}
