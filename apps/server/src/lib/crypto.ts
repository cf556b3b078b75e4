import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { hash, verify } from '@node-rs/argon2';

/** A new opaque token: 32 random bytes, base64url. */
export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function newId(): string {
  return crypto.randomUUID();
}

export function sha256(value: string): Buffer {
  return crypto.createHash('sha256').update(value, 'utf8').digest();
}

/**
 * Compares two secrets in a time that does not depend on where they differ. Only a difference in
 * length answers at once: the length of everything compared here is public (hex digests, HMAC
 * signatures, tokens of a fixed size). Hashing both sides first cost two SHA-256s on every API
 * call (the CSRF check, the session lookup; bench/RESULTS.md).
 */
export function secretsEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** OWASP's argon2id parameters: m=19 MiB, t=2, p=1. */
/** `algorithm: 2` is Algorithm.Argon2id (a const enum, which verbatimModuleSyntax cannot import). */
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A sub-key for one purpose, derived from the data key (HKDF-SHA256). */
export function deriveKey(master: Buffer, purpose: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', master, Buffer.alloc(0), `claimant-portal:${purpose}`, 32));
}

export function hmac(key: Buffer, value: string): string {
  return crypto.createHmac('sha256', key).update(value, 'utf8').digest('hex');
}

/**
 * AES-256-GCM for values kept secret at rest (bank account numbers, waiting notifications).
 *
 * Sealed form: v3.<key id>.<iv>.<tag>.<ciphertext>. The key id (first 8 hex digits of the key's
 * SHA-256) says which key sealed a value, so keys can rotate: encrypt with the first, decrypt
 * with whichever matches. The tag is always 16 bytes, checked before decrypting: GCM would
 * otherwise accept a tag cut to 4 bytes, which a forger can hit by chance. Each value is bound,
 * as associated data, to where it is kept (`table:column:rowId`, sealedAt): copied into another
 * row or column it no longer opens.
 *
 * v2 (the same without associated data) is still read, so values sealed before binding existed
 * keep working; every write is v3, and `portal keys rotate` re-seals the rest (decision 021).
 */
export type Cipher = {
  encrypt: (plain: string, binding: string) => string;
  decrypt: (sealed: string, binding: string) => string;
  /** Sealed by the current key in the current format: nothing for a rotation to do. */
  isCurrent: (sealed: string) => boolean;
  keyId: string;
};

const FORMAT = 'v3';
/** Read only: sealed before values were bound to their row. */
const UNBOUND_FORMAT = 'v2';
const TAG_BYTES = 16;
const IV_BYTES = 12;

/** Where a sealed value is kept, its associated data: `table:column:rowId`. */
export function sealedAt(table: string, column: string, rowId: string): string {
  return `${table}:${column}:${rowId}`;
}

/**
 * Someone else's account number on a reimbursement is kept twice, in the form's data and in the
 * claims system's copy of it (the outbox event, which names the form): both are bound to the form.
 */
export function payeeSealedAt(formId: string): string {
  return sealedAt('forms', 'data.Payee.BankAccNo', formId);
}

export function keyId(key: Buffer): string {
  return crypto.createHash('sha256').update(key).digest('hex').slice(0, 8);
}

function createCipher(keys: Buffer | Buffer[]): Cipher {
  const ring = (Array.isArray(keys) ? keys : [keys]).map((key) => {
    if (key.length !== 32) throw new Error('encryption key must be 32 bytes');
    return { id: keyId(key), key };
  });
  const current = ring[0];
  if (!current) throw new Error('no encryption key');
  return {
    keyId: current.id,
    encrypt(plain, binding) {
      const iv = crypto.randomBytes(IV_BYTES);
      const c = crypto.createCipheriv('aes-256-gcm', current.key, iv, { authTagLength: TAG_BYTES });
      c.setAAD(Buffer.from(binding, 'utf8'));
      const data = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return [
        FORMAT,
        current.id,
        iv.toString('base64url'),
        c.getAuthTag().toString('base64url'),
        data.toString('base64url'),
      ].join('.');
    },
    decrypt(sealed, binding) {
      const parts = sealed.split('.');
      const [version, kid, iv, tag, data] = parts;
      const entry = ring.find((k) => k.id === kid);
      if (
        (version !== FORMAT && version !== UNBOUND_FORMAT) ||
        parts.length !== 5 ||
        !entry ||
        iv === undefined ||
        tag === undefined ||
        data === undefined
      ) {
        throw new Error('unreadable sealed value');
      }
      const ivBytes = Buffer.from(iv, 'base64url');
      const tagBytes = Buffer.from(tag, 'base64url');
      if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw new Error('unreadable sealed value');
      const d = crypto.createDecipheriv('aes-256-gcm', entry.key, ivBytes, { authTagLength: TAG_BYTES });
      if (version === FORMAT) d.setAAD(Buffer.from(binding, 'utf8'));
      d.setAuthTag(tagBytes);
      return Buffer.concat([d.update(Buffer.from(data, 'base64url')), d.final()]).toString('utf8');
    },
    isCurrent: (sealed) => sealed.startsWith(`${FORMAT}.${current.id}.`),
  };
}

/** The cipher for data at rest, keyed by a sub-key of the data key. */
export function dataCipher(dataKey: Buffer, previousKeys: Buffer[] = []): Cipher {
  return createCipher([dataKey, ...previousKeys].map((k) => deriveKey(k, 'data-at-rest')));
}

/**
 * The configured key, or (outside production) one generated once and kept beside the
 * database with mode 0600, so a development portal keeps reading its own data.
 */
export function resolveEncryptionKey(configured: Buffer | undefined, dataDir: string): Buffer {
  if (configured) return configured;
  const file = path.join(dataDir, 'encryption.key');
  if (fs.existsSync(file)) return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  fs.mkdirSync(dataDir, { recursive: true });
  const key = crypto.randomBytes(32);
  fs.writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
  return key;
}
