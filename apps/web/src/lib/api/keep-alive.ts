/** POST /api/account/keepalive — "Stay signed in": restarts the server's idle time-out. */
import { ENDPOINTS } from '@portal/contracts';
import { request } from '../request.ts';

export type KeepAliveResponse = { IdleTimeoutSeconds: number };

export function keepAlive(): Promise<KeepAliveResponse> {
  return request<KeepAliveResponse>(ENDPOINTS.keepAlive, {}, { loadingMessage: 'Keeping you signed in…' });
}
