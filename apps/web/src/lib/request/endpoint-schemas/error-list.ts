/** The 225 answer's error list schema: loaded by request-checks.ts when a 225 first arrives. */
export { ErrorList } from '@portal/contracts';
