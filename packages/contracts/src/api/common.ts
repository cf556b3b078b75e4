/** Building blocks of every request and answer. */
import { z } from 'zod';
import { accessToken } from '../fields.ts';

/** A strict request body: the given fields plus the optional AccessToken. */
export function requestBody<T extends z.ZodRawShape>(shape: T) {
  return z.strictObject({ ...shape, AccessToken: accessToken.nullable().optional() });
}

export const EmptyRequest = requestBody({});

export const ErrorItem = z.object({
  Number: z.number().int(),
  Message: z.string(),
  /** The request field a validation error is about (an addition to spec 000 §3). */
  Field: z.string().optional(),
});
export const ErrorList = z.array(ErrorItem);
export type ErrorItem = z.infer<typeof ErrorItem>;

/** ISO calendar date 'yyyy-mm-dd'; the web app shows it as dd/mm/yyyy. */
export const isoDate = z.string().regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/);

export const Ok = z.literal(true);
