/**
 * Loads the portal's own content (apps/server/content/*.html), the services catalogue and the
 * survey question bank into a database that does not have them yet. Stored HTML is sanitised.
 * What is already there is the provider's to change (the provider API, `content load`), so it
 * is kept; the one exception is a service page still exactly as an earlier seed wrote it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sanitizeHtml } from '../../lib/html.ts';
import type { Db } from '../database.ts';
import { EARLIER_SERVICE_PAGES } from './services-earlier.ts';
import { SERVICES } from './services.ts';
import { SURVEY_QUESTIONS } from './survey.ts';

function contentDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../content'), path.resolve(here, '../../../content')];
  return candidates.find((d) => fs.existsSync(d)) ?? (candidates[0] as string);
}

export async function seedContent(db: Db, now: number): Promise<void> {
  const dir = contentDir();
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.html'))) {
    const name = file.replace(/\.html$/, '');
    const exists = await db.selectFrom('content_documents').select('name').where('name', '=', name).executeTakeFirst();
    if (!exists)
      await db
        .insertInto('content_documents')
        .values({ name, html: sanitizeHtml(fs.readFileSync(path.join(dir, file), 'utf8')), updated_at: now })
        .execute();
  }
  await seedServices(db);
  if (!(await db.selectFrom('survey_questions').select('id').limit(1).executeTakeFirst())) {
    await db
      .insertInto('survey_questions')
      .values(
        SURVEY_QUESTIONS.map((q, i) => ({
          id: i + 1,
          sort: (i + 1) * 10,
          html: sanitizeHtml(q.html),
          answers: JSON.stringify(q.answers),
        })),
      )
      .execute();
  }
}

/**
 * An empty catalogue gets every service. In one seeded by an earlier version, a page still as
 * that version wrote it (services-earlier.ts) gets today's text; a page the provider replaced,
 * and the name, icon and excess of every service, stay as they are.
 */
async function seedServices(db: Db): Promise<void> {
  const rows = await db.selectFrom('services').select(['id', 'name', 'html']).execute();
  if (rows.length === 0) {
    await db
      .insertInto('services')
      .values(
        SERVICES.map((s, i) => ({
          id: i + 1,
          name: s.name,
          excess_applies: s.excess ? 1 : 0,
          icon: s.icon,
          html: sanitizeHtml(s.html),
          sort: (i + 1) * 10,
        })),
      )
      .execute();
    return;
  }
  for (const [i, service] of SERVICES.entries()) {
    const row = rows.find((r) => r.id === i + 1 && r.name === service.name);
    const earlier = EARLIER_SERVICE_PAGES[service.name] ?? [];
    if (row && earlier.some((html) => sanitizeHtml(html) === row.html)) {
      await db
        .updateTable('services')
        .set({ html: sanitizeHtml(service.html) })
        .where('id', '=', row.id)
        .where('html', '=', row.html)
        .execute();
    }
  }
}
