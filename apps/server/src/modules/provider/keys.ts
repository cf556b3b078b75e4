/**
 * API keys of the claims system: `<id>.<secret>`, 256 random bits of secret stored as a SHA-256
 * hash (a key is not a password: nothing to slow down), with scopes. Rotation without downtime:
 * create a second key, move the client to it, revoke the first.
 */
import crypto from 'node:crypto';
import { PROVIDER_SCOPES, type ProviderScope } from '@portal/contracts';
import type { Db } from '../../db/database.ts';
import { ProviderError } from './errors.ts';

export type ApiKeyAuth = { keyId: string; name: string; scopes: ProviderScope[] };

const hashSecret = (secret: string) => crypto.createHash('sha256').update(secret).digest('hex');

export async function createApiKey(
  db: Db,
  now: number,
  input: { name: string; scopes: ProviderScope[] },
): Promise<{ id: string; key: string }> {
  const unknown = input.scopes.filter((s) => !PROVIDER_SCOPES.includes(s));
  if (unknown.length || input.scopes.length === 0)
    throw new Error(`scopes must be some of: ${PROVIDER_SCOPES.join(', ')}`);
  const id = `pk_${crypto.randomBytes(6).toString('hex')}`;
  const secret = crypto.randomBytes(32).toString('base64url');
  await db
    .insertInto('provider_api_keys')
    .values({
      id,
      name: input.name,
      secret_hash: hashSecret(secret),
      scopes: JSON.stringify([...new Set(input.scopes)]),
      created_at: now,
      revoked_at: null,
      last_used_at: null,
    })
    .execute();
  return { id, key: `${id}.${secret}` };
}

export async function revokeApiKey(db: Db, now: number, id: string): Promise<boolean> {
  const res = await db
    .updateTable('provider_api_keys')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function listApiKeys(db: Db) {
  const rows = await db
    .selectFrom('provider_api_keys')
    .select(['id', 'name', 'scopes', 'created_at', 'revoked_at', 'last_used_at'])
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({ ...r, scopes: JSON.parse(r.scopes) as ProviderScope[] }));
}

/** Every failure answers the same 401, so a caller cannot tell a revoked key from a wrong one. */
export async function authenticateApiKey(db: Db, now: number, header: string | undefined): Promise<ApiKeyAuth> {
  const unauthorised = new ProviderError(
    401,
    'Unauthorized',
    'A valid API key is required: Authorization: Bearer <key>',
  );
  const m = /^Bearer (pk_[a-f0-9]{12})\.([A-Za-z0-9_-]{43})$/.exec(header ?? '');
  if (!m) throw unauthorised;
  const [, id, secret] = m as unknown as [string, string, string];
  const row = await db
    .selectFrom('provider_api_keys')
    .select(['id', 'name', 'secret_hash', 'scopes', 'revoked_at', 'last_used_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  const given = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(row?.secret_hash ?? '0'.repeat(64), 'hex');
  if (!row || row.revoked_at !== null || !crypto.timingSafeEqual(given, stored)) throw unauthorised;
  // Kept cheap: the last-use time is written at most once a minute.
  if (row.last_used_at === null || now - row.last_used_at > 60_000)
    await db.updateTable('provider_api_keys').set({ last_used_at: now }).where('id', '=', id).execute();
  return { keyId: row.id, name: row.name, scopes: JSON.parse(row.scopes) as ProviderScope[] };
}
