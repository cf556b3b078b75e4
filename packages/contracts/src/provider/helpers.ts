/**
 * People who help, as the claims system appoints them (decision 041): a helper it has checked (a
 * guardian, an attorney, an administrator), by its own reference for the appointment, unique
 * within the claim. Only the claims system can give Act.
 */
import { z } from 'zod';
import { isoDate } from '../api/common.ts';
import { HelperScope } from '../api/helpers.ts';
import { LIMITS } from '../constants.ts';
import { isVisibleName } from '../text.ts';
import { providerClaimNumber } from './records.ts';

/** Why the claims system appointed the helper. */
export const HELPER_BASES = ['guardian', 'attorney', 'administrator', 'other'] as const;

/** The claims system's reference for an appointment: unique within its claim. */
export const appointmentRef = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{1,64}$/, 'letters, digits, dot, colon, dash, underscore; at most 64');

export const ClaimHelpersParams = z.strictObject({ claimNumber: providerClaimNumber });
export const HelperAppointmentParams = z.strictObject({ claimNumber: providerClaimNumber, ref: appointmentRef });

export const AppointHelperRequest = z
  .strictObject({
    /** The helper's name as the claimant and the helper read it (in messages too): letters, nothing hidden. */
    Name: z
      .string()
      .trim()
      .min(1)
      .max(LIMITS.nameMax)
      .refine(isVisibleName, 'A name with a letter and no control or hidden characters'),
    /** The invitation goes to the e-mail address when both are given, else to the mobile. */
    EmailAddress: z.email().max(254).optional(),
    MobileNumber: z
      .string()
      .regex(/^0[0-9]{9}$/, 'an Australian 10-digit mobile')
      .optional(),
    Scope: HelperScope,
    Basis: z.enum(HELPER_BASES),
    /** The last day of access (Melbourne), not in the past. */
    EndsOn: isoDate.optional(),
  })
  .refine((b) => b.EmailAddress !== undefined || b.MobileNumber !== undefined, {
    message: 'Give an EmailAddress or a MobileNumber (or both)',
    path: ['EmailAddress'],
  });

/** A grant of the claim, appointed (Ref) or invited by the claimant (Ref null). */
export const ProviderHelper = z.object({
  Ref: z.string().nullable(),
  /** The helper's portal account, as helper-change events name it; null until the invitation is taken. */
  HelperReference: z.string().nullable(),
  Name: z.string(),
  Scope: HelperScope,
  Basis: z.enum(HELPER_BASES).nullable(),
  State: z.enum(['Invited', 'Active', 'Ended']),
  EndsOn: isoDate.nullable(),
  /** ISO date-times. */
  AcceptedAt: z.string().nullable(),
  EndedAt: z.string().nullable(),
});
export const ProviderHelperList = z.object({ Items: z.array(ProviderHelper) });
