/** Authority to release information (spec 001 Authority form; uploads issue). */
import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { isVisibleName } from '../text.ts';
import { isoDate } from './common.ts';

/** The consent the claimant signs: shown on the page and printed in the signed record. */
export const AUTHORITY_CONSENT = [
  'I authorise any doctor, hospital, health service, employer, insurer, government agency or other person ' +
    'who holds information about me to give the {provider} ({shortName}) the information it asks for to manage my claim.',
  'This includes information about my health, my treatment, my work and my income, before and after my accident.',
  'I understand that {shortName} will handle this information as its privacy policy describes, and that this authority applies to this claim only.',
  'A copy of this authority is as valid as the original.',
] as const;

export const AuthorityFormData = z.object({
  FirstName: z.string(),
  Surname: z.string(),
  ClaimNumber: z.string(),
  Address: z.object({ AddressLine1: z.string(), AddressLine2: z.string(), AddressLine3: z.string() }),
  DateOfBirth: isoDate,
  DateOfAccident: isoDate,
  Initials: z.string(),
});
export type AuthorityFormData = z.infer<typeof AuthorityFormData>;

export const AUTHORITY_UPLOAD_PATH = '/api/documentupload/uploadauthorityform';
/** The drawn signature travels as a PNG file part with this name (spec 001 §7). */
export const SIGNATURE_FIELD = 'Signature';
export const SIGNATURE_MAX_BYTES = 1024 * 1024;
/** The signature pad's canvas, in pixels: the drawn PNG has exactly this size. */
export const SIGNATURE_PAD = { width: 640, height: 240 } as const;
/**
 * The largest signature image the server decodes: the pad times this scale, so a pad drawn at a
 * device pixel ratio up to 2 still fits (decision 022). Anything larger is refused unread.
 */
export const SIGNATURE_MAX_SCALE = 2;

/**
 * The multipart text fields (before the Signature part). Beyond the spec: a claimant who cannot
 * draw may type their full name and tick the declaration instead.
 */
export const AuthorityFields = z
  .strictObject({
    accessToken: z.string().min(1).max(256),
    SignatureMethod: z.enum(['drawn', 'typed']),
    TypedName: z.string().trim().max(120).optional(),
    Declaration: z.enum(['true', 'false']).optional(),
    IdempotencyKey: z.string().min(8).max(100),
  })
  .refine((f) => f.SignatureMethod === 'drawn' || (f.TypedName ?? '').length > 0, {
    message: MESSAGES.typedNameRequired,
    path: ['TypedName'],
  })
  .refine((f) => f.SignatureMethod === 'drawn' || !f.TypedName || isVisibleName(f.TypedName), {
    message: MESSAGES.typedNameHidden,
    path: ['TypedName'],
  })
  .refine((f) => f.SignatureMethod === 'drawn' || f.Declaration === 'true', {
    message: MESSAGES.authorisationRequired,
    path: ['Declaration'],
  });

export const AuthorityResponse = z.object({ SentItemId: z.string() });
