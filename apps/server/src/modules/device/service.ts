/**
 * Known browsers (identity issue): a sign-in from a browser the account has not been seen on in
 * the last 90 days must verify (AccountActivated 1). A browser becomes known by completing a code
 * verification, and each sign-in from it while it is known starts its 90 days again. The browser
 * carries a signed, HttpOnly cookie naming a random device id; the server keeps which accounts
 * were last seen on which device id, and when (known_devices.verified_at: the last code
 * verification or sign-in).
 */
// The cookie plugin's types add reply.setCookie, also where this module is compiled without app.ts (the bench).
import type {} from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
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

/**
 * At a sign-in: whether this browser is known to the account, and if so it is seen now, so its
 * 90 days start again. The caller re-issues the cookie too (issueDeviceCookie): its own lifetime
 * is 90 days from when it was set.
 */
export async function recogniseDevice(deps: Deps, accountId: string, deviceId: string | null): Promise<boolean> {
  if (!deviceId) return false;
  const now = deps.clock.now();
  return repo.touchDevice(deps.db, accountId, deviceId, now - DEVICE_REMEMBERED_MS, now);
}

export async function rememberDevice(deps: Deps, accountId: string, deviceId: string): Promise<void> {
  await repo.upsertDevice(deps.db, accountId, deviceId, deps.clock.now());
}

/** Cookie options: HttpOnly (no script reads it), same-site only, 90 days. */
function deviceCookieOptions(secure: boolean) {
  return { path: '/', httpOnly: true, sameSite: 'strict' as const, secure, maxAge: DEVICE_REMEMBERED_MS / 1000 };
}

/** Gives the browser its signed device cookie for another 90 days. */
export function issueDeviceCookie(deps: Deps, reply: FastifyReply, deviceId: string): void {
  reply.setCookie(DEVICE_COOKIE, deviceCookieValue(deps, deviceId), deviceCookieOptions(deps.config.cookieSecure));
}
