/**
 * The OpenAPI 3.1 `webhooks` of the document: one per event Type the portal POSTs to the claims
 * system, its body the contracts' envelope of that Type (ProviderEvent), with the signature headers
 * delivery.ts sends. docs/provider-integration.md says how to verify them.
 */
import {
  PROVIDER_EVENT_SUMMARIES,
  ProviderEvent,
  STANDARD_WEBHOOK_HEADERS,
  WEBHOOK_HEADERS,
  WEBHOOK_REPLAY_WINDOW_SECONDS,
} from '@portal/contracts';
import { WEBHOOK_DELIVERY } from '../provider/delivery.ts';
import { schema, type Json } from './json-schema.ts';

export const WEBHOOKS_TAG = 'Webhook events';

/** 'x-portal-event-id' → 'X-Portal-Event-Id', as docs/provider-integration.md writes it. */
const headerName = (name: string) =>
  name.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase());

const header = (name: string, description: string, pattern: string): Json => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string', pattern },
});

/** The headers of every delivery: the portal's own signature, and the same delivery signed as Standard Webhooks. */
const WEBHOOK_PARAMETERS: Json[] = [
  header(
    headerName(WEBHOOK_HEADERS.eventId),
    "The event's id: the same on every retry, so a repeat can be dropped",
    '^.+$',
  ),
  header(headerName(WEBHOOK_HEADERS.timestamp), 'Unix seconds when this attempt was sent', '^[0-9]+$'),
  header(
    headerName(WEBHOOK_HEADERS.signature),
    '`v1=` + hex HMAC-SHA256 with PROVIDER_WEBHOOK_SECRET over `{timestamp}.{raw body}`',
    '^v1=[0-9a-f]{64}$',
  ),
  header(STANDARD_WEBHOOK_HEADERS.id, 'The same as X-Portal-Event-Id (Standard Webhooks)', '^.+$'),
  header(STANDARD_WEBHOOK_HEADERS.timestamp, 'The same as X-Portal-Timestamp', '^[0-9]+$'),
  header(
    STANDARD_WEBHOOK_HEADERS.signature,
    '`v1,` + base64 HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{raw body}` (Standard Webhooks)',
    '^v1,[A-Za-z0-9+/]{43}=$',
  ),
];

const VERIFY =
  'Verify the signature over the raw body (X-Portal-Signature, or the webhook-* headers with a Standard Webhooks library) ' +
  `and refuse a timestamp more than ${WEBHOOK_REPLAY_WINDOW_SECONDS} seconds from your clock. ` +
  'Delivered at least once, in order per claim: drop a repeat by its EventId.';

const FAILURE = 'A failure: the event is sent again later with back-off, and parked as dead after the last attempt';

/** operationId of a Type's webhook: 'authority-form' → 'authorityFormEvent'. */
const operationId = (type: string) => `${type.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase())}Event`;

/** The document's `webhooks`: by event Type, the POST the claims system receives. */
export function webhooks(): Record<string, Json> {
  return Object.fromEntries(
    ProviderEvent.options.map((event) => {
      const type = event.shape.Type.value;
      const post: Json = {
        operationId: operationId(type),
        tags: [WEBHOOKS_TAG],
        summary: PROVIDER_EVENT_SUMMARIES[type],
        description: `The portal POSTs a \`${type}\` event to PROVIDER_WEBHOOK_URL. ${VERIFY}`,
        // Signed with the webhook's shared secret (the headers), not an API key or a session.
        security: [],
        parameters: WEBHOOK_PARAMETERS,
        requestBody: { required: true, content: { 'application/json': { schema: schema(event, 'output') } } },
        responses: {
          '2XX': { description: 'Stored: the event is delivered and not sent again' },
          '4XX': { description: FAILURE },
          '5XX': { description: `${FAILURE}; so is no answer within ${WEBHOOK_DELIVERY.timeoutMs / 1000} seconds` },
        },
      };
      return [type, { post }];
    }),
  );
}
