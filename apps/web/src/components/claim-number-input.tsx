/**
 * The claim number in two parts (spec 001 §5 "Claim number (registration, recovery, survey)"):
 * the first exactly 2 digits and the second exactly 5, both required; focus moves to the second
 * part once 2 digits are typed. The value is one string 'NN/NNNNN' (the contracts' claimNumber
 * rule checks it); a pasted '12/34567' or '1234567' is split over both parts.
 */
import { useRef, type ChangeEvent, type ClipboardEvent, type KeyboardEvent, type Ref } from 'react';
import { FieldGroup } from './form-field.tsx';
import styles from './claim-number-input.module.css';

const FIRST = 2;
const SECOND = 5;

function digitsOnly(value: string): string {
  return value.replace(/[^0-9]/g, '');
}

/** 'NN/NNNNN' (or a half-typed one) → its two parts. */
export function splitClaimNumber(value: string): [string, string] {
  const [first = '', second = ''] = value.split('/');
  return [digitsOnly(first).slice(0, FIRST), digitsOnly(second).slice(0, SECOND)];
}

export function joinClaimNumber(first: string, second: string): string {
  return first === '' && second === '' ? '' : `${first}/${second}`;
}

type ClaimNumberInputProps = {
  value: string;
  onChange: (value: string) => void;
  /** Called when focus leaves the whole group (marks the field touched). */
  onBlur?: () => void;
  error?: string | undefined;
  legend?: string;
  /** Ids of the parts: `${id}-first` and `${id}-second`. */
  id?: string;
  /** Receives the first part's input (react-hook-form focuses it for an error). */
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
  /** Test ids: `${testId}-first`, `${testId}-second`. */
  testId?: string;
};

export function ClaimNumberInput({
  value,
  onChange,
  onBlur,
  error,
  legend = 'Claim number',
  id,
  inputRef,
  disabled,
  testId = 'claim-number',
}: ClaimNumberInputProps) {
  const [first, second] = splitClaimNumber(value);
  const secondRef = useRef<HTMLInputElement>(null);
  const firstRef = useRef<HTMLInputElement | null>(null);
  const groupRef = useRef<HTMLDivElement>(null);

  const setFirstRef = (element: HTMLInputElement | null) => {
    firstRef.current = element;
    if (typeof inputRef === 'function') inputRef(element);
    else if (inputRef) inputRef.current = element;
  };

  const moveToSecond = () => {
    const input = secondRef.current;
    if (!input) return;
    input.focus();
    const end = input.value.length;
    input.setSelectionRange(end, end);
  };

  const onFirstChange = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = digitsOnly(event.target.value);
    if (typed.length > FIRST) {
      // More than two digits (typed fast or autofilled): the rest belongs to the second part.
      onChange(joinClaimNumber(typed.slice(0, FIRST), (typed.slice(FIRST) + second).slice(0, SECOND)));
      moveToSecond();
      return;
    }
    onChange(joinClaimNumber(typed, second));
    const caretAtEnd = (event.target.selectionStart ?? typed.length) >= event.target.value.length;
    if (typed.length === FIRST && first.length < FIRST && caretAtEnd) moveToSecond();
  };

  const onSecondChange = (event: ChangeEvent<HTMLInputElement>) => {
    onChange(joinClaimNumber(first, digitsOnly(event.target.value).slice(0, SECOND)));
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    const match = /^\s*([0-9]{2})\s*\/?\s*([0-9]{1,5})\s*$/.exec(text);
    if (!match) return;
    event.preventDefault();
    onChange(joinClaimNumber(match[1] ?? '', match[2] ?? ''));
    moveToSecond();
  };

  const onSecondKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Backspace in an empty second part goes back to the first.
    if (event.key === 'Backspace' && event.currentTarget.value === '') {
      event.preventDefault();
      const input = firstRef.current;
      if (!input) return;
      input.focus();
      const end = input.value.length;
      input.setSelectionRange(end, end);
    }
  };

  const onGroupBlur = () => {
    // Touched only when focus leaves both parts (moving between them is not leaving).
    window.setTimeout(() => {
      if (!groupRef.current?.contains(document.activeElement)) onBlur?.();
    }, 0);
  };

  return (
    <FieldGroup legend={legend} idPrefix={id} hint="For example 12/34567" error={error} required data-testid={testId}>
      {(control) => (
        <div className={styles.parts} ref={groupRef} onBlur={onGroupBlur}>
          <div className={styles.part}>
            <label className={styles.partLabel} htmlFor={`${control.idPrefix}-first`}>
              First 2 digits
            </label>
            <input
              ref={setFirstRef}
              id={`${control.idPrefix}-first`}
              className={styles.first}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              maxLength={FIRST + SECOND + 1}
              value={first}
              onChange={onFirstChange}
              onPaste={onPaste}
              disabled={disabled}
              aria-invalid={control['aria-invalid']}
              aria-describedby={control['aria-describedby']}
              aria-required={control['aria-required']}
              data-testid={`${testId}-first`}
            />
          </div>
          <span className={styles.slash} aria-hidden="true">
            /
          </span>
          <div className={styles.part}>
            <label className={styles.partLabel} htmlFor={`${control.idPrefix}-second`}>
              Last 5 digits
            </label>
            <input
              ref={secondRef}
              id={`${control.idPrefix}-second`}
              className={styles.second}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              maxLength={SECOND}
              value={second}
              onChange={onSecondChange}
              onKeyDown={onSecondKeyDown}
              onPaste={onPaste}
              disabled={disabled}
              aria-invalid={control['aria-invalid']}
              aria-describedby={control['aria-describedby']}
              aria-required={control['aria-required']}
              data-testid={`${testId}-second`}
            />
          </div>
        </div>
      )}
    </FieldGroup>
  );
}
