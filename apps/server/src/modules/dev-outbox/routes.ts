/**
 * The development mailbox (identity issue): what the portal would have e-mailed or texted, when
 * no SMTP server or SMS webhook is configured. Only with PORTAL_DEV_OUTBOX=1 (set by `npm start`'s
 * demo mode) and never in production; otherwise nothing is registered here and every path under
 * /dev/ answers 404 (the web app's fallback leaves /dev/ alone: plugins/static.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { MACHINE_API } from '../../lib/route-controls.ts';

const LIMIT = 50;

function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

export function devOutboxRoutes(app: FastifyInstance, deps: Deps): void {
  if (!deps.config.devOutbox) return;
  app.get('/dev/outbox', { config: { controls: MACHINE_API } }, async (request, reply) => {
    const rows = await deps.db
      .selectFrom('dev_mailbox')
      .select(['id', 'channel', 'recipient', 'subject', 'body', 'at'])
      .orderBy('at', 'desc')
      .limit(LIMIT)
      .execute();
    const messages = rows.map((r) => ({
      Id: r.id,
      Channel: r.channel,
      To: r.recipient,
      Subject: r.subject,
      Body: r.body,
      SentAt: new Date(r.at).toISOString(),
    }));
    if (!String(request.headers.accept ?? '').includes('text/html'))
      return reply.header('Cache-Control', 'no-store').send(messages);
    const items = messages
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.Subject)}</h2>` +
          `<p>${m.Channel === 'sms' ? 'SMS' : 'E-mail'} to ${escapeHtml(m.To)} at ${escapeHtml(m.SentAt)}</p>` +
          `<pre>${escapeHtml(m.Body)}</pre></article>`,
      )
      .join('\n');
    return reply
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en-AU"><head><meta charset="utf-8">` +
          `<meta name="viewport" content="width=device-width"><title>Development outbox</title></head>` +
          `<body><main><h1>Development outbox</h1>` +
          `<p>Messages the portal would have sent (newest first, last ${LIMIT}). Reload to see new ones.</p>` +
          `${items || '<p>No messages yet.</p>'}</main></body></html>`,
      );
  });
}
