/**
 * One question answered by choosing one of a few options: a group of radio buttons, each a large
 * box that is its own target. Its error follows the one error pattern (issue 18) as every field's
 * does: FieldGroup's red bar beside the question, its message under it, each choice invalid and
 * described by the message, and the boxes' borders red as a text field's is. The error summary
 * links to the first choice (`options[0].id`).
 */
import { FieldGroup } from '../form-field.tsx';
import styles from './radio-group.module.css';

export type RadioOption<T> = { value: T; label: string; id: string; testId: string };

type RadioGroupProps<T> = {
  legend: string;
  /** Prefix of the group's hint and error ids. */
  idPrefix: string;
  name: string;
  options: ReadonlyArray<RadioOption<T>>;
  value: T | null | undefined;
  onChange: (value: T) => void;
  error: string | undefined;
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
