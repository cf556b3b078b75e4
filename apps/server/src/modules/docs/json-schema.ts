/** The contracts' zod schemas as JSON Schema (draft 2020-12, OpenAPI 3.1's dialect). */
import { z } from 'zod';

export type Json = Record<string, unknown>;

/** A zod schema as JSON Schema: what a request must be (input) or what an answer is (output). */
export function schema(s: z.ZodType, io: 'input' | 'output'): Json {
  const json = z.toJSONSchema(s, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as Json;
  delete json.$schema;
  return json;
}
