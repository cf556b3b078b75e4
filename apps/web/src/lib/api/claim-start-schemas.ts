/** The response schemas of claim-start-calls.ts, loaded on demand. */
export { Account, ClaimList } from '@portal/contracts';
