/**
 * The values of the Name & Date of Birth change request (personal-details-form.tsx): their check,
 * the contracts' DetailsRequestRequest, the page's field ids, and what this device keeps of them.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { DetailsRequestRequest, MESSAGES, OTHER_ITEM, type DropdownItem } from '@portal/contracts';
import type { Resolver } from 'react-hook-form';
import { ACCOUNT_DRAFT_FORMS, ACCOUNT_DRAFT_MIRRORS, type EditDraft, type PersonalDraft } from '../drafts.ts';

/** A reason from the UpdatePersonalReason list, as the request carries it. */
export type UpdateReason = Pick<DropdownItem, 'Id' | 'Item'>;

export type PersonalValues = {
  FirstName: string;
  MiddleNames: string;
  Surname: string;
  DateOfBirth: string;
  Reason: UpdateReason | undefined;
  OtherReason: string;
};

const contractResolver = zodResolver(DetailsRequestRequest, undefined, {
  raw: true,
}) as unknown as Resolver<PersonalValues>;

/**
 * The contracts check "Other needs a reason" on the whole request, and zod skips such a check
 * while another field cannot be read at all (a date of birth that is no date): say it at once.
 */
export const personalResolver: Resolver<PersonalValues> = async (values, context, options) => {
  const result = await contractResolver(values, context, options);
  if (values.Reason?.Item !== OTHER_ITEM || values.OtherReason.trim() !== '' || result.errors.OtherReason)
    return result;
  return {
    values: {},
    errors: { ...result.errors, OtherReason: { type: 'custom', message: MESSAGES.otherReasonInvalid } },
  };
};

export const PERSONAL_FIELD_IDS = {
  FirstName: 'account-personal-first-name',
  MiddleNames: 'account-personal-middle-names',
  Surname: 'account-personal-surname',
  DateOfBirth: 'account-personal-date-of-birth',
  Reason: 'account-personal-reason',
  OtherReason: 'account-personal-other-reason',
} as const;
export type PersonalFieldName = keyof typeof PERSONAL_FIELD_IDS;

/** Kept on this device until sent or cancelled: everything typed or chosen, not the files. */
export const PERSONAL_DRAFT: EditDraft<PersonalValues, PersonalDraft> = {
  form: ACCOUNT_DRAFT_FORMS.personal,
  mirror: ACCOUNT_DRAFT_MIRRORS.personal,
  keep: (values) => ({
    FirstName: values.FirstName,
    MiddleNames: values.MiddleNames,
    Surname: values.Surname,
    DateOfBirth: values.DateOfBirth,
    Reason: values.Reason,
    OtherReason: values.OtherReason,
  }),
};

/** A helper asking for the claimant they help: kept per claim, under a name of its own. */
export const CLAIMANT_PERSONAL_DRAFT: EditDraft<PersonalValues, PersonalDraft> = {
  ...PERSONAL_DRAFT,
  form: ACCOUNT_DRAFT_FORMS.claimantPersonal,
  scope: 'claim',
};
