/** A helper's scope against a call's declared level (decision 041): each scope includes the ones before it. */
import { describe, expect, it } from 'vitest';
import { HELPER_SCOPES, scopeReaches } from '../src/index.ts';

describe('scopeReaches', () => {
  it('lets each scope reach its own level and the ones below, never a call without a level', () => {
    const table = HELPER_SCOPES.map((scope) => [
      scope,
      (['view', 'send', 'act'] as const).map((level) => scopeReaches(scope, level)),
      scopeReaches(scope, undefined),
    ]);
    expect(table).toEqual([
      ['View', [true, false, false], false],
      ['Send', [true, true, false], false],
      ['Act', [true, true, true], false],
    ]);
  });
});
