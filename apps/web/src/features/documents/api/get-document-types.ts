/**
 * The DocumentFormTypes list (POST /api/dropdownlistdatasource/list), as a draft stores the
 * chosen type: the shared dropdown query (cached under 'public'), narrowed to Id and Item. Not
 * silent: a failure shows the app's alert and the form offers no types.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dropdownQueryOptions, type DropdownItem } from '../../../lib/api/get-dropdown-list.ts';

export type DocumentType = { Id: number; Item: string };

const toDocumentTypes = (list: DropdownItem[]): DocumentType[] => list.map(({ Id, Item }) => ({ Id, Item }));

const documentTypesQueryOptions = queryOptions({
  ...dropdownQueryOptions('DocumentFormTypes'),
  select: toDocumentTypes,
});

export function useDocumentTypes() {
  return useQuery(documentTypesQueryOptions);
}
