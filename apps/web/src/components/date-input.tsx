/**
 * A date typed as dd/mm/yyyy (spec 000 §5 "Date picker: dd/mm/yyyy"). A text input, not a
 * calendar widget: a date of birth is quicker to type than to page back to through a calendar,
 * and a plain input works the same with every screen reader and keyboard (decisions 010, 032).
 *
 * It takes the date as people type it (date-typing.ts): 01/02/1980, 1/2/1980, 01-02-1980,
 * 01.02.1980, 01 02 1980 or 01021980, key by key, pasted or autofilled. Whatever it shows is
 * what the form holds: each change it makes to the text is passed on as a change, and the tidy-up
 * it does when the field is left (1/02/1980 → 01/02/1980) is done on Enter too, before the form
 * is sent.
 *
 * The rule itself (a real date, not today or later for a date of birth) is the contracts' rule.
 */
import {
  useEffect,
  useRef,
  type ChangeEvent,
  type FocusEvent,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type Ref,
  type SyntheticEvent,
} from 'react';
import { dateAfterEdit, tidyDateText, type BeforeEdit } from './date-typing.ts';

export { normaliseDateText } from './date-typing.ts';

type DateInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  ref?: Ref<HTMLInputElement>;
};

function snapshot(input: HTMLInputElement): BeforeEdit {
  const end = input.value.length;
  return { value: input.value, start: input.selectionStart ?? end, end: input.selectionEnd ?? end };
}

function setRef(ref: Ref<HTMLInputElement> | undefined, node: HTMLInputElement | null): void {
  if (typeof ref === 'function') ref(node);
  else if (ref) ref.current = node;
}

/** The field's own change of its text, told to the form as a typed change would be. */
function changeOf(input: HTMLInputElement, event: SyntheticEvent<HTMLInputElement>): ChangeEvent<HTMLInputElement> {
  return { ...event, type: 'change', target: input, currentTarget: input } as ChangeEvent<HTMLInputElement>;
}

export function DateInput({ onChange, onBlur, onKeyDown, ref, ...rest }: DateInputProps) {
  const own = useRef<HTMLInputElement | null>(null);
  // What the field held just before the edit now arriving (and before a composition began).
  const before = useRef<BeforeEdit | null>(null);
  const composing = useRef<BeforeEdit | null>(null);

  useEffect(() => {
    const input = own.current;
    if (!input) return;
    // React has no beforeinput for deletions; the native event comes before every edit.
    const remember = () => {
      if (!composing.current) before.current = snapshot(input);
    };
    const startComposing = () => {
      composing.current = before.current ?? snapshot(input);
    };
    input.addEventListener('beforeinput', remember);
    input.addEventListener('compositionstart', startComposing);
    return () => {
      input.removeEventListener('beforeinput', remember);
      input.removeEventListener('compositionstart', startComposing);
    };
  }, []);

  const show = (input: HTMLInputElement, text: string, caret: number) => {
    if (text !== input.value) input.value = text;
    if (document.activeElement === input && input.selectionStart !== caret) input.setSelectionRange(caret, caret);
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const native = event.nativeEvent as Partial<InputEvent>;
    // A keyboard that is composing (an IME) keeps its text until the composition ends.
    if (!native.isComposing && !composing.current) {
      const edit = dateAfterEdit(
        before.current,
        input.value,
        input.selectionStart ?? input.value.length,
        native.inputType,
      );
      show(input, edit.text, edit.caret);
    }
    before.current = null;
    onChange?.(event);
  };

  const handleCompositionEnd = (event: SyntheticEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const edit = dateAfterEdit(
      composing.current,
      input.value,
      input.selectionStart ?? input.value.length,
      'insertText',
    );
    composing.current = null;
    if (edit.text === input.value) return;
    show(input, edit.text, edit.caret);
    onChange?.(changeOf(input, event));
  };

  const tidy = (input: HTMLInputElement, event: SyntheticEvent<HTMLInputElement>) => {
    const text = tidyDateText(input.value);
    if (text === input.value) return;
    input.value = text;
    onChange?.(changeOf(input, event));
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    tidy(event.currentTarget, event);
    onBlur?.(event);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter sends the form without leaving the field: what is sent is tidied as leaving would.
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) tidy(event.currentTarget, event);
    onKeyDown?.(event);
  };

  return (
    <input
      ref={(node) => {
        own.current = node;
        setRef(ref, node);
      }}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      {...rest}
      onChange={handleChange}
      onBlur={handleBlur}
      onKeyDown={handleKeyDown}
      onCompositionEnd={handleCompositionEnd}
    />
  );
}
