/**
 * One question answered by choosing one of a few options: a group of radio buttons, each a large
 * box that is its own target. Its error follows the one error pattern as every field's
 * does: FieldGroup's red bar beside the question, its message under it, each choice invalid and
 * described by the message, and the boxes' borders red as a text field's is. The error summary
 * links to the first choice (`options[0].id`).
 */
import type { ReactNode } from 'react';
import { FieldGroup } from '../form-field.tsx';
import styles from './radio-group.module.css';

export type RadioOption<T> = { value: T; label: string; id: string; testId: string };

type RadioGroupProps<T> = {
  /** The question (phrasing content: it is the group's legend). */
  legend: ReactNode;
  /** Prefix of the group's hint and error ids. */
  idPrefix: string;
  name: string;
  options: ReadonlyArray<RadioOption<T>>;
  value: T | null | undefined;
  onChange: (value: T) => void;
  error: string | undefined;
  /** Every choice disabled (while the answers are being sent). */
  disabled?: boolean;
  'data-testid'?: string;
};

export function RadioGroup<T extends string | number>({
  legend,
  idPrefix,
  name,
  options,
  value,
  onChange,
  error,
  disabled = false,
  ...rest
}: RadioGroupProps<T>) {
  return (
    <FieldGroup legend={legend} idPrefix={idPrefix} error={error} data-testid={rest['data-testid']}>
      {(group) => (
        <div className={styles.choices}>
          {options.map((option) => (
            <div key={option.value} className={styles.choice}>
              <input
                type="radio"
                id={option.id}
                name={name}
                value={String(option.value)}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
                disabled={disabled}
                // Not aria-required: a radio cannot carry it (ARIA allows it on the group, not its parts).
                aria-invalid={group['aria-invalid']}
                aria-describedby={group['aria-describedby']}
                data-testid={option.testId}
              />
              <label htmlFor={option.id}>{option.label}</label>
            </div>
          ))}
        </div>
      )}
    </FieldGroup>
  );
}
