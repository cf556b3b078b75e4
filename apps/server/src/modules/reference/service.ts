import { APP_VERSION, type DropdownItem, type Information, type ListType } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import * as repo from './repository.ts';

export function findInformation(deps: Deps): Information {
  const p = deps.config.provider;
  return {
    Version: APP_VERSION,
    Commit: deps.build.commit,
    BuiltAt: deps.build.builtAt,
    Provider: {
      Name: p.name,
      ShortName: p.shortName,
      Phone: p.phone,
      CallHours: p.callHours,
      FreeCallPhone: p.freeCallPhone,
      PrivacyEmail: p.privacyEmail,
      Website: p.website,
    },
  };
}

export async function findMaintenanceMessages(deps: Deps): Promise<{ Message: string }[]> {
  const rows = await repo.listActiveMaintenance(deps.db, deps.clock.now());
  return rows.map((r) => ({ Message: r.message }));
}

export async function findDropdownList(deps: Deps, listType: ListType): Promise<{ Items: DropdownItem[] }> {
  const rows = await repo.listDropdownItems(deps.db, listType);
  return { Items: rows.map((r) => ({ ElementNumber: r.element_number, Id: r.id, Item: r.item })) };
}
