/**
 * Double-submit CSRF protection with the framework-default names the spec's client uses:
 * a readable XSRF-TOKEN cookie, echoed in the X-XSRF-TOKEN header on every non-GET request.
 */
import type { FastifyInstance } from 'fastify';
import { ErrorNumber } from '@portal/contracts';
import { AppError } from '../errors.ts';
import { newToken, secretsEqual } from '../lib/crypto.ts';
import { controlsOf } from '../lib/route-controls.ts';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Checked on every route that declares `csrf` (lib/route-controls.ts), whatever its URL looked like. */
export function registerCsrf(app: FastifyInstance, options: { secure: boolean }): void {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[CSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(CSRF_COOKIE, newToken(), {
        path: '/',
        sameSite: 'strict',
        secure: options.secure,
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
