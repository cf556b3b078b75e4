/**
 * The API benchmark's baseline: a bare Fastify server answering the same POST paths with the
 * same JSON, held in memory — no database, no session, no schemas. Spawned as its own process,
 * like the real server. BARE_RESPONSES names a JSON file { path: response body }.
 */
import fs from 'node:fs';
import Fastify from 'fastify';

const responses = JSON.parse(fs.readFileSync(process.env.BARE_RESPONSES ?? '', 'utf8')) as Record<string, unknown>;
const app = Fastify({ logger: false });
for (const [path, body] of Object.entries(responses)) app.post(path, async () => body);
app.get('/ready', async () => 'ok');
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
