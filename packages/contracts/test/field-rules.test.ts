/** Table-driven tests of the spec 000 §5 rule rows, straight from the contracts. */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  DetailsRequestRequest,
  LoginRequest,
  MESSAGES,
  RecoveryRequest,
  RegisterRequest,
  accessCode,
  accountName,
  accountNumber,
  areaCode,
  bsb,
  dateOfBirth,
  email,
  isEmail,
  lastName,
  mobileNumber,
  newPassword,
  optionalPersonName,
  parseDisplayDate,
  personName,
  phoneNumber,
  username,
  CURRENCY_PATTERN,
} from '../src/index.ts';

function check(schema: z.ZodType, value: unknown): { ok: true; value: unknown } | { ok: false; message: string } {
  const r = schema.safeParse(value);
  return r.success ? { ok: true, value: r.data } : { ok: false, message: r.error.issues[0]?.message ?? '' };
}

type Row = [label: string, schema: z.ZodType, input: unknown, expected: { value: unknown } | { message: string }];

const ROWS: Row[] = [
  // Username: required; e-mail pattern; spaces stripped
  ['username valid', username, 'alex@example.com', { value: 'alex@example.com' }],
  ['username spaces stripped', username, ' alex @example.com ', { value: 'alex@example.com' }],
  ['username required', username, '', { message: MESSAGES.usernameRequired }],
  ['username only spaces', username, '   ', { message: MESSAGES.usernameRequired }],
  ['username not an e-mail', username, 'alex', { message: MESSAGES.usernameInvalid }],
  ['username missing', username, undefined, { message: MESSAGES.usernameRequired }],
  // E-mail (edit): pattern; trimmed; 254 / 64
  ['email trimmed', email, '  sam@example.com ', { value: 'sam@example.com' }],
  ['email invalid', email, 'sam@', { message: MESSAGES.emailInvalid }],
  ['email local part 64', email, `${'a'.repeat(64)}@example.com`, { value: `${'a'.repeat(64)}@example.com` }],
  ['email local part 65', email, `${'a'.repeat(65)}@example.com`, { message: MESSAGES.emailInvalid }],
  // Mobile: exactly 10 digits
  ['mobile 10 digits', mobileNumber, '0412345678', { value: '0412345678' }],
  ['mobile 9 digits', mobileNumber, '041234567', { message: MESSAGES.mobileInvalid }],
  ['mobile letters', mobileNumber, '04123456a8', { message: MESSAGES.mobileInvalid }],
  // Area code 2 digits; phone 8 digits
  ['area code', areaCode, '03', { value: '03' }],
  ['area code 3 digits', areaCode, '035', { message: MESSAGES.areaCodeInvalid }],
  ['phone 8 digits', phoneNumber, '96123456', { value: '96123456' }],
  ['phone 7 digits', phoneNumber, '9612345', { message: MESSAGES.phoneInvalid }],
  // Account name 1-100, trimmed
  ['account name', accountName, '  Alex Citizen ', { value: 'Alex Citizen' }],
  ['account name empty', accountName, '   ', { message: MESSAGES.accountNameInvalid }],
  ['account name 100', accountName, 'a'.repeat(100), { value: 'a'.repeat(100) }],
  ['account name 101', accountName, 'a'.repeat(101), { message: MESSAGES.accountNameInvalid }],
  // BSB exactly 6 digits, normalised to nnn-nnn
  ['bsb digits', bsb, '063000', { value: '063-000' }],
  ['bsb dashed', bsb, '063-000', { value: '063-000' }],
  ['bsb 5 digits', bsb, '06300', { message: MESSAGES.bsbInvalid }],
  // Account number 6-9 digits
  ['account number 6', accountNumber, '123456', { value: '123456' }],
  ['account number 9', accountNumber, '123456789', { value: '123456789' }],
  ['account number 5', accountNumber, '12345', { message: MESSAGES.accountNumberInvalid }],
  ['account number 10', accountNumber, '1234567890', { message: MESSAGES.accountNumberInvalid }],
  // Names 1-60, any characters
  ['name', personName, "Zoë O'Brien-Nguyễn", { value: "Zoë O'Brien-Nguyễn" }],
  ['name empty', personName, '', { message: MESSAGES.firstNameInvalid }],
  ['name 61', personName, 'a'.repeat(61), { message: MESSAGES.firstNameInvalid }],
  ['last name', lastName, "O'Brien-Nguyễn", { value: "O'Brien-Nguyễn" }],
  ['last name empty', lastName, ' ', { message: MESSAGES.lastNameInvalid }],
  ['last name 61', lastName, 'a'.repeat(61), { message: MESSAGES.lastNameInvalid }],
  ['middle name empty', optionalPersonName, '', { value: '' }],
  ['middle name 61', optionalPersonName, 'a'.repeat(61), { message: MESSAGES.middleNameInvalid }],
  // Date of birth dd/mm/yyyy, not today or later
  ['dob valid', dateOfBirth(() => '2026-11-21'), '01/02/1980', { value: '1980-02-01' }],
  ['dob leap day', dateOfBirth(() => '2026-11-21'), '29/02/2000', { value: '2000-02-29' }],
  ['dob not a leap year', dateOfBirth(() => '2026-11-21'), '29/02/1999', { message: MESSAGES.dateOfBirthInvalid }],
  ['dob today', dateOfBirth(() => '2026-11-21'), '21/11/2026', { message: MESSAGES.dateOfBirthInvalid }],
  ['dob yesterday', dateOfBirth(() => '2026-11-21'), '20/11/2026', { value: '2026-11-20' }],
  ['dob format', dateOfBirth(() => '2026-11-21'), '1980-02-01', { message: MESSAGES.dateOfBirthFormat }],
  ['dob before 1900', dateOfBirth(() => '2026-11-21'), '31/12/1899', { message: MESSAGES.dateOfBirthInvalid }],
  ['dob 2-digit year', dateOfBirth(() => '2026-11-21'), '01/02/80', { message: MESSAGES.dateOfBirthYearInFull }],
  ['dob 2-digit year, 1 digit', dateOfBirth(() => '2026-11-21'), '1/2/80', { message: MESSAGES.dateOfBirthYearInFull }],
  ['dob 3-digit year', dateOfBirth(() => '2026-11-21'), '01/02/198', { message: MESSAGES.dateOfBirthFormat }],
  // Access code 4 digits
  ['code', accessCode, '0123', { value: '0123' }],
  ['code 3 digits', accessCode, '123', { message: MESSAGES.accessCodeInvalid }],
  // New password 8-16, 3 of 4 classes
  ['password 3 classes', newPassword, 'abcdEF12', { value: 'abcdEF12' }],
  ['password 2 classes', newPassword, 'abcdefg1', { message: MESSAGES.passwordInvalid }],
  ['password 7 chars', newPassword, 'aB1!aB1', { message: MESSAGES.passwordInvalid }],
  ['password 16 chars', newPassword, 'aB1!aB1!aB1!aB1!', { value: 'aB1!aB1!aB1!aB1!' }],
  ['password 17 chars', newPassword, 'aB1!aB1!aB1!aB1!a', { message: MESSAGES.passwordInvalid }],
];

describe('spec 000 §5 rule rows', () => {
  it.each(ROWS)('%s', (_label, schema, input, expected) => {
    const result = check(schema, input);
    if ('value' in expected) expect(result).toEqual({ ok: true, value: expected.value });
    else expect(result).toEqual({ ok: false, message: expected.message });
  });
});

describe('each name field names itself', () => {
  const lastNameMessage = 'Enter your Last Name between 1-60 characters';
  const firstNameMessage = 'Enter your First Name between 1-60 characters';
  const messagesAt = (schema: z.ZodType, body: Record<string, unknown>, field: string) => {
    const result = schema.safeParse(body);
    return result.success ? [] : result.error.issues.filter((i) => i.path[0] === field).map((i) => i.message);
  };
  it.each([
    ['registration', RegisterRequest, 'LastName'],
    ['recovery', RecoveryRequest, 'LastName'],
    ['the personal details change', DetailsRequestRequest, 'Surname'],
  ] as const)('%s: the last name says Last Name', (_label, schema, field) => {
    expect(messagesAt(schema, { FirstName: 'Jordan', [field]: '' }, field)).toEqual([lastNameMessage]);
    expect(messagesAt(schema, { FirstName: 'Jordan', [field]: 'a'.repeat(61) }, field)).toEqual([lastNameMessage]);
    expect(messagesAt(schema, { FirstName: '', [field]: 'Doe' }, 'FirstName')).toEqual([firstNameMessage]);
  });
});

describe('login request', () => {
  it('defaults RememberMe to false and DeviceType to Web', () => {
    const r = LoginRequest.parse({ EmailAddress: 'a@example.com', Password: 'x' });
    expect(r.RememberMe).toBe(false);
    expect(r.DeviceType).toBe(0);
  });
  it('requires the password', () => {
    expect(check(LoginRequest, { EmailAddress: 'a@example.com', Password: '' })).toEqual({
      ok: false,
      message: MESSAGES.passwordRequired,
    });
  });
  it('refuses unknown properties', () => {
    expect(LoginRequest.safeParse({ EmailAddress: 'a@example.com', Password: 'x', Admin: true }).success).toBe(false);
  });
});

describe('helpers', () => {
  it('parses display dates strictly', () => {
    expect(parseDisplayDate('31/04/2020')).toBeNull();
    expect(parseDisplayDate('30/04/2020')).toBe('2020-04-30');
    expect(parseDisplayDate('01/01/2101')).toBeNull();
  });
  it('checks e-mail length limits', () => {
    const domain249 = `${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(60)}.com`; // 247 characters
    expect(isEmail(`abcdef@${domain249}`)).toBe(true); // 254
    expect(isEmail(`abcdefg@${domain249}`)).toBe(false); // 255
  });
  it.each([
    ['$12.50', true],
    ['12', true],
    ['12.5', false],
    ['$', false],
    ['12.505', false],
  ])('currency %s → %s', (value, ok) => {
    expect(CURRENCY_PATTERN.test(value)).toBe(ok);
  });
});
