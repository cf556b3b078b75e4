import { describe, expect, it } from 'vitest';
import { referenceOf, sentStateOf } from '../src/lib/content/reference.ts';

describe('referenceOf (the reference a claimant quotes, docs/decisions/027)', () => {
  it('is the first 8 hexadecimal digits of the id, in capitals, in two groups of four', () => {
    expect(referenceOf('3f2a91c0-5b7d-4e2a-9c1f-0a1b2c3d4e5f')).toBe('3F2A-91C0');
    expect(referenceOf('ab-cd-12-34-ef')).toBe('ABCD-1234');
  });
  it('shows an id too short to cut as it is', () => {
    expect(referenceOf('S1')).toBe('S1');
  });
});

describe('sentStateOf (what a form hands its thank-you page)', () => {
  it('reads the sent item and when it was sent, and nothing else', () => {
    expect(sentStateOf({ sentItemId: 'x', sentAt: 5, other: 1 })).toEqual({ sentItemId: 'x', sentAt: 5 });
    expect(sentStateOf(null)).toBeNull();
    expect(sentStateOf({ sentItemId: '', sentAt: 5 })).toBeNull();
    expect(sentStateOf({ sentItemId: 'x' })).toBeNull();
  });
});
