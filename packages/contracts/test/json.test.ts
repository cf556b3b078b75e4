import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { boundedJson, exceededJsonBound } from '../src/index.ts';

/** A value nested `depth` containers deep, built without recursion. */
function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

describe('exceededJsonBound', () => {
  it('counts the size as JSON.stringify writes the value', () => {
    const value = { a: 'é"\n', b: [1, 2.5, -3e-7, null, true, false], c: {}, d: [], e: undefined, 'k"ey': { f: 'x' } };
    const size = JSON.stringify(value).length;
    expect(exceededJsonBound(value, { maxDepth: 8, maxBytes: size })).toBeNull();
    expect(exceededJsonBound(value, { maxDepth: 8, maxBytes: size - 1 })).toEqual({ bound: 'size', key: undefined });
  });

  it('counts containers for the depth and names the top-level key holding the excess', () => {
    expect(exceededJsonBound({ Notes: nested(31) }, { maxDepth: 32 })).toBeNull();
    expect(exceededJsonBound({ Notes: nested(32) }, { maxDepth: 32 })).toEqual({ bound: 'depth', key: 'Notes' });
    expect(exceededJsonBound([[1]], { maxDepth: 1 })).toEqual({ bound: 'depth', key: '0' });
  });

  it('measures a value nested a million deep without overflowing the stack', () => {
    expect(exceededJsonBound({ Notes: nested(1_000_000) }, { maxDepth: 32 })).toEqual({ bound: 'depth', key: 'Notes' });
  });
});

describe('boundedJson', () => {
  const Draft = z.object({ Draft: boundedJson(z.looseObject({}), { maxDepth: 4, maxBytes: 64 }) });
  it('is a validation issue on the field, never a throw', () => {
    expect(Draft.safeParse({ Draft: { a: 1 } }).success).toBe(true);
    expect(Draft.safeParse({ Draft: { Notes: nested(10_000) } }).error?.issues).toMatchObject([
      { path: ['Draft', 'Notes'], message: 'This is nested too deeply (at most 4 levels)' },
    ]);
    expect(Draft.safeParse({ Draft: { Notes: 'x'.repeat(100) } }).error?.issues).toMatchObject([
      { path: ['Draft'], message: 'This is too large (at most 64 characters)' },
    ]);
  });
});
