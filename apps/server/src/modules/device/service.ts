/**
 * Known browsers (identity issue): a sign-in from a browser that has not completed a code
 * verification for this account in the last 90 days must verify (AccountActivated 1). The
 * browser carries a signed, HttpOnly cookie naming a random device id; the server keeps which
 * accounts verified on which device id, and when.
 */
import type { Deps } from '../../deps.ts';
import { hmac, newToken, secretsEqual } from '../../lib/crypto.ts';
import * as repo from './repository.ts';

export const DEVICE_COOKIE = 'portal_device';
export const DEVICE_REMEMBERED_MS = 90 * 24 * 60 * 60_000;

function sign(deps: Deps, deviceId: string): string {
  return hmac(deps.hmacKey, `device:${deviceId}`);
}

/** The device id in a cookie value, when its signature is ours. */
export function readDeviceCookie(deps: Deps, value: string | undefined): string | null {
  if (!value || value.length > 200) return null;
  const [id, signature] = value.split('.');
  if (!id || !signature) return null;
  return secretsEqual(signature, sign(deps, id)) ? id : null;
}

export function deviceCookieValue(deps: Deps, deviceId: string): string {
  return `${deviceId}.${sign(deps, deviceId)}`;
}

export function newDeviceId(): string {
  return newToken();
}

export async function isKnownDevice(deps: Deps, accountId: string, deviceId: string | null): Promise<boolean> {
  if (!deviceId) return false;
  const verifiedAt = await repo.findDeviceVerifiedAt(deps.db, accountId, deviceId);
  return verifiedAt !== undefined && deps.clock.now() - verifiedAt < DEVICE_REMEMBERED_MS;
}

export async function rememberDevice(deps: Deps, accountId: string, deviceId: string): Promise<void> {
  await repo.upsertDevice(deps.db, accountId, deviceId, deps.clock.now());
}

/** Cookie options: HttpOnly (no script reads it), same-site only, 90 days. */
export function deviceCookieOptions(secure: boolean) {
  return { path: '/', httpOnly: true, sameSite: 'strict' as const, secure, maxAge: DEVICE_REMEMBERED_MS / 1000 };
}
