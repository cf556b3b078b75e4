/**
 * Named content documents and the services catalogue (content issue; spec 001 Services, Legal
 * pages). Both are stored sanitised (seeding, the provider API); reading fills in the provider's
 * details from configuration.
 */
import { ErrorNumber, type Service } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { escapeHtml } from '../../lib/html.ts';
import * as repo from './repository.ts';

/** {provider}, {phone}, … in stored content, filled (escaped) from configuration when read. */
function fillProviderPlaceholders(deps: Deps, html: string): string {
  const p = deps.config.provider;
  const values: Record<string, string> = {
    provider: p.name,
    shortName: p.shortName,
    phone: p.phone,
    callHours: p.callHours,
    freeCallPhone: p.freeCallPhone,
    privacyEmail: p.privacyEmail,
    website: p.website,
  };
  return html.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? escapeHtml(values[key] as string) : whole,
  );
}

export async function findContent(deps: Deps, name: string): Promise<{ Name: string; Html: string }> {
  const doc = await repo.findDocument(deps.db, name);
  if (!doc) throw new AppError(ErrorNumber.NotFound);
  return { Name: doc.name, Html: fillProviderPlaceholders(deps, doc.html) };
}

type ServiceRow = { id: number; name: string; excess_applies: number; icon: string; html: string };

function toService(deps: Deps, r: ServiceRow): Service {
  return {
    id: r.id,
    name: r.name,
    ExcessApplies: r.excess_applies === 1,
    iconToShow: r.icon,
    content: fillProviderPlaceholders(deps, r.html),
  };
}

/** The whole catalogue with each page (spec 001 §3; decision 011 on the size). */
export async function findServices(deps: Deps): Promise<{ approvedService: Service[] }> {
  const rows = await repo.listServices(deps.db);
  return { approvedService: rows.map((r) => toService(deps, r)) };
}

export async function findServiceDetail(deps: Deps, id: number): Promise<Service> {
  const r = await repo.findService(deps.db, id);
  if (!r) throw new AppError(ErrorNumber.NotFound);
  return toService(deps, r);
}
