/**
 * A helper's own account from an invitation (decision 041): someone with no account of their own
 * registers from the link they were sent. Their contact is the one the invitation went to — the
 * activation code goes there, as every code goes only to a contact the portal holds — and they
 * are a person with no claim and no reference from the claims system. Registering does not take
 * the invitation: once the code is entered they are signed in, and accept it as anyone does.
 */
import type { z } from 'zod';
import { ErrorNumber, type RegisterHelperRequest } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { hashPassword, newId } from '../../lib/crypto.ts';
import { insertClaimant } from '../account/claimant-repository.ts';
import { insertAccount } from '../account/repository.ts';
import { brokenUniqueColumn, usernameExists } from '../registration/repository.ts';
import { startSession, tokenHash } from '../session/service.ts';
import * as repo from './repository.ts';

type RegisterInput = z.output<typeof RegisterHelperRequest>;

const usernameTaken = () => new AppError(ErrorNumber.UsernameTaken, undefined, 'Username');

/** Answers a registration token; /activate then sends the code to the contact invited. */
export async function registerHelper(deps: Deps, input: RegisterInput): Promise<{ AccessToken: string }> {
  const now = deps.clock.now();
  const g = await repo.findGrantByTokenHash(deps.db, tokenHash(input.Invitation));
  // Taken, withdrawn, expired and unknown links answer alike, as getinvitation does.
  if (!g || g.state !== 'invited' || (g.token_expires_at ?? 0) <= now) throw new AppError(ErrorNumber.NotFound);
  const username = input.Username.toLowerCase();
  if (await usernameExists(deps.db, username)) throw usernameTaken();
  const byEmail = g.invited_contact.includes('@');
  const accountId = newId();
  const passwordHash = await hashPassword(input.NewPassword);
  try {
    await deps.db.transaction().execute(async (trx) => {
      const personId = newId();
      await insertClaimant(trx, {
        id: personId,
        provider_ref: null,
        title_id: 0,
        first_name: input.FirstName,
        middle_names: '',
        surname: input.LastName,
        date_of_birth: '',
        email: byEmail ? g.invited_contact : null,
        mobile: byEmail ? null : g.invited_contact,
        home_address: null,
        postal_address: null,
        mobile_edit_disabled: 0,
        email_edit_disabled: 0,
        verify_sign_in: 0,
        now,
      });
      await insertAccount(trx, {
        id: accountId,
        claimantId: personId,
        username,
        passwordHash,
        now,
        registrationDetails: null,
      });
    });
  } catch (e) {
    // A parallel registration took the username after the check above; nothing was kept.
    if (brokenUniqueColumn(e) === 'username') throw usernameTaken();
    throw e;
  }
  const { token } = await startSession(deps, { accountId, kind: 'registration', rememberMe: false });
  return { AccessToken: token };
}
