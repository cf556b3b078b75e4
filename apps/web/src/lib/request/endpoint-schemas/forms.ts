/** The forms area's endpoint schemas: one chunk, loaded by request-checks.ts when a call of the area is first made. */
export { FORM_ENDPOINTS as endpoints } from '@portal/contracts';
