/**
 * How answers become JSON (compiled answers). Each response schema of the contracts is
 * turned into JSON Schema once (zod's toJSONSchema, the input side, which is what z.encode — the
 * type provider's serialisation — produces) and compiled by fast-json-stringify, which writes only
 * the declared fields. In production that compiled serialiser is the answer. In development and
 * tests the contract's own parse still runs first (a handler answering outside its contract fails
 * loudly there) and the compiled output must equal it, so every server test also proves the
 * compiled serialisers say exactly what the contracts say. A schema JSON Schema cannot express
 * (a date) keeps the contract's parse everywhere. A codec's encode would not run in the compiled
 * serialiser: no answer uses one, and the checked mode would refuse the first that did.
 */
import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;

/** Compiled once per schema object and process: the contracts' schemas are module singletons. */
const compiled = new WeakMap<z.ZodType, Serialize | null>();

/** The schema's compiled serialiser, or null when JSON Schema cannot say what the contract does. */
export function compiledSerializer(schema: z.ZodType): Serialize | null {
  const known = compiled.get(schema);
  if (known !== undefined) return known;
  let serialize: Serialize | null;
  try {
    const json = z.toJSONSchema(schema, { io: 'input', target: 'draft-7', unrepresentable: 'throw' });
    serialize = fastJson(json as Parameters<typeof fastJson>[0]) as Serialize;
  } catch {
    serialize = null;
  }
  compiled.set(schema, serialize);
  return serialize;
}

const contractParse = createSerializerCompiler({});

class SerializerMismatch extends Error {}

/**
 * The server's serializer compiler. `checked` (development, test): the contract's parse, then the
 * compiled serialiser, whose output must be the same JSON value.
 */
export function serializerCompiler(options: { checked: boolean }): FastifySerializerCompiler<unknown> {
  return (route) => {
    const viaContract = contractParse(route as Parameters<typeof contractParse>[0]);
    const schema = route.schema;
    const fast = schema instanceof z.ZodType ? compiledSerializer(schema) : null;
    if (!fast) return viaContract;
    if (!options.checked) return fast;
    return (data) => {
      const expected = viaContract(data);
      const actual = fast(data);
      if (!isDeepStrictEqual(JSON.parse(actual), JSON.parse(expected))) {
        throw new SerializerMismatch(
          `the compiled serialiser of ${route.method} ${route.url} (${route.httpStatus}) answers ${actual.slice(0, 300)} ` +
            `where the contract answers ${expected.slice(0, 300)}`,
        );
      }
      return actual;
    };
  };
}
