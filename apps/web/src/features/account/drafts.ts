/**
 * What each My Details edit view keeps on this device while it is open (foundation issue: when the
 * session times out "whatever form they were in has its draft kept"), through
 * components/use-edit-form.ts, per account. The values are kept as typed, not yet checked: the
 * schemas only make sure a stored copy has the right shape.
 *
 * Never kept: a password (the password page keeps nothing), an access code or its secure token, a
 * bank account number (the bank view keeps the account name and BSB only), a file picked for a
 * change request. Preferences save at once, so they have nothing to keep.
 */
import { z } from 'zod';
import { createDraftMirror, type DraftMirror, type DraftScope } from '../../lib/forms/draft-mirror.ts';

/**
 * An edit view's kept draft: its name in the mirror, the mirror, and what of the values it keeps;
 * per account (My Details), or per selected claim (a helper changing the claimant's details).
 */
export type EditDraft<T, D> = { form: string; mirror: DraftMirror<D>; keep: (values: T) => D; scope?: DraftScope };

const typed = z.string();

/** The Mobile Number or the Email Address view: the one channel it changes. */
export const ChannelDraft = z.object({ MobileNumber: typed.optional(), EmailAddress: typed.optional() });

const addressLines = z.object({
  ExperianSingleSelectedLine: typed,
  AddressLine1: typed,
  AddressLine2: typed,
  AddressLine3: typed,
});
export const ContactDraft = z.object({
  PhoneNumber: z.object({ IntlNumber: z.literal('61'), AreaCode: typed, Number: typed }),
  HomeAddressForDB: addressLines,
  PostalAddressForDB: addressLines.nullable(),
  AreAddressesSame: z.boolean(),
});

export const PersonalDraft = z.object({
  FirstName: typed,
  MiddleNames: typed,
  Surname: typed,
  DateOfBirth: typed,
  Reason: z.object({ Id: z.number(), Item: z.string() }).optional(),
  OtherReason: typed,
});

/** The account name and the BSB: never the account number. */
export const BankDraft = z.object({ AccountName: typed, Bsb: typed });

export type ChannelDraft = z.infer<typeof ChannelDraft>;
export type ContactDraft = z.infer<typeof ContactDraft>;
export type PersonalDraft = z.infer<typeof PersonalDraft>;
export type BankDraft = z.infer<typeof BankDraft>;

export const ACCOUNT_DRAFT_MIRRORS = {
  mobile: createDraftMirror(ChannelDraft),
  email: createDraftMirror(ChannelDraft),
  contact: createDraftMirror(ContactDraft),
  personal: createDraftMirror(PersonalDraft),
  bank: createDraftMirror(BankDraft),
};

/** The mirror's form names: one per edit view, the same inline on /account and on app mode's page. */
export const ACCOUNT_DRAFT_FORMS = {
  mobile: 'account-mobile',
  email: 'account-email',
  contact: 'account-contact',
  personal: 'account-personal',
  bank: 'account-bank',
  /** A helper with Act, for the claimant of the selected claim (kept per claim). */
  claimantContact: 'claimant-contact',
  claimantPersonal: 'claimant-personal',
} as const;
