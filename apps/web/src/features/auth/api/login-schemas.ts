/**
 * The sign-in form's rule and the sign-in answer's schema, from the contracts. Loaded on demand
 * (login.ts loadLoginSchemas): they bring zod, which the first download of /login does without.
 */
export { LoginRequest, LoginResponse } from '@portal/contracts';
