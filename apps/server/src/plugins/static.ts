import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ErrorNumber, catalogueMessage } from '@portal/contracts';
import { areaOfUnmatched } from '../lib/route-controls.ts';

/** Serves the built web app; any other GET that wants HTML gets index.html (SPA fallback). */
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const hasWeb = webDist !== undefined && fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: path.resolve(webDist),
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (scripts/precompress.mjs): the copy the
      // browser accepts is sent, with Vary: Accept-Encoding; without copies the file goes as is.
      preCompressed: true,
      // Our own Cache-Control below; the plugin's default would send max-age=0 for everything.
      cacheControl: false,
      setHeaders(reply, file) {
        // Hashed assets never change; the shell and the service worker are always revalidated.
        reply.header(
          'Cache-Control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // The same URL answers brotli, gzip or plain bytes: caches must key on the encoding.
        reply.header('Vary', 'Accept-Encoding');
      },
    });
  }
  // No route matched: counted by the general limit like any API call (no guessing paths for free).
  // The path only chooses the format of the 404; it is read as the router reads it (decoded), so
  // /%61pi/x is an unknown API call, not a page of the web app.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) => {
    const area = areaOfUnmatched(request.url);
    // With the development mailbox off, /dev/outbox answers 404 here, never the app's index.html
    // (test/dev-outbox.test.ts).
    if (area === 'web' && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
    }
    if (area === 'provider') {
      return reply
        .code(404)
        .type('application/problem+json')
        .send({ type: 'about:blank', title: 'Not Found', status: 404, detail: 'No such operation' });
    }
    return reply
      .code(404)
      .send([
        { Number: ErrorNumber.EndpointNotAvailable, Message: catalogueMessage(ErrorNumber.EndpointNotAvailable) },
      ]);
  });
}
