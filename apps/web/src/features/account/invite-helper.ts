/**
 * The "Invite someone to help" form's values and their check: a name, an e-mail address or a
 * mobile number (in one field, told apart by the @), one of the claimant's own claims, View or
 * Send, and an optional last day typed as dd/mm/yyyy (today or later). Each is the contracts'
 * rule (the name, e-mail, mobile and claim number of InviteHelperRequest, the portal's date
 * parsing); the words are this form's, since its fields are about someone else. What it yields
 * is the invitation as InviteHelperRequest takes it, less the secure token.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  claimNumber,
  email,
  hasTwoDigitYear,
  isoToday,
  mobileNumber,
  parseDisplayDate,
  personName,
} from '@portal/contracts';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import type { InviteBody } from './api/helper-changes.ts';
import { INVITE_SCOPES, type InviteScope } from './helper-words.ts';

export type InviteValues = {
  Name: string;
  Contact: string;
  ClaimNumber: string;
  Scope: InviteScope | null;
  EndsOn: string;
};

export const INVITE_FIELD_IDS = {
  Name: 'helper-invite-name',
  Contact: 'helper-invite-contact',
  ClaimNumber: 'helper-invite-claim',
  Scope: 'helper-invite-scope-view',
  EndsOn: 'helper-invite-ends-on',
} as const satisfies Record<keyof InviteValues, string>;

const INVITE_MESSAGES = {
  name: 'Enter the name of the person who will help, up to 60 characters.',
  contact: 'Enter their e-mail address, or their Australian mobile number of 10 digits.',
  claim: 'Choose the claim they will help with.',
  scope: 'Choose what they can do: View, or View and send.',
  endsOnFormat: 'Enter the last day as dd/mm/yyyy, for example 31/01/2027, or leave it empty.',
  endsOnYear: 'Enter the last day as dd/mm/yyyy. Write the year in full, for example 2027, not 27.',
  endsOnPast: 'The last day cannot be before today. Enter today or a later date, or leave it empty.',
} as const;

/** A mobile number as people type it: spaces, dashes and brackets dropped. */
function mobileDigits(value: string): string {
  return value.replace(/[\s()-]/g, '');
}

function contactOf(value: string): { Email: string } | { Mobile: string } | null {
  const text = value.trim();
  if (text.includes('@')) {
    const parsed = email.safeParse(text);
    return parsed.success ? { Email: parsed.data } : null;
  }
  const parsed = mobileNumber.safeParse(mobileDigits(text));
  return parsed.success ? { Mobile: parsed.data } : null;
}

/** The contracts' rule of a field, with this form's words. */
const ruleOf = (schema: z.ZodType) => (value: string) => schema.safeParse(value).success;

/** The form's rule; `today` is the Melbourne date the last day may not be before. */
function inviteSchema(today: () => string = () => isoToday()) {
  return z
    .object({
      Name: z.string().trim().refine(ruleOf(personName), INVITE_MESSAGES.name),
      Contact: z.string().refine((v) => contactOf(v) !== null, INVITE_MESSAGES.contact),
      ClaimNumber: z.string().refine(ruleOf(claimNumber), INVITE_MESSAGES.claim),
      Scope: z.enum(INVITE_SCOPES, { error: INVITE_MESSAGES.scope }),
      EndsOn: z
        .string()
        .trim()
        .refine((v) => !hasTwoDigitYear(v), { message: INVITE_MESSAGES.endsOnYear, abort: true })
        .refine((v) => v === '' || parseDisplayDate(v) !== null, { message: INVITE_MESSAGES.endsOnFormat, abort: true })
        .refine((v) => v === '' || (parseDisplayDate(v) ?? '') >= today(), INVITE_MESSAGES.endsOnPast),
    })
    .transform((v): Omit<InviteBody, 'SecureToken'> => {
      const ends = parseDisplayDate(v.EndsOn);
      return {
        Name: v.Name,
        ...(contactOf(v.Contact) ?? {}),
        ClaimNumber: v.ClaimNumber,
        Scope: v.Scope,
        ...(ends ? { EndsOn: ends } : {}),
      };
    });
}

export type InviteOutput = z.output<ReturnType<typeof inviteSchema>>;

export const inviteResolver = zodResolver(inviteSchema()) as unknown as Resolver<InviteValues, unknown, InviteOutput>;

/** The server names the fields of its request: the form's field each one is shown at. */
export const SERVER_FIELDS: Record<string, keyof InviteValues> = {
  Name: 'Name',
  Email: 'Contact',
  Mobile: 'Contact',
  ClaimNumber: 'ClaimNumber',
  Scope: 'Scope',
  EndsOn: 'EndsOn',
};
