/**
 * Every request and response of the claimant API (spec 000 §7, spec 001 §7). Request schemas
 * are strict: unknown properties are refused, AccessToken aside (the request layer adds it to
 * every body). Response schemas list exactly the fields that leave the server.
 */
export * from './common.ts';
export * from './address.ts';
export * from './authority.ts';
export * from './bank.ts';
export * from './account.ts';
export * from './account-updates.ts';
export * from './claims.ts';
export * from './content.ts';
export * from './identity.ts';
export * from './recovery.ts';
export * from './security.ts';
export * from './information-fields.ts';
export * from './reference.ts';
export * from './uploads.ts';
export * from './forms.ts';
export * from './messages.ts';
export * from './payments.ts';
export * from './requests.ts';
export * from './reimbursement.ts';
export * from './routes.ts';
export * from './endpoints.ts';
