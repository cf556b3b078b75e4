import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { bindEndpoint } from '../session/endpoint.ts';
import { countUnreadMessages, findInboxPage, findSentItemsPage, markMessageRead } from './service.ts';

export function inboxRoutes(app: FastifyInstance, deps: Deps): void {
  bindEndpoint(app, deps, ENDPOINTS.getUnreadMessageCount, ({ claimId }) => countUnreadMessages(deps, claimId));
  bindEndpoint(app, deps, ENDPOINTS.getMessages, ({ claimId, body }) =>
    findInboxPage(deps, claimId, body.Offset, body.Amount),
  );
  bindEndpoint(app, deps, ENDPOINTS.markAsRead, ({ claimId, body }) => markMessageRead(deps, claimId, body.MessageId));
  bindEndpoint(app, deps, ENDPOINTS.getSentItems, ({ auth, claimId, body }) =>
    findSentItemsPage(deps, auth, claimId, { offset: body.Offset, amount: body.Amount, requestType: body.RequestType }),
  );
}
