/**
 * Compiled answers: every contract answer has a compiled serialiser; in production it
 * writes only the declared fields; in development and tests the contract's parse runs too and the
 * two must agree (so the whole server suite checks the compiled serialisers against the contracts).
 */
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ENDPOINTS } from '@portal/contracts';
import { compiledSerializer, serializerCompiler } from '../src/lib/serializer.ts';

const Answer = z.object({ Name: z.string(), Count: z.number().int(), Note: z.string().nullable() });

async function appAnswering(checked: boolean, data: unknown) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler({ checked }));
  app.get('/answer', { schema: { response: { 200: Answer } } }, async () => data);
  await app.ready();
  return app;
}

describe('compiled serialisers', () => {
  it('exist for every endpoint of the contracts', () => {
    const missing = Object.entries(ENDPOINTS)
      .filter(([, e]) => !compiledSerializer(e.response))
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it('write only the declared fields in production', async () => {
    const app = await appAnswering(false, { Name: 'Sam', Count: 2, Note: null, PasswordHash: 'secret' });
    const res = await app.inject({ method: 'GET', url: '/answer' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"Name":"Sam","Count":2,"Note":null}');
    await app.close();
  });

  it('answer the same JSON as the contract when checked, undeclared fields dropped', async () => {
    const app = await appAnswering(true, { Name: 'Sam "quoted"\n', Count: 3, Note: 'é', Extra: 1 });
    const res = await app.inject({ method: 'GET', url: '/answer' });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ Name: 'Sam "quoted"\n', Count: 3, Note: 'é' });
    await app.close();
  });

  it('still refuse, when checked, an answer outside the contract', async () => {
    const app = await appAnswering(true, { Name: 'Sam', Count: 'three', Note: null });
    const res = await app.inject({ method: 'GET', url: '/answer' });
    expect(res.statusCode).toBe(500);
    await app.close();
  });

  it('fall back to the contract where JSON Schema cannot say what it does', () => {
    expect(compiledSerializer(z.object({ At: z.date() }))).toBeNull();
  });
});
