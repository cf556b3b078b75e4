/**
 * BSB look-up: the bank shown for a BSB is the institution name of its longest matching prefix
 * (shared/data README). A BSB resolves only when it is in the directory, open (not a "Merged" or
 * "Closed" forwarding row) and takes electronic payments (stream E): reimbursements are paid
 * electronically, so any other BSB is marked invalid (docs/decisions/009-bsb-lookup.md).
 */
import type { Deps } from '../../deps.ts';
import * as repo from './repository.ts';

const FORWARDING = new Set(['merged', 'closed']);

export async function findBankName(deps: Deps, bsb: string): Promise<{ BankName: string }> {
  const branch = await repo.findBranch(deps.db, bsb);
  if (!branch || FORWARDING.has(branch.branch.toLowerCase()) || !branch.streams.includes('E')) return { BankName: '' };
  const digits = bsb.replace('-', '');
  const institution = await repo.findInstitution(deps.db, [digits.slice(0, 2), digits.slice(0, 3)]);
  return { BankName: institution?.name ?? '' };
}
