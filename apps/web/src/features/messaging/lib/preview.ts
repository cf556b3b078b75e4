/**
 * Message previews (spec 001 §4, §9): a text of 70 characters or more is cut to its first 67
 * characters plus "..."; a shorter one is shown whole.
 */
import { LIMITS } from '@portal/contracts';

export function previewOf(text: string): string {
  return text.length >= LIMITS.previewCutFrom ? `${text.slice(0, LIMITS.previewCut)}...` : text;
}
