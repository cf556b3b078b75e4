/**
 * Passkeys (WebAuthn) with @simplewebauthn/server: the relying party is PUBLIC_URL's host, the
 * only origin accepted is its origin (config.webauthn), user verification is required at every
 * ceremony, attestation is 'none'. Each ceremony's challenge is a row of webauthn_challenges,
 * bound to its purpose (and, but for passkey sign-in, to the account and session that asked),
 * spent before the answer is checked and good for 5 minutes.
 */
import type * as SimpleWebAuthn from '@simplewebauthn/server';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  ErrorNumber,
  SECURITY_LIMITS,
  type PasskeyAuthenticationResponse,
  type PasskeyRegistrationResponse,
} from '@portal/contracts';
import type { ChallengePurpose, PasskeyTable } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/crypto.ts';
import { recordAudit } from '../audit/repository.ts';

/** Options as they go to the browser: JSON, whatever members this version of the library adds. */
export type OptionsJSON = { challenge: string; [member: string]: unknown };
import * as repo from './repository.ts';

/**
 * @simplewebauthn/server (and its ASN.1 and COSE code), loaded with the first passkey ceremony a
 * process runs rather than at start (the server's heap, marked by every major GC).
 */
let webauthnLoaded: typeof SimpleWebAuthn | undefined;
async function webauthn(): Promise<typeof SimpleWebAuthn> {
  return (webauthnLoaded ??= await import('@simplewebauthn/server'));
}

const CHALLENGE_LIFETIME_MS = SECURITY_LIMITS.challengeLifetimeMinutes * 60_000;

function notAccepted(): AppError {
  return new AppError(ErrorNumber.FactorNotAccepted);
}

function transportsOf(json: string): string[] {
  try {
    const parsed = JSON.parse(json) as unknown;
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/** The challenge a response answers, read from its clientDataJSON; null when it cannot be read. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' && data.challenge.length <= 200 ? data.challenge : null;
  } catch {
    return null;
  }
}

async function keepChallenge(
  deps: Deps,
  challenge: string,
  purpose: ChallengePurpose,
  bound: { accountId?: string; sessionId?: string; codeType?: number },
): Promise<void> {
  const now = deps.clock.now();
  await repo.insertChallenge(deps.db, {
    id: newId(),
    challenge,
    purpose,
    account_id: bound.accountId ?? null,
    session_id: bound.sessionId ?? null,
    code_type: bound.codeType ?? null,
    created_at: now,
    expires_at: now + CHALLENGE_LIFETIME_MS,
    used_at: null,
  });
}

/** Options to create a passkey; the caller has spent the step-up's secure token. */
export async function registrationOptions(
  deps: Deps,
  auth: { accountId: string; sessionId: string },
): Promise<OptionsJSON> {
  const user = await repo.findPasskeyUser(deps.db, auth.accountId);
  if (!user) throw new AppError(ErrorNumber.NotFound);
  const existing = await repo.listPasskeys(deps.db, auth.accountId);
  if (existing.length >= SECURITY_LIMITS.maxPasskeys) throw new AppError(ErrorNumber.PasskeyLimit);
  const options = await (
    await webauthn()
  ).generateRegistrationOptions({
    rpName: deps.config.webauthn.rpName,
    rpID: deps.config.webauthn.rpId,
    userName: user.username,
    // The account's random id: nothing personal in the authenticator's user handle.
    userID: new TextEncoder().encode(auth.accountId),
    userDisplayName: `${user.first_name} ${user.surname}`.trim(),
    timeout: CHALLENGE_LIFETIME_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: transportsOf(p.transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    // Ed25519, ES256, RS256: every platform authenticator has one of them. SimpleWebAuthn 14 would offer
    // ML-DSA-44 first, whose 2.4 KB signatures exceed the contract's bounds on what a browser may send.
    supportedAlgorithmIDs: [-8, -7, -257],
  });
  await keepChallenge(deps, options.challenge, 'register', auth);
  return { ...options } as OptionsJSON;
}

/** Checks a new passkey against its challenge; the row to keep, or 141. */
export async function checkRegistration(
  deps: Deps,
  auth: { accountId: string; sessionId: string },
  response: PasskeyRegistrationResponse,
  name: string,
): Promise<PasskeyTable> {
  const now = deps.clock.now();
  const challenge = challengeOf(response.response.clientDataJSON);
  const row = challenge ? await repo.spendChallenge(deps.db, challenge, 'register', now) : undefined;
  if (!row || row.account_id !== auth.accountId || row.session_id !== auth.sessionId) throw notAccepted();
  let verified;
  try {
    verified = await (
      await webauthn()
    ).verifyRegistrationResponse({
      response: response as unknown as RegistrationResponseJSON,
      expectedChallenge: row.challenge,
      expectedOrigin: deps.config.webauthn.origins,
      expectedRPID: deps.config.webauthn.rpId,
      requireUserVerification: true,
    });
  } catch {
    throw notAccepted();
  }
  if (!verified.verified) throw notAccepted();
  const { credential } = verified.registrationInfo;
  return {
    id: newId(),
    account_id: auth.accountId,
    credential_id: credential.id,
    public_key: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: JSON.stringify(response.response.transports ?? []),
    name,
    created_at: now,
    last_used_at: null,
  };
}

/**
 * Options to prove a passkey: with the account's passkeys listed (a step-up or the sign-in
 * verification), or none (sign-in with a passkey alone: the browser offers its discoverable ones).
 */
export async function authenticationOptions(
  deps: Deps,
  purpose: Exclude<ChallengePurpose, 'register'>,
  bound: { accountId?: string; sessionId?: string; codeType?: number } = {},
  exceptPasskeyId: string | null = null,
): Promise<OptionsJSON> {
  let allowCredentials: { id: string; transports: string[] }[] | undefined;
  if (bound.accountId) {
    const passkeys = (await repo.listPasskeys(deps.db, bound.accountId)).filter((p) => p.id !== exceptPasskeyId);
    if (passkeys.length === 0) throw new AppError(ErrorNumber.FactorNotSetUp);
    allowCredentials = passkeys.map((p) => ({ id: p.credential_id, transports: transportsOf(p.transports) }));
  }
  const options = await (
    await webauthn()
  ).generateAuthenticationOptions({
    rpID: deps.config.webauthn.rpId,
    userVerification: 'required',
    timeout: CHALLENGE_LIFETIME_MS,
    ...(allowCredentials ? { allowCredentials } : {}),
  });
  await keepChallenge(deps, options.challenge, purpose, bound);
  return { ...options } as OptionsJSON;
}

/**
 * Checks an assertion: its challenge (of this purpose, and bound to this account, session and
 * step-up kind when given), the passkey (the account's own, when an account is given), origin,
 * RP id, user verification, signature and counter. Answers the passkey that signed; throws 141.
 * A counter that went backwards (a cloned authenticator) is refused and audited.
 */
export async function checkAssertion(
  deps: Deps,
  response: PasskeyAuthenticationResponse,
  purpose: Exclude<ChallengePurpose, 'register'>,
  bound: { accountId?: string; sessionId?: string; codeType?: number } = {},
): Promise<PasskeyTable> {
  const now = deps.clock.now();
  const challenge = challengeOf(response.response.clientDataJSON);
  const row = challenge ? await repo.spendChallenge(deps.db, challenge, purpose, now) : undefined;
  if (
    !row ||
    (bound.accountId !== undefined && row.account_id !== bound.accountId) ||
    (bound.sessionId !== undefined && row.session_id !== bound.sessionId) ||
    (bound.codeType !== undefined && row.code_type !== bound.codeType)
  )
    throw notAccepted();
  const passkey = await repo.findPasskeyByCredentialId(deps.db, response.id);
  if (!passkey || (bound.accountId !== undefined && passkey.account_id !== bound.accountId)) throw notAccepted();
  let verified;
  try {
    verified = await (
      await webauthn()
    ).verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: row.challenge,
      expectedOrigin: deps.config.webauthn.origins,
      expectedRPID: deps.config.webauthn.rpId,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
        counter: Number(passkey.counter),
        transports: transportsOf(passkey.transports),
      },
      requireUserVerification: true,
    });
  } catch (e) {
    if (e instanceof Error && /counter value/i.test(e.message)) {
      await recordAudit(deps.db, {
        accountId: passkey.account_id,
        sessionId: bound.sessionId ?? null,
        kind: 'passkey-counter-regression',
        changes: { Passkey: { from: passkey.name, to: passkey.name } },
        at: now,
      });
      deps.log.warn({ passkeyId: passkey.id }, 'passkey signature counter went backwards: refused');
    }
    throw notAccepted();
  }
  if (!verified.verified) throw notAccepted();
  const moved = await repo.recordPasskeyUse(
    deps.db,
    passkey.id,
    Number(passkey.counter),
    verified.authenticationInfo.newCounter,
    now,
  );
  // Another assertion of this passkey counted first with the same counter value.
  if (!moved) throw notAccepted();
  return { ...passkey, counter: verified.authenticationInfo.newCounter, last_used_at: now };
}
