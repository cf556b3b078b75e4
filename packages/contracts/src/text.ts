/**
 * Text rules of spec 000 §5 that need no schema, in a module without zod: the web app's sign-in
 * page uses them as the claimant types, before any schema has been loaded (the /login budget).
 * fields.ts builds its schemas from them and re-exports them.
 */

/** Spec 000 §5: the username has its spaces stripped (and the space key is blocked in the field). */
export function stripSpaces(value: string): string {
  return value.replace(/\s+/g, '');
}
