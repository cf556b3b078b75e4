/**
 * The browser's half of a passkey ceremony. @simplewebauthn/browser is downloaded only when a
 * claimant starts one (never with /login's first download). The server's options go in as they
 * came and the browser's answer goes back as it came (the contracts check both).
 */
import type { PasskeyAuthenticationResponse, PasskeyOptions, PasskeyRegistrationResponse } from '@portal/contracts';

type Options = PasskeyOptions['Options'];

/** The claimant closed the browser's passkey prompt, or it timed out: nothing to report as an error. */
export class PasskeyCancelled extends Error {
  constructor() {
    super('The passkey prompt was closed.');
    this.name = 'PasskeyCancelled';
  }
}

/** This browser cannot make or use passkeys at all. */
export class PasskeyUnsupported extends Error {
  constructor() {
    super('This browser cannot use passkeys.');
    this.name = 'PasskeyUnsupported';
  }
}

function translate(error: unknown): unknown {
  const name = (error as { name?: unknown } | null)?.name;
  const code = (error as { code?: unknown } | null)?.code;
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED')
    return new PasskeyCancelled();
  return error;
}

export async function createPasskey(options: Options): Promise<PasskeyRegistrationResponse> {
  const webauthn = await import('@simplewebauthn/browser');
  if (!webauthn.browserSupportsWebAuthn()) throw new PasskeyUnsupported();
  try {
    // The server's options are WebAuthn's JSON form; the contracts keep them loose on purpose.
    const answer = await webauthn.startRegistration({ optionsJSON: options as never });
    return answer as PasskeyRegistrationResponse;
  } catch (error) {
    throw translate(error);
  }
}

export async function assertPasskey(options: Options): Promise<PasskeyAuthenticationResponse> {
  const webauthn = await import('@simplewebauthn/browser');
  if (!webauthn.browserSupportsWebAuthn()) throw new PasskeyUnsupported();
  try {
    const answer = await webauthn.startAuthentication({ optionsJSON: options as never });
    return answer as PasskeyAuthenticationResponse;
  } catch (error) {
    throw translate(error);
  }
}
