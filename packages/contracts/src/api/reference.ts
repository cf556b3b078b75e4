import { z } from 'zod';
import { LIST_TYPES } from '../lists.ts';
import { requestBody } from './common.ts';
import { INFORMATION_FIELDS, PROVIDER_INFO_FIELDS } from './information-fields.ts';

const strings = <K extends string>(fields: readonly K[]) =>
  Object.fromEntries(fields.map((field) => [field, z.string()])) as { [F in K]: z.ZodString };

export const UnreadCount = z.number().int().nonnegative();

export const ProviderInfo = z.object(strings(PROVIDER_INFO_FIELDS));
export type ProviderInfo = z.infer<typeof ProviderInfo>;

/** Build information plus the provider identity from the server's configuration. */
export const Information = z.object({ ...strings(INFORMATION_FIELDS), Provider: ProviderInfo });
export type Information = z.infer<typeof Information>;

export const MaintenanceMessages = z.array(z.object({ Message: z.string() }));

export const DropdownListRequest = requestBody({
  ListType: z.enum(LIST_TYPES),
});
export const DropdownItem = z.object({
  ElementNumber: z.number().int(),
  Id: z.number().int(),
  Item: z.string(),
});
export type DropdownItem = z.infer<typeof DropdownItem>;
export const DropdownListResponse = z.object({ Items: z.array(DropdownItem) });

export const PageViewRequest = requestBody({
  Path: z.string().min(1).max(300).regex(/^\//),
  Title: z.string().max(200),
});
