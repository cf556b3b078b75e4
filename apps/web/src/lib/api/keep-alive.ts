/** POST /api/account/keepalive — "Stay signed in": restarts the server's idle time-out. */
import { call, type CallAnswer } from '../request/call.ts';

export type KeepAliveResponse = CallAnswer<'keepAlive'>;

export function keepAlive(): Promise<KeepAliveResponse> {
  return call('keepAlive', {}, { loadingMessage: 'Keeping you signed in…' });
}
