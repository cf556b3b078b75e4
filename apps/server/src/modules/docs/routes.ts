/**
 * /docs: a browsable page of both APIs, rendered on the server from the OpenAPI description
 * (no script, so the strict CSP holds), and /docs/openapi.json for tools.
 */
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../lib/html.ts';
import { buildOpenApi } from './openapi.ts';
import { WEBHOOKS_TAG } from './webhooks.ts';

type Op = {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
};

const CSS = `body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:70rem;padding:1rem;color:#1a1a1a}
h1{font-size:1.6rem}h2{border-bottom:2px solid #0b3a5d;padding-bottom:.25rem;margin-top:2rem}
details{border:1px solid #c8ccd0;border-radius:6px;margin:.5rem 0;padding:.25rem .75rem}
summary{cursor:pointer;padding:.25rem 0}summary:focus-visible,a:focus-visible{outline:3px solid #0b3a5d;outline-offset:2px}
.m{display:inline-block;min-width:3.5rem;font-weight:700;font-family:monospace}code,pre{font-family:ui-monospace,monospace;font-size:.85rem}
pre{background:#f4f5f6;padding:.75rem;overflow:auto;max-height:30rem}nav a{margin-right:1rem}`;

function renderDocs(doc: ReturnType<typeof buildOpenApi>): string {
  const paths = doc.paths as Record<string, Record<string, Op>>;
  // A webhook is listed like an operation, by its event Type where an operation has its path.
  const section = (tag: string, from = paths) =>
    Object.entries(from)
      .flatMap(([path, ops]) =>
        Object.entries(ops)
          .filter(([, op]) => op.tags?.includes(tag))
          .map(([method, op]) => ({ path, method, op })),
      )
      .map(({ path, method, op }) => {
        const params = (op.parameters ?? [])
          .map(
            (p) => `<li><code>${escapeHtml(p.name)}</code> (${escapeHtml(p.in)}${p.required ? ', required' : ''})</li>`,
          )
          .join('');
        const body = op.requestBody ? Object.values(op.requestBody.content)[0]?.schema : undefined;
        const responses = Object.entries(op.responses)
          .map(
            ([code, r]) =>
              `<h4>${escapeHtml(code)}: ${escapeHtml(r.description)}</h4>` +
              (r.content
                ? `<pre>${escapeHtml(JSON.stringify(Object.values(r.content)[0]?.schema, null, 2))}</pre>`
                : ''),
          )
          .join('');
        return `<details><summary><span class="m">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code> — ${escapeHtml(op.summary ?? '')}</summary>
<p>${escapeHtml(op.description ?? '')}</p>${params ? `<h4>Parameters</h4><ul>${params}</ul>` : ''}
${body ? `<h4>Request body</h4><pre>${escapeHtml(JSON.stringify(body, null, 2))}</pre>` : ''}${responses}</details>`;
      })
      .join('\n');
  const info = doc.info as { title: string; version: string; description: string };
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(info.title)}</title><link rel="stylesheet" href="/docs/docs.css"></head><body><main>
<h1>${escapeHtml(info.title)} <small>${escapeHtml(info.version)}</small></h1><p>${escapeHtml(info.description)}</p>
<nav aria-label="Sections"><a href="#provider">Provider API</a><a href="#webhooks">Webhook events</a>
<a href="#claimant">Claimant API</a><a href="/docs/openapi.json">OpenAPI 3.1 (JSON)</a></nav>
<h2 id="provider">Provider API</h2>${section('Provider API')}
<h2 id="webhooks">Webhook events</h2>${section(WEBHOOKS_TAG, doc.webhooks as Record<string, Record<string, Op>>)}
<h2 id="claimant">Claimant API</h2>${section('Claimant API')}
</main></body></html>`;
}

export function docsRoutes(app: FastifyInstance, options: { publicUrl: string | undefined }): void {
  const doc = buildOpenApi(options);
  const html = renderDocs(doc);
  app.get('/docs/openapi.json', async (_request, reply) => reply.type('application/json').send(doc));
  app.get('/docs/docs.css', async (_request, reply) => reply.type('text/css').send(CSS));
  app.get('/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(html));
}
