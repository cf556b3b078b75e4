/** Access codes (spec 000 §3, §4, §7; identity issue). */
import { z } from 'zod';
import { CodeType, DeviceType } from '../constants.ts';
import { accessCode } from '../fields.ts';
import { requestBody } from './common.ts';

export const CodeTypeValue = z.union([z.literal(CodeType.Mobile), z.literal(CodeType.Email), z.literal(CodeType.Bank)]);

export const GenerateCodeRequest = requestBody({
  /** Which detail the code protects: needed while signed in; ignored in the login flow. */
  CodeType: CodeTypeValue.optional(),
  DevType: z.literal(DeviceType.Web).optional(),
});
/** Where the code went. */
export const CodeSentResponse = z.object({ SMS: z.boolean(), Email: z.boolean() });
export type CodeSentResponse = z.infer<typeof CodeSentResponse>;

/** The code the claimant types on the access-code screen: the form's rule, and the request's. */
export const AccessCodeEntry = z.object({ SecurityCode: accessCode });
export type AccessCodeEntry = z.infer<typeof AccessCodeEntry>;

export const ValidateCodeRequest = requestBody({
  ...AccessCodeEntry.shape,
  CodeType: CodeTypeValue.optional(),
  DeviceType: z.literal(DeviceType.Web).optional(),
});

/** forlogin: the verified code completes the sign-in and yields the login token. */
export const LoginTokenResponse = z.object({ AccessToken: z.string() });
/**
 * whileloggedin: the verified code yields a short-lived secure token for one kind of edit. The
 * session token is rotated at this step-up, so the answer carries the new AccessToken too.
 */
export const SecureTokenResponse = z.object({
  AccessToken: z.string(),
  SecureToken: z.string(),
  CodeType: CodeTypeValue,
  ExpiresInSeconds: z.number().int(),
});

export const ExpireCodeRequest = requestBody({ CodeType: CodeTypeValue.optional() });
