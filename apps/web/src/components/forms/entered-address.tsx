/**
 * An address entered by hand: for a claimant whose address the index does not suggest
 * (a new house, a rural address, the index of a deployment that holds only part of G-NAF). The
 * street, the suburb or town, the state and the postcode, each a field of its own with its own
 * message; the whole is a value only once every part follows its rule (the contracts'
 * EnteredAddress). The server checks the suburb, state and postcode against the localities it
 * holds and keeps the address as not verified; the form is told so before it sends.
 */
import {
  AUSTRALIAN_STATES,
  EnteredAddress,
  enteredAddressLine,
  type EnteredAddress as Entered,
} from '@portal/contracts';
import { useState } from 'react';
import { Field, FieldGroup } from '../form-field.tsx';
import type { PickedAddressValue } from '../address-picker.tsx';
import styles from './entered-address.module.css';

type Part = keyof Entered;
type Parts = Record<Part, string>;

const EMPTY: Parts = { Street: '', Suburb: '', State: '', Postcode: '' };
const PARTS: readonly Part[] = ['Street', 'Suburb', 'State', 'Postcode'];

/** Each part's message, from the contracts' rule. */
function check(parts: Parts): { value: Entered | null; messages: Partial<Record<Part, string>> } {
  const result = EnteredAddress.safeParse(parts);
  if (result.success) return { value: result.data, messages: {} };
  const messages: Partial<Record<Part, string>> = {};
  for (const issue of result.error.issues) {
    const part = issue.path[0] as Part;
    messages[part] ??= issue.message;
  }
  return { value: null, messages };
}

type EnteredAddressFieldsProps = {
  /** What the address is ('Home address'): the group's legend. */
  legend: string;
  /** The street's id: the form's summary links to the address through it. */
  id: string;
  /** The address's own message (required, or the server's locality message). */
  error: string | undefined;
  /** The address entered so far, when the form already holds one. */
  initial: Entered | undefined;
  onChange: (value: PickedAddressValue | null) => void;
  onSearchInstead: () => void;
  /** Test ids: `${testId}-street`, `-suburb`, `-state`, `-postcode`, `-search-instead`. */
  testId: string;
};

export function EnteredAddressFields({
  legend,
  id,
  error,
  initial,
  onChange,
  onSearchInstead,
  testId,
}: EnteredAddressFieldsProps) {
  const [parts, setParts] = useState<Parts>(initial ? { ...initial } : EMPTY);
  const [left, setLeft] = useState<ReadonlySet<Part>>(new Set());
  const { messages } = check(parts);
  // A part's message shows once it was left, or once the form has said the address is wrong.
  const messageOf = (part: Part) => (left.has(part) || error ? messages[part] : undefined);

  const update = (part: Part, text: string) => {
    const next = { ...parts, [part]: part === 'Postcode' ? text.replace(/\D/g, '') : text };
    setParts(next);
    const { value } = check(next);
    onChange(value ? { PartialAddress: enteredAddressLine(value), Entered: value } : null);
  };
  const leave = (part: Part) => setLeft((before) => new Set(before).add(part));
  const idOf = (part: Part) => (part === 'Street' ? id : `${id}-${part.toLowerCase()}`);
  const common = (part: Part) => ({
    value: parts[part],
    onBlur: () => leave(part),
    'data-testid': `${testId}-${part.toLowerCase()}`,
  });

  return (
    <FieldGroup legend={legend} idPrefix={`${id}-entered`} error={error} data-testid={`${testId}-entered`}>
      {(group) => (
        <>
          <p className={styles.note}>
            Enter the address yourself. We will record that it was not found in the national address list.
          </p>
          {PARTS.map((part) =>
            part === 'State' ? (
              <Field key={part} id={idOf(part)} label="State or territory" error={messageOf(part)} required>
                {(c) => (
                  <select
                    {...c}
                    {...common(part)}
                    className={styles.state}
                    autoComplete="address-level1"
                    onChange={(e) => update(part, e.target.value)}
                  >
                    <option value="">Please select</option>
                    {AUSTRALIAN_STATES.map((state) => (
                      <option key={state} value={state}>
                        {state}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            ) : (
              <Field key={part} id={idOf(part)} label={LABELS[part]} error={messageOf(part)} required>
                {(c) => (
                  <input
                    {...c}
                    {...common(part)}
                    // The street is where the form's summary leads: it is read with the address's own message.
                    aria-describedby={
                      part === 'Street'
                        ? [c['aria-describedby'], group['aria-describedby']].filter(Boolean).join(' ') || undefined
                        : c['aria-describedby']
                    }
                    type="text"
                    className={part === 'Postcode' ? styles.postcode : undefined}
                    inputMode={part === 'Postcode' ? 'numeric' : undefined}
                    maxLength={part === 'Postcode' ? 4 : 150}
                    autoComplete={AUTOCOMPLETE[part]}
                    onChange={(e) => update(part, e.target.value)}
                  />
                )}
              </Field>
            ),
          )}
          <button
            type="button"
            className="link-button"
            onClick={onSearchInstead}
            data-testid={`${testId}-search-instead`}
          >
            Search the address list instead
          </button>
        </>
      )}
    </FieldGroup>
  );
}

const LABELS: Record<Exclude<Part, 'State'>, string> = {
  Street: 'Street address',
  Suburb: 'Suburb or town',
  Postcode: 'Postcode',
};

const AUTOCOMPLETE: Record<Exclude<Part, 'State'>, string> = {
  Street: 'address-line1',
  Suburb: 'address-level2',
  Postcode: 'postal-code',
};
