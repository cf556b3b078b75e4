/**
 * A software WebAuthn authenticator for the tests: a real ES256 key pair (node:crypto), real CBOR
 * (a small encoder of its own, not the library under test), real authenticator data and
 * clientDataJSON, and real signatures — so the server's checks run on genuine payloads, not mocks.
 * Each part a browser or an attacker controls can be set: origin, RP id, flags, counter, challenge.
 */
import crypto from 'node:crypto';

// ---- minimal CBOR (RFC 8949): unsigned/negative integers, byte and text strings, maps

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) {
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  }
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

type Cbor = number | string | Buffer | Map<Cbor, Cbor>;

function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  const parts: Buffer[] = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const b64url = (b: Buffer) => b.toString('base64url');
const sha256 = (b: Buffer | string) => crypto.createHash('sha256').update(b).digest();

export const FLAGS = { UP: 0x01, UV: 0x04, AT: 0x40 } as const;

export type Ceremony = {
  origin?: string;
  rpId?: string;
  /** Authenticator data flags; default user present and verified. */
  flags?: number;
  /** Answer this challenge instead of the options' one. */
  challenge?: string;
  type?: string;
};

export class SoftAuthenticator {
  readonly credentialId: Buffer;
  private readonly key: crypto.KeyObject;
  private readonly publicJwk: crypto.JsonWebKey;
  counter = 0;

  constructor(
    private readonly defaults: { origin: string; rpId: string },
    options: { counter?: number } = {},
  ) {
    const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.key = privateKey;
    this.publicJwk = publicKey.export({ format: 'jwk' });
    this.credentialId = crypto.randomBytes(32);
    this.counter = options.counter ?? 0;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The COSE_Key of the public key (EC2, P-256, ES256). */
  private coseKey(): Buffer {
    return cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(this.publicJwk.x as string, 'base64url')],
        [-3, Buffer.from(this.publicJwk.y as string, 'base64url')],
      ]),
    );
  }

  private authData(rpId: string, flags: number, counter: number, attested: boolean): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter, 0);
    const parts: Buffer[] = [sha256(rpId), Buffer.from([flags | (attested ? FLAGS.AT : 0)]), count];
    if (attested) {
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(this.credentialId.length, 0);
      parts.push(Buffer.alloc(16), idLength, this.credentialId, this.coseKey());
    }
    return Buffer.concat(parts);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
  }

  /** navigator.credentials.create(): a RegistrationResponseJSON with 'none' attestation. */
  register(options: { challenge: string }, c: Ceremony = {}) {
    const rpId = c.rpId ?? this.defaults.rpId;
    const clientDataJSON = this.clientData(
      c.type ?? 'webauthn.create',
      c.challenge ?? options.challenge,
      c.origin ?? this.defaults.origin,
    );
    const authData = this.authData(rpId, c.flags ?? FLAGS.UP | FLAGS.UV, this.counter, true);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get(): an AuthenticationResponseJSON signed with the private key. */
  assert(options: { challenge: string }, c: Ceremony & { counter?: number } = {}) {
    if (c.counter === undefined && this.counter > 0) this.counter += 1;
    const counter = c.counter ?? this.counter;
    const rpId = c.rpId ?? this.defaults.rpId;
    const clientDataJSON = this.clientData(
      c.type ?? 'webauthn.get',
      c.challenge ?? options.challenge,
      c.origin ?? this.defaults.origin,
    );
    const authenticatorData = this.authData(rpId, c.flags ?? FLAGS.UP | FLAGS.UV, counter, false);
    const signature = crypto.sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.key);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: b64url(Buffer.from('user')),
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }
}
