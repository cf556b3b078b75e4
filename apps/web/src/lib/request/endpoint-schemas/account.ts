/** The account area's endpoint schemas: one chunk, loaded by request-checks.ts when a call of the area is first made. */
export { ACCOUNT_ENDPOINTS as endpoints } from '@portal/contracts';
