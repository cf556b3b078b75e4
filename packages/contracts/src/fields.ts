/**
 * Field rules of spec 000 §5 and spec 001 §5, written once and used by the web forms
 * (react-hook-form + zodResolver) and re-checked by the server routes.
 */
import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { MESSAGES } from './messages.ts';
import { stripSpaces } from './text.ts';
import { isoToday } from './today.ts';

const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** E-mail format: the pattern, total at most 254 characters, local part at most 64 (spec 000 §5). */
export function isEmail(value: string): boolean {
  if (value.length > LIMITS.emailMax || !EMAIL_PATTERN.test(value)) return false;
  return value.slice(0, value.lastIndexOf('@')).length <= LIMITS.emailLocalMax;
}

/** Spec 000 §5: the username has its spaces stripped — written in text.ts, which has no zod. */
export { stripSpaces };

export const username = z
  .string({ error: MESSAGES.usernameRequired })
  .transform(stripSpaces)
  .pipe(z.string().min(1, MESSAGES.usernameRequired).refine(isEmail, MESSAGES.usernameInvalid));

/** The sign-in password is only required; bounded so hashing work stays bounded. */
export const loginPassword = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .max(1024, MESSAGES.passwordRequired);

export const email = z.string({ error: MESSAGES.emailInvalid }).trim().refine(isEmail, MESSAGES.emailInvalid);

const digits = (n: number) => new RegExp(`^[0-9]{${n}}$`);

export const mobileNumber = z
  .string({ error: MESSAGES.mobileInvalid })
  .regex(digits(LIMITS.mobileDigits), MESSAGES.mobileInvalid);

export const areaCode = z
  .string({ error: MESSAGES.areaCodeInvalid })
  .regex(digits(LIMITS.areaCodeDigits), MESSAGES.areaCodeInvalid);

export const phoneNumber = z
  .string({ error: MESSAGES.phoneInvalid })
  .regex(digits(LIMITS.phoneDigits), MESSAGES.phoneInvalid);

export const accountName = z
  .string({ error: MESSAGES.accountNameInvalid })
  .trim()
  .min(1, MESSAGES.accountNameInvalid)
  .max(LIMITS.accountNameMax, MESSAGES.accountNameInvalid);

/** BSB: exactly 6 digits, accepted as 'nnnnnn' or 'nnn-nnn'; normalised to 'nnn-nnn'. */
export const bsb = z
  .string({ error: MESSAGES.bsbInvalid })
  .regex(/^[0-9]{3}-?[0-9]{3}$/, MESSAGES.bsbInvalid)
  .transform((v) => `${v.replace('-', '').slice(0, 3)}-${v.replace('-', '').slice(3)}`);

export const accountNumber = z
  .string({ error: MESSAGES.accountNumberInvalid })
  .regex(/^[0-9]{6,9}$/, MESSAGES.accountNumberInvalid);

/** Spec 000 §5: a name is 1-60 characters "of any kind" (the name pattern); trimmed. Its message names the field. */
function requiredName(message: string) {
  return z.string({ error: message }).trim().min(1, message).max(LIMITS.nameMax, message);
}

/** A first name (and the rule of a name in general). */
export const personName = requiredName(MESSAGES.firstNameInvalid);

/** A last name (surname): the same rule, and its message says Last Name. */
export const lastName = requiredName(MESSAGES.lastNameInvalid);

/** A middle name: optional, at most 60 characters; its message says Middle Name. */
export const optionalPersonName = z
  .string()
  .trim()
  .max(LIMITS.nameMax, MESSAGES.middleNameInvalid)
  .optional()
  .or(z.literal(''));

/** Parses 'dd/mm/yyyy' to an ISO date 'yyyy-mm-dd', or null when the calendar date does not exist. */
export function parseDisplayDate(value: string): string | null {
  const m = /^([0-9]{2})\/([0-9]{2})\/([0-9]{4})$/.exec(value);
  if (!m) return null;
  const [, dd, mm, yyyy] = m as unknown as [string, string, string, string];
  const year = Number(yyyy);
  const month = Number(mm);
  const day = Number(dd);
  if (year < LIMITS.datePickerMinYear || year > LIMITS.datePickerMaxYear) return null;
  if (month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return `${yyyy}-${mm}-${dd}`;
}

/** Formats an ISO date 'yyyy-mm-dd' as 'dd/mm/yyyy'. */
export function formatDisplayDate(iso: string): string {
  const m = /^([0-9]{4})-([0-9]{2})-([0-9]{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

/**
 * A date whose year has 2 digits ('01/02/80'). It is not guessed: 20 could be 1920 or 2020, and a
 * wrong guess of a date of birth fails the identity check with no hint why. Its message asks for
 * the year in full.
 */
export function hasTwoDigitYear(value: string): boolean {
  return /^[0-9]{1,2}\/[0-9]{1,2}\/[0-9]{2}$/.test(value.trim());
}

/** Date of birth typed as dd/mm/yyyy: a real date, not today or later. Yields the ISO date. */
export function dateOfBirth(today: () => string = () => isoToday()) {
  return z
    .string({ error: MESSAGES.dateOfBirthFormat })
    .refine((value) => !hasTwoDigitYear(value), { message: MESSAGES.dateOfBirthYearInFull, abort: true })
    .regex(/^[0-9]{2}\/[0-9]{2}\/[0-9]{4}$/, MESSAGES.dateOfBirthFormat)
    .transform((value, ctx) => {
      const iso = parseDisplayDate(value);
      if (!iso || iso >= today()) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.dateOfBirthInvalid });
        return z.NEVER;
      }
      return iso;
    });
}

/** Counts the character classes of spec 000 §5: lowercase, uppercase, digit, symbol. */
export function passwordClasses(value: string): number {
  return [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(value)).length;
}

export function isValidNewPassword(value: string): boolean {
  return (
    value.length >= LIMITS.passwordMin &&
    value.length <= LIMITS.passwordMax &&
    passwordClasses(value) >= LIMITS.passwordClassesRequired
  );
}

export const newPassword = z
  .string({ error: MESSAGES.passwordInvalid })
  .refine(isValidNewPassword, MESSAGES.passwordInvalid);

export const accessCode = z
  .string({ error: MESSAGES.accessCodeInvalid })
  .regex(/^[0-9]{4}$/, MESSAGES.accessCodeInvalid);

/** Spec 001 §5: claim number NN/NNNNN. */
export const claimNumber = z
  .string({ error: 'Enter a valid claim number e.g. 12/34567' })
  .regex(/^[0-9]{2}\/[0-9]{5}$/, 'Enter a valid claim number e.g. 12/34567');

/** Spec 000 §5: currency — optional leading $, digits, optional decimal point with exactly two digits. */
export const CURRENCY_PATTERN = /^\$?[0-9]+(\.[0-9]{2})?$/;

/** The opaque access token sent in request bodies. */
export const accessToken = z.string().min(1).max(256);

/**
 * Spec 000 §5 / 001 §5: a delivery address cannot be a home address — PO Box, GPO Box, Locked
 * Bag, Private Bag, Care PO, Parcel Locker (account issue).
 */
export function isDeliveryAddress(text: string): boolean {
  return /\b(G\.?P\.?O\.?|P\.?O\.?)\s*BOX\b|\b(LOCKED|PRIVATE)\s+BAG\b|\bPARCEL\s+LOCKER\b|\bCARE\s+P\.?O\.?\b|\bC\/-?\s*P\.?O\.?\b/i.test(
    text,
  );
}
