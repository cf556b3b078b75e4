/**
 * The home and postal address of a form (spec 000 §4 "Address", spec 001 §4): the home address,
 * "My postal address is the same as my home address", and the postal address, hidden while the
 * box is ticked. Registration and the account's contact details use it; each keeps its own value
 * shape (`toPick` / `fromPick` convert to and from the picker's) and its own rule for the box.
 */
import { useState, type ChangeEvent } from 'react';
import {
  Controller,
  type Control,
  type FieldPathByValue,
  type FieldValues,
  type UseFormTrigger,
} from 'react-hook-form';
import { AddressPicker, type PickedAddressValue } from './address-picker.tsx';
import { CheckboxField } from './form-field.tsx';
import { EnteredAddressFields } from './forms/entered-address.tsx';
import styles from './forms/entered-address.module.css';

type AddressField<T extends FieldValues, A> = {
  name: FieldPathByValue<T, A>;
  /** The picker's id (an error summary links to it). */
  id: string;
  error: string | undefined;
  /** The form's value for a chosen suggestion (null: none chosen). */
  fromPick: (pick: PickedAddressValue | null) => A;
};

type AddressFieldsProps<T extends FieldValues, A> = {
  control: Control<T>;
  /** The form's `trigger`: a chosen address is checked at once (see the picker's onChange below). */
  trigger: UseFormTrigger<T>;
  home: AddressField<T, A>;
  postal: AddressField<T, A>;
  /** The picker's value for the form's value (null: none chosen). */
  toPick: (value: A) => PickedAddressValue | null;
  sameAsHome: { id: string; checked: boolean; onChange: (event: ChangeEvent<HTMLInputElement>) => void };
  /** Test ids: `${testId}-home-address`, `${testId}-same-as-home`, `${testId}-postal-address`. */
  testId: string;
};

const PICKERS = {
  home: {
    label: 'Home address',
    isHomeAddress: true,
    hint: 'Start typing your home address, then choose it from the list. A PO Box cannot be used.',
  },
  postal: {
    label: 'Postal address',
    isHomeAddress: false,
    hint: 'Start typing your postal address, then choose it from the list.',
  },
} as const;

/** The button that was pressed is replaced: the claimant goes on in the first field of what replaced it. */
function focusSoon(id: string) {
  window.setTimeout(() => document.getElementById(id)?.focus(), 0);
}

export function AddressFields<T extends FieldValues, A>({
  control,
  trigger,
  home,
  postal,
  toPick,
  sameAsHome,
  testId,
}: AddressFieldsProps<T, A>) {
  // Which addresses are entered by hand, once the claimant has said; until then, those the form
  // already holds as entered.
  const [entering, setEntering] = useState<Partial<Record<keyof typeof PICKERS, boolean>>>({});

  const picker = (which: keyof typeof PICKERS, address: AddressField<T, A>) => (
    <Controller
      control={control}
      name={address.name}
      render={({ field }) => {
        const current = toPick(field.value as A);
        const set = (pick: PickedAddressValue | null) => {
          field.onChange(address.fromPick(pick));
          if (pick) void trigger(address.name);
        };
        // An address the index does not suggest is entered by hand.
        if (entering[which] ?? Boolean(current?.Entered)) {
          return (
            <EnteredAddressFields
              legend={PICKERS[which].label}
              id={address.id}
              error={address.error}
              initial={current?.Entered}
              onChange={set}
              onSearchInstead={() => {
                setEntering((before) => ({ ...before, [which]: false }));
                set(null);
                focusSoon(address.id);
              }}
              testId={`${testId}-${which}-address`}
            />
          );
        }
        return (
          <>
            <AddressPicker
              {...PICKERS[which]}
              id={address.id}
              value={current}
              onChange={(pick) => {
                field.onChange(address.fromPick(pick));
                // The forms check a field on change only once it has been left (mode 'onTouched'; they
                // list problems without submitting), but a choice is made with focus still in the
                // picker: its "required" message would stay until the next click and then vanish,
                // moving what that click aimed at. Un-choosing by typing keeps the usual rule.
                if (pick) void trigger(address.name);
              }}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={address.error}
              required
              testId={`${testId}-${which}-address`}
            />
            <button
              type="button"
              className={`link-button ${styles.enter}`}
              onClick={() => {
                setEntering((before) => ({ ...before, [which]: true }));
                set(null);
                focusSoon(address.id);
              }}
              data-testid={`${testId}-${which}-address-enter`}
            >
              I can&apos;t find my {which} address in the list
            </button>
          </>
        );
      }}
    />
  );
  return (
    <>
      {picker('home', home)}
      <CheckboxField id={sameAsHome.id} label="My postal address is the same as my home address">
        {(c) => (
          <input
            {...c}
            type="checkbox"
            checked={sameAsHome.checked}
            onChange={sameAsHome.onChange}
            data-testid={`${testId}-same-as-home`}
          />
        )}
      </CheckboxField>
      {sameAsHome.checked ? null : picker('postal', postal)}
    </>
  );
}
