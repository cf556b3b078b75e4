import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { controlsOf } from '../lib/route-controls.ts';

/**
 * Powerful features the portal never uses are off, for it and for anything it might frame; passkeys
 * (WebAuthn) stay on for the portal's own origin. Features a browser does not know are ignored.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-create=(self)',
  'publickey-credentials-get=(self)',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
].join(', ');

/**
 * Strict CSP (no inline script, no eval), HSTS, nosniff, referrer and permissions policies; API
 * answers never cached.
 * helmet's middleware is built once here: @fastify/helmet rebuilt it (parsing the CSP) on every
 * request, which was a tenth of a small API call's CPU time (bench/RESULTS.md, API throughput).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'"],
        'connect-src': ["'self'"],
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    headers(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // The one 200 an unmatched request gets is the web app's shell, which keeps its revalidation.
    const shell = request.is404 && reply.statusCode === 200;
    if (controlsOf(request).noStore && !shell) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
