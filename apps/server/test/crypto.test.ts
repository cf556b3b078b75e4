import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dataCipher, payeeSealedAt, sealedAt, secretsEqual } from '../src/lib/crypto.ts';

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

describe('the cipher for data at rest (AES-256-GCM, bound to its row)', () => {
  const key = (name: string) => crypto.createHash('sha256').update(name).digest();
  const cipher = dataCipher(key('current'));
  const alex = sealedAt('claimants', 'bank_account_number_enc', 'claimant-alex');

  it('opens what it sealed, at the same place, and seals every write in v3 under the current key', () => {
    const sealed = cipher.encrypt('123456789', alex);
    expect(sealed).toMatch(new RegExp(`^v3\\.${cipher.keyId}\\.`));
    expect(sealed).not.toContain('123456789');
    expect(cipher.decrypt(sealed, alex)).toBe('123456789');
    expect(cipher.isCurrent(sealed)).toBe(true);
  });

  it('still opens a v2 value, sealed before values were bound to their row (made by the previous code)', () => {
    const v2 = 'v2.a531b386.GsBcCM-meSQoRFTF.qOqjAVNamZbUItHkKTZiXQ.Df7T3w7qAJwQ';
    const reader = dataCipher(key('current'), [key('golden-v2-key')]);
    expect(reader.decrypt(v2, alex)).toBe('123456789');
    expect(reader.isCurrent(v2)).toBe(false);
    expect(() => cipher.decrypt(v2, alex)).toThrow('unreadable sealed value');
  });

  it('refuses a value moved to another row or another column', () => {
    const sealed = cipher.encrypt('123456789', alex);
    expect(() => cipher.decrypt(sealed, sealedAt('claimants', 'bank_account_number_enc', 'claimant-sam'))).toThrow();
    expect(() => cipher.decrypt(sealed, sealedAt('notifications', 'body_enc', 'claimant-alex'))).toThrow();
    expect(() => cipher.decrypt(sealed, payeeSealedAt('claimant-alex'))).toThrow();
    // A payee's number sealed for one form does not open as another form's.
    const payee = cipher.encrypt('987654321', payeeSealedAt('form-1'));
    expect(cipher.decrypt(payee, payeeSealedAt('form-1'))).toBe('987654321');
    expect(() => cipher.decrypt(payee, payeeSealedAt('form-2'))).toThrow();
  });

  it('refuses a truncated or lengthened tag, before GCM would accept a short one', () => {
    const sealed = cipher.encrypt('123456789', alex);
    const [version, kid, iv, tag, data] = sealed.split('.') as [string, string, string, string, string];
    const full = Buffer.from(tag, 'base64url');
    expect(full).toHaveLength(16);
    for (const bytes of [4, 8, 12, 15]) {
      // A shorter tag that is a prefix of the right one: GCM itself accepts it unless the length is fixed.
      const short = [version, kid, iv, full.subarray(0, bytes).toString('base64url'), data].join('.');
      expect(() => cipher.decrypt(short, alex)).toThrow('unreadable sealed value');
    }
    const long = [version, kid, iv, Buffer.concat([full, Buffer.alloc(1)]).toString('base64url'), data].join('.');
    expect(() => cipher.decrypt(long, alex)).toThrow('unreadable sealed value');
    // Nor is the tag checked short through the unbound format.
    const asV2 = ['v2', kid, iv, full.subarray(0, 4).toString('base64url'), data].join('.');
    expect(() => cipher.decrypt(asV2, alex)).toThrow('unreadable sealed value');
  });

  it('refuses a changed ciphertext, an unknown key and a malformed value', () => {
    const sealed = cipher.encrypt('123456789', alex);
    const parts = sealed.split('.');
    const data = Buffer.from(parts[4] as string, 'base64url');
    data[0] = (data[0] as number) ^ 1;
    expect(() => cipher.decrypt([...parts.slice(0, 4), data.toString('base64url')].join('.'), alex)).toThrow();
    expect(() => dataCipher(key('other')).decrypt(sealed, alex)).toThrow('unreadable sealed value');
    expect(() => cipher.decrypt(`${sealed}.extra`, alex)).toThrow('unreadable sealed value');
    expect(() => cipher.decrypt('v1.x.y.z.w', alex)).toThrow('unreadable sealed value');
  });
});
