/**
 * Text rules of spec 000 §5 that need no schema, in a module without zod: the web app's sign-in
 * page uses them as the claimant types, before any schema has been loaded (the /login budget).
 * fields.ts builds its schemas from them and re-exports them.
 */

/** Spec 000 §5: the username has its spaces stripped (and the space key is blocked in the field). */
export function stripSpaces(value: string): string {
  return value.replace(/\s+/g, '');
}

/**
 * Characters that cannot be seen or that reorder what is around them: controls (NUL and the like,
 * Cc), format characters (Cf: zero-width spaces, bidi embeddings, overrides and isolates, the BOM,
 * soft hyphens) and the Hangul fillers, blanks that count as letters. A name typed as a signature
 * carrying one would read differently from what is stored.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\u115F\u1160\u3164\uFFA0]/u;
/** The joiners that some scripts write inside a word (Persian's non-joiner, the Indic joiner). */
const JOINER_IN_WORD = /(?<=[\p{L}\p{M}])[\u200C\u200D](?=\p{L})/gu;

/**
 * True when a name is fit to sign with: at least one letter, and no hidden character, except a
 * zero-width joiner or non-joiner between two letters, where those scripts need it.
 */
export function isVisibleName(value: string): boolean {
  return /\p{L}/u.test(value) && !HIDDEN.test(value.replace(JOINER_IN_WORD, ''));
}
