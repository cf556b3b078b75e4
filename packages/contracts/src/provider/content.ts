/**
 * What the claims system publishes to every claimant: maintenance messages, content documents,
 * services, dropdown lists and the survey's questions.
 */
import { z } from 'zod';
import { SERVICE_ICONS } from '../api/content.ts';
import { LIST_TYPES } from '../lists.ts';

export const SetMaintenanceRequest = z.strictObject({
  /** Messages shown on the sign-in page; an empty list ends maintenance. */
  Messages: z.array(z.string().trim().min(1).max(500)).max(5),
  EndsAt: z.iso.datetime({ offset: true }).optional(),
});
export const ProviderContentParams = z.strictObject({ name: z.string().regex(/^[a-z0-9-]{1,64}$/) });
export const PutContentRequest = z.strictObject({ Html: z.string().min(1).max(200_000) });

export const ServiceParams = z.strictObject({ id: z.coerce.number().int().positive().max(1_000_000) });
export const PutServiceRequest = z.strictObject({
  Name: z.string().trim().min(1).max(100),
  ExcessApplies: z.boolean(),
  Icon: z.enum(SERVICE_ICONS),
  Html: z.string().min(1).max(100_000),
  /** Position in the list (ascending). */
  Sort: z.number().int().min(0).max(1_000_000),
});

export const ListTypeParams = z.strictObject({ listType: z.enum(LIST_TYPES) });
export const PutListRequest = z.strictObject({
  /** The whole list, replacing the current one. Items the portal relies on by name ('Other', 'Reimbursement', the SentItemTypes) must stay. */
  Items: z
    .array(
      z.strictObject({
        Id: z.number().int().positive(),
        Item: z.string().trim().min(1).max(100),
        ElementNumber: z.number().int(),
      }),
    )
    .min(1)
    .max(200),
});

export const PutSurveyRequest = z.strictObject({
  /** The whole question bank, replacing the current one. */
  Questions: z
    .array(
      z.strictObject({
        Id: z.number().int().positive(),
        Html: z.string().min(1).max(5_000),
        Answers: z
          .array(z.strictObject({ Label: z.string().trim().min(1).max(100), Value: z.string().trim().min(1).max(50) }))
          .min(2)
          .max(10),
      }),
    )
    .min(1)
    .max(50),
});
