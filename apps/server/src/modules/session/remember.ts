/**
 * "Remember me" without script-readable storage (decision 038). The spec keeps a remembered
 * sign-in's token in localStorage, where any script on the page can read it and carry it off. Here
 * the token of a RememberMe login session is kept by the browser in an HttpOnly, Secure,
 * SameSite=Strict cookie that the server reads on one call only, resumesession, which hands the
 * token back to a new tab or a restarted browser; every other call takes the token from the body,
 * as before (spec 000 §7), and never looks at this cookie. The session keeps its idle time-out
 * and its 30-day lifetime (decision 005).
 */
// The cookie plugin's types add reply.setCookie, also where this module is compiled without app.ts (the bench).
import type {} from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import { ErrorNumber } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { findSessionById } from './repository.ts';
import { authenticate, type AuthContext } from './service.ts';

export const REMEMBER_COOKIE = '__Host-portal-session';

const options = (maxAgeSeconds: number) => ({
  path: '/',
  httpOnly: true,
  secure: true,
  sameSite: 'strict' as const,
  maxAge: maxAgeSeconds,
});

export function forgetRememberedSession(reply: FastifyReply): void {
  reply.clearCookie(REMEMBER_COOKIE, options(0));
}

/**
 * Keeps this session in the cookie, until its lifetime ends, when it is a RememberMe login
 * session; any other session is not kept, and a cookie already there is dropped.
 */
export async function rememberSession(deps: Deps, auth: AuthContext, token: string, reply: FastifyReply) {
  const s = await findSessionById(deps.db, auth.sessionId);
  if (!s || s.kind !== 'login' || !s.rememberMe) {
    forgetRememberedSession(reply);
    return true as const;
  }
  const seconds = Math.max(1, Math.floor((s.expiresAt - deps.clock.now()) / 1000));
  reply.setCookie(REMEMBER_COOKIE, token, options(seconds));
  return true as const;
}

/**
 * The remembered session's token, checked as any call checks it (idle, lifetime, revoked). A
 * cookie that no longer opens a session is dropped, and the answer is its token-expired number.
 */
export async function resumeSession(deps: Deps, cookie: string | undefined, reply: FastifyReply) {
  if (!cookie) throw new AppError(ErrorNumber.TokenMissing);
  try {
    await authenticate(deps, cookie, ['login']);
  } catch (err) {
    forgetRememberedSession(reply);
    throw err;
  }
  return { AccessToken: cookie };
}
