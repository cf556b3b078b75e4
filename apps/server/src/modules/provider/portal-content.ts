/**
 * The portal's content as the claims system keeps it: maintenance messages, content documents,
 * the services, dropdown lists and the survey's questions. HTML is sanitised before it is kept.
 */
import type { z } from 'zod';
import type { PutListRequest, PutServiceRequest, PutSurveyRequest, SetMaintenanceRequest } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { sanitizeHtml } from '../../lib/html.ts';
import { upsertDocument, upsertService } from '../content/repository.ts';
import { replaceList, replaceMaintenance } from '../reference/repository.ts';
import { replaceQuestions } from '../survey/repository.ts';
import { ProviderError } from './errors.ts';

export async function setMaintenance(deps: Deps, input: z.output<typeof SetMaintenanceRequest>) {
  const now = deps.clock.now();
  const endsAt = input.EndsAt ? Date.parse(input.EndsAt) : null;
  await deps.db.transaction().execute((trx) => replaceMaintenance(trx, input.Messages, now, endsAt));
  return { Ok: true as const };
}

export async function putContent(deps: Deps, name: string, html: string) {
  const clean = sanitizeHtml(html);
  if (!clean.trim())
    throw new ProviderError(422, 'Unprocessable Content', 'Nothing is left of the document once sanitised');
  await upsertDocument(deps.db, name, clean, deps.clock.now());
  return { Ok: true as const };
}

export async function putService(deps: Deps, id: number, input: z.output<typeof PutServiceRequest>) {
  const values = {
    name: input.Name,
    excess_applies: input.ExcessApplies ? 1 : 0,
    icon: input.Icon,
    html: sanitizeHtml(input.Html),
    sort: input.Sort,
  };
  await upsertService(deps.db, id, values);
  return { Ok: true as const };
}

export async function putList(deps: Deps, listType: string, input: z.output<typeof PutListRequest>) {
  if (new Set(input.Items.map((i) => i.Id)).size !== input.Items.length)
    throw new ProviderError(422, 'Unprocessable Content', 'Item ids must be unique');
  const items = input.Items.map((i) => ({ id: i.Id, element_number: i.ElementNumber, item: i.Item }));
  await deps.db.transaction().execute((trx) => replaceList(trx, listType, items));
  return { Ok: true as const };
}

export async function putSurvey(deps: Deps, input: z.output<typeof PutSurveyRequest>) {
  if (new Set(input.Questions.map((q) => q.Id)).size !== input.Questions.length)
    throw new ProviderError(422, 'Unprocessable Content', 'Question ids must be unique');
  const questions = input.Questions.map((q, i) => ({
    id: q.Id,
    sort: (i + 1) * 10,
    html: sanitizeHtml(q.Html),
    answers: JSON.stringify(q.Answers),
  }));
  await deps.db.transaction().execute((trx) => replaceQuestions(trx, questions));
  return { Ok: true as const };
}
