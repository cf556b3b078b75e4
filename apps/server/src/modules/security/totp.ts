/**
 * The authenticator app (RFC 6238 with otpauth): SHA-1, 6 digits, 30-second steps, one step
 * either side of now accepted. The 20-byte secret is sealed at rest like bank numbers (bound to
 * its row, decision 021); the highest step accepted is kept, so each code — and every code of an
 * earlier step — works once.
 */
import { Secret, TOTP } from 'otpauth';
import { SECURITY_LIMITS } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { sealedAt } from '../../lib/crypto.ts';

export function totpFor(deps: Pick<Deps, 'config'>, secret: Secret, label: string): TOTP {
  return new TOTP({
    issuer: deps.config.provider.shortName,
    label,
    algorithm: 'SHA1',
    digits: SECURITY_LIMITS.totpDigits,
    period: SECURITY_LIMITS.totpPeriodSeconds,
    secret,
  });
}

export function newSecret(): Secret {
  return new Secret({ size: 20 });
}

export function sealSecret(deps: Pick<Deps, 'cipher'>, id: string, secret: Secret): string {
  return deps.cipher.encrypt(secret.base32, sealedAt('authenticators', 'secret_enc', id));
}

export function openSecret(deps: Pick<Deps, 'cipher'>, id: string, sealed: string): Secret {
  return Secret.fromBase32(deps.cipher.decrypt(sealed, sealedAt('authenticators', 'secret_enc', id)));
}

/** The time-step a code matches at `now` (±1), or null. */
export function matchingStep(deps: Pick<Deps, 'config'>, secret: Secret, code: string, now: number): number | null {
  const totp = totpFor(deps, secret, '');
  const delta = totp.validate({ token: code, timestamp: now, window: SECURITY_LIMITS.totpWindow });
  if (delta === null) return null;
  return totp.counter({ timestamp: now }) + delta;
}
