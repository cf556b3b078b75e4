/** Named content documents and the services catalogue (content issue; spec 001 Services, Legal pages). */
import { ErrorNumber, type ServiceSummary } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { escapeHtml, sanitizeHtml } from '../../lib/html.ts';
import * as repo from './repository.ts';

/** Stores a document sanitised: what is kept is already safe to show. */
export async function saveDocument(deps: Deps, name: string, html: string): Promise<void> {
  await repo.upsertDocument(deps.db, name, sanitizeHtml(html), deps.clock.now());
}

/** {provider}, {phone}, … in stored content, filled (escaped) from configuration when read. */
export function fillProviderPlaceholders(deps: Deps, html: string): string {
  const p = deps.config.provider;
  const values: Record<string, string> = {
    provider: p.name, shortName: p.shortName, phone: p.phone, callHours: p.callHours,
    freeCallPhone: p.freeCallPhone, privacyEmail: p.privacyEmail, website: p.website,
  };
  return html.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? escapeHtml(values[key] as string) : whole));
}

export async function findContent(deps: Deps, name: string): Promise<{ Name: string; Html: string }> {
  const doc = await repo.findDocument(deps.db, name);
  if (!doc) throw new AppError(ErrorNumber.NotFound);
  return { Name: doc.name, Html: fillProviderPlaceholders(deps, doc.html) };
}

export async function findServices(deps: Deps): Promise<{ approvedService: ServiceSummary[] }> {
  const rows = await repo.listServices(deps.db);
  return { approvedService: rows.map((r) => ({ id: r.id, name: r.name, ExcessApplies: r.excess_applies === 1, iconToShow: r.icon })) };
}

export async function findServiceDetail(deps: Deps, id: number) {
  const r = await repo.findService(deps.db, id);
  if (!r) throw new AppError(ErrorNumber.NotFound);
  return { id: r.id, name: r.name, ExcessApplies: r.excess_applies === 1, iconToShow: r.icon, content: fillProviderPlaceholders(deps, r.html) };
}
