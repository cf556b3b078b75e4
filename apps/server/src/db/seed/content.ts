/**
 * Loads the portal's own content (apps/server/content/*.html), the services catalogue and the
 * survey question bank into a database that does not have them yet. Stored HTML is sanitised.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sanitizeHtml } from '../../lib/html.ts';
import type { Db } from '../database.ts';
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
    if (!exists) await db.insertInto('content_documents').values({ name, html: sanitizeHtml(fs.readFileSync(path.join(dir, file), 'utf8')), updated_at: now }).execute();
  }
  if (!(await db.selectFrom('services').select('id').limit(1).executeTakeFirst())) {
    await db.insertInto('services').values(SERVICES.map((s, i) => ({ id: i + 1, name: s.name, excess_applies: s.excess ? 1 : 0, icon: s.icon, html: sanitizeHtml(s.html), sort: (i + 1) * 10 }))).execute();
  }
  if (!(await db.selectFrom('survey_questions').select('id').limit(1).executeTakeFirst())) {
    await db.insertInto('survey_questions').values(SURVEY_QUESTIONS.map((q, i) => ({ id: i + 1, sort: (i + 1) * 10, html: sanitizeHtml(q.html), answers: JSON.stringify(q.answers) }))).execute();
  }
}
