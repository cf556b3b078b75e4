/**
 * The claims system's side in browser tests: an API key written into the portal's database (as
 * `portal apikey create` would) and calls to the provider API with it.
 */
import crypto from 'node:crypto';
import type { RunningServer } from './server.ts';
import { portalDb } from './portal-db.ts';

export type ProviderClient = {
  call: (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    apiPath: string,
    body?: unknown,
  ) => Promise<{ status: number; body: unknown }>;
};

export function providerClient(server: RunningServer, scopes: string[]): ProviderClient {
  const id = `pk_${crypto.randomBytes(6).toString('hex')}`;
  const secret = crypto.randomBytes(32).toString('base64url');
  const db = portalDb(server.dataDir);
  try {
    db.prepare('insert into provider_api_keys (id, name, secret_hash, scopes, created_at) values (?, ?, ?, ?, ?)').run(
      id,
      'e2e claims system',
      crypto.createHash('sha256').update(secret).digest('hex'),
      JSON.stringify(scopes),
      Date.now(),
    );
  } finally {
    db.close();
  }
  return {
    async call(method, apiPath, body) {
      const res = await fetch(`${server.url}/provider/v1${apiPath}`, {
        method,
        headers: {
          authorization: `Bearer ${id}.${secret}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      // A DELETE answers 204 with no body.
      const text = await res.text();
      return { status: res.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
    },
  };
}
