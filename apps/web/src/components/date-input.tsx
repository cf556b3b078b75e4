/**
 * A date typed as dd/mm/yyyy (spec 000 §5 "Date picker: dd/mm/yyyy"). A text input, not a
 * calendar widget: a date of birth is quicker to type than to page back to through a calendar,
 * and a plain input works the same with every screen reader and keyboard.
 *
 * Typing help, never in the way of someone typing slashes themselves:
 * - typed at the end, a slash is added after the day and after the month ('01' → '01/'), so a
 *   numeric keypad (which has no '/') is enough;
 * - on leaving the field, single-digit days and months are padded ('1/2/1980' → '01/02/1980'),
 *   8 digits get their slashes and an autofilled ISO date ('1980-02-01') is turned around.
 *
 * The rule itself (a real date, not today or later for a date of birth) is the contracts' rule.
 */
import { useRef, type ChangeEvent, type FocusEvent, type InputHTMLAttributes, type Ref } from 'react';

type DateInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  ref?: Ref<HTMLInputElement>;
};

/** The tidy-up applied when the field is left; unchanged when it is not a recognisable date. */
export function normaliseDateText(value: string): string {
  const text = value.trim();
  const iso = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(text);
  if (iso) return `${iso[3]}/${iso[2]}/${iso[1]}`;
  const digits = /^([0-9]{2})([0-9]{2})([0-9]{4})$/.exec(text);
  if (digits) return `${digits[1]}/${digits[2]}/${digits[3]}`;
  const loose = /^([0-9]{1,2})[/.-]([0-9]{1,2})[/.-]([0-9]{4})$/.exec(text);
  if (loose) return `${(loose[1] ?? '').padStart(2, '0')}/${(loose[2] ?? '').padStart(2, '0')}/${loose[3]}`;
  return text;
}

export function DateInput({ onChange, onBlur, ref, ...rest }: DateInputProps) {
  const previous = useRef('');

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const grew = input.value.length > previous.current.length;
    const atEnd = (input.selectionStart ?? input.value.length) >= input.value.length;
    if (grew && atEnd && /^([0-9]{2}|[0-9]{2}\/[0-9]{2})$/.test(input.value)) {
      input.value = `${input.value}/`;
    }
    previous.current = input.value;
    onChange?.(event);
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    const input = event.target;
    const tidy = normaliseDateText(input.value);
    if (tidy !== input.value) input.value = tidy;
    previous.current = input.value;
    onBlur?.(event);
  };

  return (
    <input
      ref={ref}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      {...rest}
      onChange={handleChange}
      onBlur={handleBlur}
    />
  );
}
