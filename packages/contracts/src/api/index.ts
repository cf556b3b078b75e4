/**
 * Every request and response of the claimant API (spec 000 §7, spec 001 §7). Request schemas
 * are strict: unknown properties are refused, AccessToken aside (the request layer adds it to
 * every body). Response schemas list exactly the fields that leave the server.
 *
 * A new contract file declares its schemas as the others do (module-level zod schemas, exported
 * here). A new call: its route in routes.ts, its name in one area of ENDPOINT_AREAS (also routes.ts), and its
 * entry in that area's table (endpoints/<area>.ts, `satisfies AreaTable<'area'>`); a new area
 * also goes into ENDPOINTS (endpoints.ts) and gets its chunk in the web app
 * (the AREAS of the web's request-checks, and its endpoint-schemas/<area> module). The web app loads
 * and builds one area's schemas when a call of that area is first made, so keep an area's
 * schema files free of schemas other areas do not need (decision 016).
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
export * from './tasks.ts';
export * from './responds-to.ts';
export * from './requests.ts';
export * from './reimbursement.ts';
export * from './helpers.ts';
export * from './helper-level.ts';
export * from './routes.ts';
export * from './endpoints.ts';
