/**
 * The provider API (/provider/v1): the claims system's side of the portal. Server-to-server,
 * authenticated with an API key (Authorization: Bearer <key>), JSON in and out, errors as
 * RFC 9457 problem details with ordinary HTTP statuses — not the claimant API's 225 lists.
 * Every write accepts an Idempotency-Key header: the same key and body give the same answer once.
 */
export * from './protocol.ts';
export * from './records.ts';
export * from './content.ts';
export * from './payments.ts';
export * from './helpers.ts';
export * from './endpoints.ts';
export * from './events.ts';
