/**
 * Message previews (spec 001 §4, §9): a text of 70 characters or more is cut to at most its first
 * 67 characters plus "..."; a shorter one is shown whole. The cut falls at the end of a word
 * (docs/decisions/027), never inside one: back to the last space within those 67 characters, with
 * any trailing punctuation or space dropped. A first word longer than that (a long link) is the only
 * thing cut mid-word, since there is nothing earlier to cut at.
 */
import { LIMITS } from '@portal/contracts';

export function previewOf(text: string): string {
  if (text.length < LIMITS.previewCutFrom) return text;
  const head = text.slice(0, LIMITS.previewCut);
  // The 67 characters already end at a word when the next one is a space.
  const atWord = /\s/.test(text.charAt(LIMITS.previewCut)) ? head : head.slice(0, Math.max(0, head.search(/\s\S*$/)));
  const cut = atWord.replace(/[\s,;:.\-–—]+$/, '');
  return `${cut === '' ? head : cut}...`;
}
