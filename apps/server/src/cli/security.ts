/**
 * `security show|reset`: a claimant's second factors from a shell. `show` names the
 * kinds an account has, never the factors. `reset` is for after an identity check by phone (a
 * claimant who lost the phone holding their passkey and authenticator, and their recovery codes):
 * it removes the passkeys, the authenticator app and the recovery codes, tells the claimant on
 * every channel on record, and is audited.
 */
import { resetFactors, secondFactorKinds } from '../modules/security/service.ts';
import { accountOf } from './claimant-account.ts';
import type { Command } from './command.ts';

const kindsText = (k: { Passkey: boolean; Authenticator: boolean; RecoveryCodes: boolean }) =>
  [k.Passkey && 'passkeys', k.Authenticator && 'authenticator app', k.RecoveryCodes && 'recovery codes']
    .filter(Boolean)
    .join(', ') || 'none (4-digit codes only)';

export const securityCommands: Command[] = [
  {
    name: 'security show',
    args: 'CLAIMANT_REF',
    summary:
      "Which kinds of second factor the claimant's account has (passkeys, authenticator app, recovery codes), never the factors.",
    positionals: [1, 1],
    async run({ deps }, { positionals }) {
      const { ref, accountId } = await accountOf(deps, positionals[0] as string);
      const kinds = await secondFactorKinds(deps, accountId);
      return { json: { ClaimantRef: ref, SecondFactors: kinds }, text: [`${ref} second factors: ${kindsText(kinds)}`] };
    },
  },
  {
    name: 'security reset',
    args: 'CLAIMANT_REF',
    summary:
      "After an identity check by phone: removes the claimant's passkeys, authenticator app and recovery codes " +
      '(the 4-digit codes stay), tells the claimant by e-mail and SMS, and audits it.',
    positionals: [1, 1],
    async run({ deps }, { positionals }) {
      const { ref, accountId } = await accountOf(deps, positionals[0] as string);
      const removed = await resetFactors(deps, accountId);
      const nothing = removed.passkeys === 0 && !removed.authenticator;
      return {
        json: { ClaimantRef: ref, PasskeysRemoved: removed.passkeys, AuthenticatorRemoved: removed.authenticator },
        text: [
          nothing
            ? `${ref} had no passkey or authenticator app: nothing removed`
            : `Removed ${removed.passkeys} passkey${removed.passkeys === 1 ? '' : 's'}` +
              `${removed.authenticator ? ' and the authenticator app' : ''} of ${ref}; the claimant is told by e-mail and SMS`,
        ],
      };
    },
  },
];
