/**
 * POST /api/dropdownlistdatasource/list with ListType 'ReceiptTypes' (spec 001 §3, §9 "The
 * reimbursement type list comes from the server"), sorted by ElementNumber. Only the kinds the
 * contracts have rules for are offered: a receipt of a kind without rules could not be checked.
 * When the list cannot be loaded the contracts' kinds stand in, so a claim can still be made.
 */
import { RECEIPT_KINDS, type ReceiptKind } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getDropdownList } from '../../../lib/api/get-dropdown-list.ts';
import { FRESHNESS } from '../../../lib/api/freshness.ts';

const isKind = (item: string): item is ReceiptKind => (RECEIPT_KINDS as readonly string[]).includes(item);

async function getReceiptTypes(): Promise<ReceiptKind[]> {
  try {
    const kinds = (await getDropdownList('ReceiptTypes', { silent: true })).map((i) => i.Item).filter(isKind);
    return kinds.length > 0 ? kinds : [...RECEIPT_KINDS];
  } catch {
    return [...RECEIPT_KINDS];
  }
}

const receiptTypesQueryOptions = queryOptions({
  queryKey: ['reimbursement', 'receipt-types'] as const,
  queryFn: getReceiptTypes,
  ...FRESHNESS.reference,
});

export function useReceiptTypes() {
  return useQuery(receiptTypesQueryOptions);
}
