/**
 * The claim number in two parts (spec 001 §5 "Claim number (registration, recovery, survey)"):
 * the first exactly 2 digits and the second exactly 5, both required; focus moves to the second
 * part once 2 digits are typed. The value is one string 'NN/NNNNN' (the contracts' claimNumber
 * rule checks it); a pasted '12/34567' or '1234567' is split over both parts.
 */
import {
  Fragment,
  useRef,
  type ChangeEvent,
  type ClipboardEvent,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type Ref,
} from 'react';
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

function joinClaimNumber(first: string, second: string): string {
  return first === '' && second === '' ? '' : `${first}/${second}`;
}

type ClaimPart = {
  part: 'first' | 'second';
  label: string;
  input: InputHTMLAttributes<HTMLInputElement> & { ref: Ref<HTMLInputElement> };
};

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

  // The two parts: the first takes a longer typed or autofilled number and passes the rest on.
  const parts: ClaimPart[] = [
    {
      part: 'first',
      label: 'First 2 digits',
      input: { ref: setFirstRef, maxLength: FIRST + SECOND + 1, value: first, onChange: onFirstChange },
    },
    {
      part: 'second',
      label: 'Last 5 digits',
      input: { ref: secondRef, maxLength: SECOND, value: second, onChange: onSecondChange, onKeyDown: onSecondKeyDown },
    },
  ];

  return (
    <FieldGroup legend={legend} idPrefix={id} hint="For example 12/34567" error={error} required data-testid={testId}>
      {({ idPrefix, ...aria }) => (
        <div className={styles.parts} ref={groupRef} onBlur={onGroupBlur}>
          {parts.map(({ part, label, input }) => (
            <Fragment key={part}>
              {part === 'second' ? (
                <span className={styles.slash} aria-hidden="true">
                  /
                </span>
              ) : null}
              <div className={styles.part}>
                <label className={styles.partLabel} htmlFor={`${idPrefix}-${part}`}>
                  {label}
                </label>
                <input
                  {...input}
                  id={`${idPrefix}-${part}`}
                  className={styles[part]}
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  onPaste={onPaste}
                  disabled={disabled}
                  {...aria}
                  data-testid={`${testId}-${part}`}
                />
              </div>
            </Fragment>
          ))}
        </div>
      )}
    </FieldGroup>
  );
}
