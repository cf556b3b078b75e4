/**
 * An address chosen from suggestions (spec 000 §5 "Address search starts on any non-empty text
 * and sends the text plus whether it is a home address"; §3 "Address suggestion"; §8 "Address
 * lookup failure: empty results"). Registration uses it for the home and postal address; the
 * account issue's contact details reuse it.
 *
 * An ARIA 1.2 combobox with a listbox popup, built on native elements (react-aria's ComboBox
 * would bring its press handling, whose injected <style> the CSP refuses):
 * - typing searches after a 250 ms pause (an older search is cancelled);
 * - Down/Up move through the suggestions (aria-activedescendant: focus stays in the input),
 *   Enter or a tap chooses one, Escape closes the list (a second Escape clears the text);
 * - a polite status says how many addresses were found, and which one was chosen;
 * - only a chosen suggestion is a value: editing the text afterwards un-chooses it.
 */
import type { AddressSuggestion, EnteredAddress } from '@portal/contracts';
import { useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent, type Ref } from 'react';
import { lookupAddresses } from '../lib/api/address-lookup.ts';
import { Field } from './form-field.tsx';
import styles from './address-picker.module.css';

/** A chosen suggestion (with its moniker), or an address entered by hand (Entered). */
export type PickedAddressValue = { PartialAddress: string; Moniker?: string; Entered?: EnteredAddress };

const ADDRESS_SEARCH_DEBOUNCE_MS = 250;

type AddressPickerProps = {
  label: string;
  /** The input's id (an error summary links to it). */
  id?: string;
  isHomeAddress: boolean;
  /** The chosen address; null when none is chosen. */
  value: PickedAddressValue | null;
  onChange: (value: PickedAddressValue | null) => void;
  onBlur?: () => void;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** Test ids: `${testId}` (input), `${testId}-listbox`, `${testId}-option`, `${testId}-status`. */
  testId: string;
};

type Search = 'idle' | 'searching' | 'done';

export function AddressPicker({
  label,
  id,
  isHomeAddress,
  value,
  onChange,
  onBlur,
  error,
  hint = 'Start typing the address, then choose it from the list.',
  required = false,
  disabled,
  inputRef,
  testId,
}: AddressPickerProps) {
  const baseId = useId();
  const listboxId = `${baseId}-listbox`;
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const [text, setText] = useState(value?.PartialAddress ?? '');
  const [results, setResults] = useState<AddressSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [search, setSearch] = useState<Search>('idle');
  const [announcement, setAnnouncement] = useState('');
  const timer = useRef<number | undefined>(undefined);
  const controller = useRef<AbortController | null>(null);
  const lastValue = useRef<PickedAddressValue | null>(value);

  // A value set or cleared from outside (e.g. "same as home" unticked) shows in the input.
  useEffect(() => {
    const previous = lastValue.current;
    lastValue.current = value;
    if (value && value.PartialAddress !== previous?.PartialAddress) {
      setText(value.PartialAddress);
    } else if (!value && previous) {
      setText((current) => (current === previous.PartialAddress ? '' : current));
    }
  }, [value]);

  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
      controller.current?.abort();
    },
    [],
  );

  useEffect(() => {
    if (!open || active < 0) return;
    document.getElementById(`${baseId}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, open, baseId]);

  const runSearch = (query: string) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setSearch('searching');
    lookupAddresses(query, isHomeAddress, abort.signal).then(
      (found) => {
        if (abort.signal.aborted) return;
        setResults(found);
        setActive(-1);
        setOpen(true);
        setSearch('done');
        setAnnouncement(
          found.length === 0
            ? 'No addresses found.'
            : `${found.length} ${found.length === 1 ? 'address' : 'addresses'} found. Use the up and down arrow keys to choose one.`,
        );
      },
      () => undefined, // cancelled by a newer search
    );
  };

  const onTextChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    setText(next);
    if (value && next !== value.PartialAddress) {
      lastValue.current = null;
      onChange(null);
    }
    window.clearTimeout(timer.current);
    controller.current?.abort();
    if (next.trim() === '') {
      setResults([]);
      setOpen(false);
      setSearch('idle');
      setAnnouncement('');
      return;
    }
    timer.current = window.setTimeout(() => runSearch(next), ADDRESS_SEARCH_DEBOUNCE_MS);
  };

  const choose = (suggestion: AddressSuggestion) => {
    const picked: PickedAddressValue = { PartialAddress: suggestion.PartialAddress, Moniker: suggestion.Moniker };
    lastValue.current = picked;
    setText(suggestion.PartialAddress);
    setOpen(false);
    setActive(-1);
    setAnnouncement(`Chosen: ${suggestion.PartialAddress}`);
    onChange(picked);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = results.length;
    switch (event.key) {
      case 'ArrowDown':
        if (count === 0) return;
        event.preventDefault();
        if (!open) {
          setOpen(true);
          setActive(0);
        } else setActive((i) => (i + 1) % count);
        return;
      case 'ArrowUp':
        if (count === 0) return;
        event.preventDefault();
        if (!open) {
          setOpen(true);
          setActive(count - 1);
        } else setActive((i) => (i <= 0 ? count - 1 : i - 1));
        return;
      case 'Enter': {
        const suggestion = open && active >= 0 ? results[active] : undefined;
        if (suggestion) {
          event.preventDefault();
          choose(suggestion);
        } else if (open) {
          // Enter in an open list never submits the form by accident.
          event.preventDefault();
        }
        return;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text !== '') {
          event.preventDefault();
          onTextChange({ target: { value: '' } } as ChangeEvent<HTMLInputElement>);
        }
        return;
      default:
        return;
    }
  };

  const onInputBlur = () => {
    setOpen(false);
    setActive(-1);
    onBlur?.();
  };

  const expanded = open && results.length > 0;
  // Typed but not chosen: say what is missing, not only that the address is required.
  const shownError = error && !value && text.trim() !== '' ? `${error} Choose an address from the list.` : error;
  const showNoResults = open && search === 'done' && results.length === 0;

  return (
    <Field label={label} id={id} hint={hint} error={shownError} required={required}>
      {(control) => (
        <div className={styles.picker}>
          <div className={styles.inputRow}>
            <input
              {...control}
              ref={inputRef}
              type="text"
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={expanded}
              aria-controls={listboxId}
              aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
              autoComplete="off"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              value={text}
              onChange={onTextChange}
              onKeyDown={onKeyDown}
              onBlur={onInputBlur}
              onFocus={() => {
                if (!value && results.length > 0 && text.trim() !== '') setOpen(true);
              }}
              disabled={disabled}
              data-testid={testId}
              data-chosen={value ? 'true' : 'false'}
            />
          </div>
          <ul
            id={listboxId}
            role="listbox"
            aria-label={`Suggested addresses for ${label.toLowerCase()}`}
            className={styles.listbox}
            hidden={!expanded}
            // A press on the list (or its scroll bar) keeps focus in the input.
            onMouseDown={(event) => event.preventDefault()}
            data-testid={`${testId}-listbox`}
          >
            {expanded
              ? results.map((suggestion, index) => (
                  <li
                    key={`${suggestion.Moniker}-${index}`}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === active}
                    className={index === active ? `${styles.option} ${styles.active}` : styles.option}
                    onClick={() => choose(suggestion)}
                    data-testid={`${testId}-option`}
                    data-moniker={suggestion.Moniker}
                  >
                    {suggestion.PartialAddress}
                  </li>
                ))
              : null}
          </ul>
          {search === 'searching' ? (
            <p className={styles.note} aria-hidden="true">
              Searching…
            </p>
          ) : null}
          {showNoResults ? (
            <p className={styles.note}>No addresses found. Check the spelling, or try the street and suburb.</p>
          ) : null}
          <p className="visually-hidden" role="status" aria-live="polite" data-testid={`${testId}-status`}>
            {announcement}
          </p>
        </div>
      )}
    </Field>
  );
}
