/**
 * The factor changes of My Details' "Sign-in and security": add, rename and remove a passkey; set
 * up, confirm and remove the authenticator app; new recovery codes. Every add or remove spends a
 * Security secure token (a step-up of CodeType 3); a rename needs none. Silent: the block shows
 * each error beside what was being changed.
 */
import { call, type CallAnswer } from '../../../lib/request/call.ts';
import { createPasskey } from './passkey-ceremony.ts';

/** Options (spends the token), the browser makes the passkey, the server keeps it. */
export async function addPasskey(secureToken: string, name: string): Promise<CallAnswer<'registerPasskey'>> {
  const { Options } = await call('passkeyRegistrationOptions', { SecureToken: secureToken }, { silent: true });
  const response = await createPasskey(Options);
  return call(
    'registerPasskey',
    { Name: name, Response: response },
    { silent: true, loadingMessage: 'Saving your passkey…' },
  );
}

export function renamePasskey(id: string, name: string): Promise<true> {
  return call('renamePasskey', { Id: id, Name: name }, { silent: true, loadingMessage: 'Saving…' });
}

export function removePasskey(id: string, secureToken: string): Promise<true> {
  return call('removePasskey', { Id: id, SecureToken: secureToken }, { silent: true, loadingMessage: 'Removing…' });
}

export function setUpAuthenticator(secureToken: string): Promise<CallAnswer<'setUpAuthenticator'>> {
  return call('setUpAuthenticator', { SecureToken: secureToken }, { silent: true });
}

export function confirmAuthenticator(code: string): Promise<CallAnswer<'confirmAuthenticator'>> {
  return call('confirmAuthenticator', { Code: code }, { silent: true, loadingMessage: 'Checking your code…' });
}

export function removeAuthenticator(secureToken: string): Promise<true> {
  return call('removeAuthenticator', { SecureToken: secureToken }, { silent: true, loadingMessage: 'Removing…' });
}

export function newRecoveryCodes(secureToken: string): Promise<CallAnswer<'newRecoveryCodes'>> {
  return call('newRecoveryCodes', { SecureToken: secureToken }, { silent: true });
}
