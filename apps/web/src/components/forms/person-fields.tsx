/**
 * The fields that say who the claimant is and how to reach them (spec 001 §5, spec 000 §5): first,
 * middle and last name, date of birth, the claim number in two parts, mobile number and e-mail
 * address. Registration, recovery and the Name & Date of Birth change ask for them the same way;
 * each form lists the ones it asks for, in its own order and under its own field names.
 */
import {
  Controller,
  get,
  type Control,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormRegister,
} from 'react-hook-form';
import { ClaimNumberInput } from '../claim-number-input.tsx';
import { DateInput } from '../date-input.tsx';
import { Field } from '../form-field.tsx';

export type PersonFieldKind =
  'FirstName' | 'MiddleName' | 'LastName' | 'DateOfBirth' | 'ClaimNumber' | 'MobileNumber' | 'EmailAddress';

/** A field's usual label and the end of its test id (`${testIdPrefix}-${suffix}`). */
const KINDS: Record<PersonFieldKind, { label: string; suffix: string }> = {
  FirstName: { label: 'First name', suffix: 'first-name' },
  MiddleName: { label: 'Middle name (optional)', suffix: 'middle-name' },
  LastName: { label: 'Last name', suffix: 'last-name' },
  DateOfBirth: { label: 'Date of birth', suffix: 'date-of-birth' },
  ClaimNumber: { label: 'Claim number', suffix: 'claim-number' },
  MobileNumber: { label: 'Mobile number', suffix: 'mobile' },
  EmailAddress: { label: 'Email address', suffix: 'email' },
};

const NAME_AUTOCOMPLETE = { FirstName: 'given-name', MiddleName: 'additional-name', LastName: 'family-name' } as const;

/** Mobile and e-mail: at least one is needed, so changing one checks the other again. */
const PARTNER: Partial<Record<PersonFieldKind, PersonFieldKind>> = {
  MobileNumber: 'EmailAddress',
  EmailAddress: 'MobileNumber',
};

/** One field: what it asks for, the form's name for it, and where it differs from the usual. */
type PersonField<T extends FieldValues> = {
  kind: PersonFieldKind;
  name: Path<T>;
  label?: string;
  testId?: string;
  className?: string;
};

export type PersonFieldsProps<T extends FieldValues> = {
  register: UseFormRegister<T>;
  control: Control<T, unknown, T>;
  errors: FieldErrors<T>;
  /** The controls' ids by field name (an error summary links to them). */
  ids: Readonly<Partial<Record<Path<T>, string>>>;
  /** Prefix of the test ids: `${testIdPrefix}-first-name`, … */
  testIdPrefix: string;
  /** The fields to show, in order; a kind alone when the form's field has the kind's name. */
  fields: ReadonlyArray<PersonField<T> | (PersonFieldKind & Path<T>)>;
};

export function PersonFields<T extends FieldValues>({ fields: entries, ...form }: PersonFieldsProps<T>) {
  const fields = entries.map((entry) => (typeof entry === 'string' ? { kind: entry, name: entry } : entry));
  const nameOf = (kind: PersonFieldKind | undefined) => fields.find((field) => field.kind === kind)?.name;
  return (
    <>
      {fields.map((field) => (
        <PersonFieldControl key={field.name} {...form} field={field} partner={nameOf(PARTNER[field.kind])} />
      ))}
    </>
  );
}

type PersonFieldControlProps<T extends FieldValues> = Omit<PersonFieldsProps<T>, 'fields'> & {
  field: PersonField<T>;
  /** The field to check again when this one changes. */
  partner: Path<T> | undefined;
};

function PersonFieldControl<T extends FieldValues>({
  register,
  control,
  errors,
  ids,
  testIdPrefix,
  field,
  partner,
}: PersonFieldControlProps<T>) {
  const { kind, name } = field;
  const id = ids[name];
  const label = field.label ?? KINDS[kind].label;
  const testId = field.testId ?? `${testIdPrefix}-${KINDS[kind].suffix}`;
  const error = (get(errors, name) as { message?: string } | undefined)?.message;

  switch (kind) {
    case 'ClaimNumber':
      return (
        <Controller
          control={control}
          name={name}
          render={({ field: claim, fieldState }) => (
            <ClaimNumberInput
              id={id}
              value={claim.value as string}
              onChange={claim.onChange}
              onBlur={claim.onBlur}
              inputRef={claim.ref}
              error={fieldState.error?.message}
              testId={testId}
            />
          )}
        />
      );
    case 'DateOfBirth':
      return (
        <Field id={id} label={label} hint="dd/mm/yyyy, for example 27/03/1985" error={error} required>
          {(c) => (
            <DateInput
              {...c}
              {...register(name)}
              autoComplete="bday"
              className={field.className}
              data-testid={testId}
            />
          )}
        </Field>
      );
    case 'MobileNumber':
      return (
        <Field id={id} label={label} hint="10 digits, for example 0412345678" error={error}>
          {(c) => (
            <input
              {...c}
              {...register(name, partner ? { deps: [partner] } : undefined)}
              // tel-national is a text field's autofill name (HTML's autofill table); the
              // numeric keypad comes from inputMode.
              type="text"
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={10}
              data-testid={testId}
            />
          )}
        </Field>
      );
    case 'EmailAddress':
      return (
        <Field id={id} label={label} error={error}>
          {(c) => (
            <input
              {...c}
              {...register(name, partner ? { deps: [partner] } : undefined)}
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              data-testid={testId}
            />
          )}
        </Field>
      );
    default:
      return (
        <Field id={id} label={label} error={error} required={kind !== 'MiddleName'}>
          {(c) => (
            <input {...c} {...register(name)} type="text" autoComplete={NAME_AUTOCOMPLETE[kind]} data-testid={testId} />
          )}
        </Field>
      );
  }
}
