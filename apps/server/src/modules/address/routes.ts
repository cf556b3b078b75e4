import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { bindEndpoint } from '../session/endpoint.ts';
import type { AddressSearch } from './search.ts';
import { findAddressSuggestions } from './service.ts';

export function addressRoutes(app: FastifyInstance, deps: Deps, search: AddressSearch): void {
  bindEndpoint(app, deps, ENDPOINTS.addressLookup, ({ query }) =>
    findAddressSuggestions(search, query.query, query.isHomeAddress),
  );
}
