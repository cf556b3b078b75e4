/**
 * Reference data and content the portal reads: lists, maintenance notices, addresses, BSBs, documents and services.
 * Stored alike on both dialects: see the note on `Database` in ../schema.ts.
 */

export type DropdownItemTable = {
  list_type: string;
  id: number;
  element_number: number;
  item: string;
};

export type MaintenanceMessageTable = {
  id: string;
  message: string;
  starts_at: number;
  ends_at: number | null;
};

export type AddressTable = {
  id: string;
  label: string;
  locality: string;
  state: string;
  postcode: string;
  search: string;
};

/** Every Australian locality with its postcode (migration 0021); `locality` as G-NAF writes it: 'GLEN IRIS'. */
export type LocalityTable = {
  postcode: string;
  state: string;
  locality: string;
};

export type BsbTable = {
  bsb: string;
  mnemonic: string;
  branch: string;
  address: string;
  suburb: string;
  state: string;
  postcode: string;
  /** Payment streams: P paper, E electronic, H high value. */
  streams: string;
};

export type BankInstitutionTable = {
  prefix: string;
  mnemonic: string;
  name: string;
};

export type ContentDocumentTable = { name: string; html: string; updated_at: number };

export type ServiceTable = {
  id: number;
  name: string;
  excess_applies: number;
  icon: string;
  html: string;
  sort: number;
};
