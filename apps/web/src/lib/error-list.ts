/**
 * The error list's schema (spec 000 §8), loaded by the request layer when an error list arrives:
 * it brings zod, which the first download of /login does without.
 */
export { ErrorList } from '@portal/contracts';
