/** A helper's scope against a call's declared level (decision 041): each scope includes the ones before it. */
import { describe, expect, it } from 'vitest';
import { HELPER_SCOPES, givesMoreAccess, scopeReaches } from '../src/index.ts';

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

describe('givesMoreAccess', () => {
  it('is more only towards a later scope: View to Send or Act, Send to Act', () => {
    const more = HELPER_SCOPES.flatMap((from) =>
      HELPER_SCOPES.filter((to) => givesMoreAccess(from, to)).map((to) => `${from}→${to}`),
    );
    expect(more).toEqual(['View→Send', 'View→Act', 'Send→Act']);
  });
});
