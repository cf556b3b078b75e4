/**
 * The one map of schemas the web app checks answers with: the contracts' endpoint table, keyed by
 * call name (ENDPOINTS[name].response), and the error list. It brings zod and every schema, so it
 * is never imported statically: the request layer loads it while the first call is in flight
 * (request.ts loadSchemas), and a first visit to /login downloads none of it (decision 016).
 */
export { ENDPOINTS, ErrorList } from '@portal/contracts';
