/**
 * The getinformation answer's fields, listed once: reference.ts builds the Information schema
 * from these lists, and parseInformation reads the same shape without zod. The web app reads this
 * answer before its first render, and a first visit to /login must not download zod for it
 * (the /login JavaScript budget); test/information-fields.test.ts keeps the two in step.
 */
export const INFORMATION_FIELDS = ['Version', 'Commit', 'BuiltAt'] as const;
export const PROVIDER_INFO_FIELDS = [
  'Name',
  'ShortName',
  'Phone',
  'CallHours',
  'FreeCallPhone',
  'PrivacyEmail',
  'Website',
] as const;

type Strings<K extends string> = { [F in K]: string };
export type InformationFields = Strings<(typeof INFORMATION_FIELDS)[number]> & {
  Provider: Strings<(typeof PROVIDER_INFO_FIELDS)[number]>;
};

function strings<K extends string>(value: unknown, fields: readonly K[]): Strings<K> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const out: Partial<Strings<K>> = {};
  for (const field of fields) {
    const v = (value as Record<string, unknown>)[field];
    if (typeof v !== 'string') return undefined;
    out[field] = v;
  }
  return out as Strings<K>;
}

/** What Information.safeParse gives (the known fields only), or undefined where it fails. */
export function parseInformation(value: unknown): InformationFields | undefined {
  const top = strings(value, INFORMATION_FIELDS);
  const provider = top && strings((value as { Provider?: unknown }).Provider, PROVIDER_INFO_FIELDS);
  return top && provider ? { ...top, Provider: provider } : undefined;
}
