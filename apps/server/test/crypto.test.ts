import { describe, expect, it } from 'vitest';
import { secretsEqual } from '../src/lib/crypto.ts';

describe('secretsEqual', () => {
  it('is true only for the same secret', () => {
    const token = 'c2VjcmV0LXRva2VuLW9mLWEtZml4ZWQtc2l6ZQ';
    expect(secretsEqual(token, token)).toBe(true);
    expect(secretsEqual(token, `${token.slice(0, -1)}R`)).toBe(false);
    expect(secretsEqual(token, `X${token.slice(1)}`)).toBe(false);
  });

  it('answers false for secrets of another length, and for text that differs only in its encoding', () => {
    expect(secretsEqual('abc', 'abcd')).toBe(false);
    expect(secretsEqual('', 'a')).toBe(false);
    expect(secretsEqual('', '')).toBe(true);
    // Same number of characters, not of bytes.
    expect(secretsEqual('é1', 'ab1')).toBe(false);
    expect(secretsEqual('é', 'e\u0301')).toBe(false);
  });
});
