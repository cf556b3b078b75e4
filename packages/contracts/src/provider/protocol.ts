/**
 * What both ends of the provider API agree on besides the schemas: the path prefix, the
 * idempotency header, the API key scopes, problem details, and the webhook the portal calls (its
 * events are in events.ts).
 */
import { z } from 'zod';

export const PROVIDER_API_PREFIX = '/provider/v1';
export const IDEMPOTENCY_HEADER = 'idempotency-key';

export const PROVIDER_SCOPES = [
  'claimants:write',
  'claimants:read',
  'messages:write',
  'sent-items:write',
  'details-requests:write',
  'content:write',
  'files:read',
  'payments:write',
  'decisions:write',
  'helpers:write',
] as const;
export type ProviderScope = (typeof PROVIDER_SCOPES)[number];

export const Problem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type Problem = z.infer<typeof Problem>;

/** The webhook the portal calls for every outbox event (see docs/provider-integration.md). */
export const WEBHOOK_HEADERS = {
  eventId: 'x-portal-event-id',
  timestamp: 'x-portal-timestamp',
  signature: 'x-portal-signature',
} as const;
/**
 * The same delivery signed as Standard Webhooks defines (standardwebhooks.com), so a receiver can
 * verify it with that standard's libraries: "v1," + base64 HMAC-SHA256 over "{id}.{timestamp}.{body}".
 */
export const STANDARD_WEBHOOK_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;
/** A secret in the standard's form: this prefix, then the key in base64 (24 to 64 bytes). */
export const STANDARD_WEBHOOK_SECRET_PREFIX = 'whsec_';

/** A secret without the prefix, or one whose key is padded base64 of 24 to 64 bytes. */
export function isStandardWebhookSecret(secret: string): boolean {
  if (!secret.startsWith(STANDARD_WEBHOOK_SECRET_PREFIX)) return true;
  const key = secret.slice(STANDARD_WEBHOOK_SECRET_PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(key) || key.length % 4 !== 0) return false;
  const bytes = (key.length / 4) * 3 - (key.match(/=+$/)?.[0].length ?? 0);
  return bytes >= 24 && bytes <= 64;
}
/** A receiver should refuse a delivery whose timestamp is further than this from its clock. */
export const WEBHOOK_REPLAY_WINDOW_SECONDS = 300;
