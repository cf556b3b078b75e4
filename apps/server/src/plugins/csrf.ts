/**
 * Double-submit CSRF protection: a readable cookie, echoed in the framework-default X-XSRF-TOKEN
 * header the spec's client uses on every non-GET request. The cookie is the framework default's
 * name with the __Host- prefix (decision 038): the browser then takes it only from this very
 * host, Secure, with Path=/ and no Domain, so a sibling subdomain or a plain-HTTP page on the
 * network cannot plant a token of its own (a known value would defeat the double submit).
 * Secure always, whatever COOKIE_SECURE says: without it the prefix is refused, and browsers
 * accept Secure cookies from http://localhost, where development runs.
 */
import type { FastifyInstance } from 'fastify';
import { ErrorNumber } from '@portal/contracts';
import { AppError } from '../errors.ts';
import { newToken, secretsEqual } from '../lib/crypto.ts';
import { controlsOf } from '../lib/route-controls.ts';

const CSRF_COOKIE = '__Host-XSRF-TOKEN';
const CSRF_HEADER = 'x-xsrf-token';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Checked on every route that declares `csrf` (lib/route-controls.ts), whatever its URL looked like. */
export function registerCsrf(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[CSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(CSRF_COOKIE, newToken(), {
        path: '/',
        sameSite: 'strict',
        secure: true,
        httpOnly: false,
      });
    }
    if (SAFE.has(request.method) || !controlsOf(request).csrf) return;
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !secretsEqual(cookie, header)) {
      throw new AppError(ErrorNumber.CsrfMismatch);
    }
  });
}
