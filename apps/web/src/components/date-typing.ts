/**
 * How the date field (dd/mm/yyyy) takes a date as people type it: '01/02/1980', '1/2/1980',
 * '01-02-1980', '01.02.1980', '01 02 1980' or '01021980', typed key by key or pasted.
 *
 * The value is three slots, day / month / year, joined by '/'. After each edit it is laid out
 * again from what the edit added (fresh) and what was there before (old):
 * - any of / - . , or a space typed after a day or a month ends it, and is shown as '/'; a single
 *   digit before it gains its 0 ('1/' → '01/'), since that is what the claimant meant;
 * - typed at the end, a '/' is added once a day or a month has its 2 digits (a phone's number pad
 *   has no '/'); a separator typed just after it stands in for it, so it never doubles;
 * - a digit typed into a full day or month that ends at a '/' goes on into the next slot; one
 *   that would push the digits after it into another slot is refused (nothing moves);
 * - a separator deleted or cut alone is stepped over, never taken out from between two slots,
 *   so the digits on either side stay where they are ('01/|02' Backspace → '01|/02');
 * - a year is never guessed from 2 digits (the rule's message asks for it in full).
 * Once the text has anything but digits and separators (a letter: '1 Feb 1980' pasted), it is
 * left as it is, for the rule to report. The value shown is always the value sent.
 */

/** The field's text and where its caret is. */
export type DateText = { text: string; caret: number };

/** The field's value and selection just before an edit (its beforeinput event). */
export type BeforeEdit = { value: string; start: number; end: number };

const MAX_DIGITS = [2, 2, 4] as const;
const SLOTS = 3;
const SEPARATOR = /^[/.,\\\s\-\u2010-\u2015\u2212]$/u;
const COMPLETE = /^[0-9]{2}\/[0-9]{2}\/[0-9]{4}$/;
const ISO = /^([0-9]{4})[-/.]([0-9]{1,2})[-/.]([0-9]{1,2})$/;

type Token = { digit: boolean; char: string; fresh: boolean };
type Caret = { slot: number; digits: number } | 'end';
type Options = { mask: boolean; padEvery: boolean };

/** Full-width digits and slashes (an East Asian keyboard) and a no-break space read as the plain ones. */
function plain(char: string): string {
  const folded = char.normalize('NFKC');
  return folded.length === 1 ? folded : char;
}

/** The text as digits and separators, or null when it has anything else. */
function tokensOf(text: string, fresh: (index: number) => boolean): Token[] | null {
  const tokens: Token[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const char = plain(text.charAt(i));
    const digit = char >= '0' && char <= '9';
    if (!digit && !SEPARATOR.test(char)) return null;
    tokens.push({ digit, char, fresh: fresh(i) });
  }
  return tokens;
}

function padSlot(slots: string[], slot: number, caret: Caret | null): void {
  const digits = slots[slot] ?? '';
  if (!/^[1-9]$/.test(digits)) return;
  slots[slot] = `0${digits}`;
  if (caret && caret !== 'end' && caret.slot === slot && caret.digits > 0) caret.digits += 1;
}

/**
 * Lays the tokens out in slots. Returns null when an added digit would push old digits into
 * another slot, or a year past 4 digits (the edit is then refused).
 */
function layOut(input: readonly Token[], caretIndex: number, options: Options): DateText | null {
  const tokens = [...input];
  let caretAt = caretIndex;
  const slots = [''];
  let caret: Caret | null = null;
  let i = 0;
  while (i < tokens.length) {
    const slot = slots.length - 1;
    if (i === caretAt && caret === null) caret = { slot, digits: (slots[slot] ?? '').length };
    const token = tokens[i] as Token;
    if (token.digit) {
      const next = tokens[i + 1];
      if ((slots[slot] ?? '').length < (MAX_DIGITS[slot] ?? 0)) slots[slot] += token.char;
      else if (slot === SLOTS - 1 || !token.fresh) return null;
      else if (next && !next.digit) {
        // A full day or month just before a '/': the digit goes on after the '/'.
        tokens[i] = next;
        tokens[i + 1] = token;
        if (caretAt === i) {
          caretAt = i + 1;
          caret = null;
        } else if (caretAt === i + 1) caretAt = i + 2;
        continue;
      } else if (tokens.slice(i + 1).some((t) => !t.digit && !t.fresh)) return null;
      else slots.push(token.char);
      i += 1;
      continue;
    }
    let end = i;
    while (end < tokens.length && !(tokens[end] as Token).digit) end += 1;
    const run = tokens.slice(i, end);
    const old = run.filter((t) => !t.fresh).length;
    // Old separators each keep their slot; typed ones end the slot once (never an empty one).
    const wanted = old > 0 ? old : (slots[slot] ?? '') === '' ? 0 : 1;
    const pad = options.padEvery || run.some((t) => t.fresh);
    let made = 0;
    while (made < wanted && slots.length < SLOTS) {
      if (made === 0 && pad) padSlot(slots, slots.length - 1, caret);
      slots.push('');
      made += 1;
    }
    if (caretAt > i && caretAt <= end) {
      const passed = Math.min(made, caretAt - i);
      caret = passed === 0 ? { slot, digits: (slots[slot] ?? '').length } : { slot: slot + passed, digits: 0 };
    }
    i = end;
  }
  if (caretAt >= tokens.length) caret = 'end';
  const last = slots.length - 1;
  if (options.mask && last < SLOTS - 1 && (slots[last] ?? '').length === MAX_DIGITS[last]) slots.push('');
  const text = slots.join('/');
  if (caret === null || caret === 'end') return { text, caret: text.length };
  const before = slots.slice(0, caret.slot).reduce((sum, s) => sum + s.length + 1, 0);
  return { text, caret: before + caret.digits };
}

/**
 * A whole new value (pasted, autofilled, one keyboard suggestion): an ISO date is turned round,
 * the rest is laid out as if typed; anything else stays as it came (without surrounding spaces).
 */
export function normaliseDateText(value: string): string {
  const text = value.trim();
  const iso = ISO.exec(text);
  if (iso) return `${(iso[3] ?? '').padStart(2, '0')}/${(iso[2] ?? '').padStart(2, '0')}/${iso[1]}`;
  const tokens = tokensOf(text, () => true);
  const laid = tokens ? layOut(tokens, text.length, { mask: false, padEvery: true }) : null;
  return laid ? laid.text : text;
}

/**
 * The value as the field is left (or sent with Enter): each single-digit day or month gains its
 * 0. The slots stay as they are; a value that is not digits and separators stays as typed.
 */
export function tidyDateText(value: string): string {
  const tokens = tokensOf(value, () => false);
  const laid = tokens ? layOut(tokens, value.length, { mask: false, padEvery: true }) : null;
  return laid ? laid.text : value;
}

/** Where before and after differ: [start, end) of after. The inserted text ends at the caret. */
function changedRange(before: string, after: string, caret: number, deleting: boolean): [number, number] {
  const shorter = Math.min(before.length, after.length);
  const suffixMax = deleting ? shorter : Math.min(shorter, after.length - caret);
  let suffix = 0;
  while (suffix < suffixMax && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix += 1;
  let prefix = 0;
  while (prefix < shorter - suffix && before[prefix] === after[prefix]) prefix += 1;
  return [prefix, after.length - suffix];
}

/**
 * The field after one edit (an input event): `after` and `caret` are what the browser made of
 * the keystroke, paste or suggestion; `before` what the field held; `inputType` the event's.
 */
export function dateAfterEdit(before: BeforeEdit | null, after: string, caret: number, inputType = ''): DateText {
  if (!before) {
    const text = normaliseDateText(after);
    return { text, caret: text.length };
  }
  const deleting = inputType.startsWith('delete') || (inputType === '' && after.length < before.value.length);
  const [start, end] = changedRange(before.value, after, caret, deleting);
  const removed = before.value.slice(start, before.value.length - (after.length - end));
  const inserted = deleting ? '' : after.slice(start, end);
  if (inserted.length > 1) {
    const whole = normaliseDateText(inserted);
    if (COMPLETE.test(whole)) return { text: whole, caret: whole.length };
  }
  // Separators taken out with other text stay, while digits follow: each slot keeps its place.
  const rest = after.slice(deleting ? start : end);
  const keptSeparators = tokensOf(rest, () => false)?.some((t) => t.digit)
    ? [...removed].filter((char) => SEPARATOR.test(plain(char))).join('')
    : '';
  const at = deleting ? start : end;
  const text = `${after.slice(0, at)}${keptSeparators}${after.slice(at)}`;
  const tokens = tokensOf(text, (i) => !deleting && i >= start && i < end);
  if (!tokens) return { text: after, caret };
  const caretInText = caret > at ? caret + keptSeparators.length : caret;
  const laid = layOut(tokens, caretInText, { mask: !deleting && caret === after.length, padEvery: false });
  if (!laid) return deleting ? { text: after, caret } : { text: before.value, caret: before.start };
  const onlySeparators = removed !== '' && keptSeparators === removed && inserted === '';
  if (onlySeparators && inputType === 'deleteContentForward') return { text: laid.text, caret: caret + removed.length };
  return laid;
}
