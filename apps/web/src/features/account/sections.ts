/**
 * The /account area's sections and where they lead (spec 000 §2 "/account (My Details)", "Other",
 * §4 "Account sections").
 */
import { CodeType } from '@portal/contracts';
import type { CodeTypeValue } from '../../lib/session/access-code.ts';

/** The blocks that have an edit view (Preferences save at once; Password has a page of its own). */
export type SectionKey = 'personal' | 'mobile' | 'email' | 'contact' | 'bank';

/** The `type` route parameter of /accountupdated/{type}/{success}. */
const UPDATE_TYPES = [
  'personal-details',
  'contact-details',
  'email-address',
  'mobile-number',
  'bank-details',
  'password',
] as const;
export type UpdateType = (typeof UPDATE_TYPES)[number];

export function isUpdateType(value: string | undefined): value is UpdateType {
  return (UPDATE_TYPES as readonly string[]).includes(value ?? '');
}

export const SECTION_UPDATE_TYPE: Record<SectionKey, UpdateType> = {
  personal: 'personal-details',
  contact: 'contact-details',
  email: 'email-address',
  mobile: 'mobile-number',
  bank: 'bank-details',
};

/** App mode opens these instead of editing inline (spec 000 §2). */
export const APP_EDIT_PATH: Record<SectionKey, string> = {
  personal: '/personal-details',
  contact: '/contact-details',
  email: '/email-address',
  mobile: '/mobile-number',
  bank: '/bank-details',
};

/** Sections behind an access code, and the code screen each goes to first (spec 000 §4). */
export const SECURE_SECTIONS = {
  mobile: { codeType: CodeType.Mobile, codePath: '/activationaccountdetails' },
  email: { codeType: CodeType.Email, codePath: '/activationaccountdetails' },
  bank: { codeType: CodeType.Bank, codePath: '/activationbankdetails' },
} as const satisfies Partial<Record<SectionKey, { codeType: CodeTypeValue; codePath: string }>>;

export type SecureSectionKey = keyof typeof SECURE_SECTIONS;

export function isSecureSection(section: SectionKey): section is SecureSectionKey {
  return section in SECURE_SECTIONS;
}

export function sectionOfCodeType(codeType: CodeTypeValue): SecureSectionKey {
  if (codeType === CodeType.Mobile) return 'mobile';
  if (codeType === CodeType.Email) return 'email';
  return 'bank';
}

/** Where a finished edit goes: the My Details page with the toast of spec 000 §8. */
export type UpdateOutcome = 'success' | 'error' | 'approval';

export function updatedPath(type: UpdateType, outcome: UpdateOutcome): string {
  return `/accountupdated/${type}/${outcome}`;
}

/** The id of a block's section element (the bank block is scrolled to after its access code). */
export function sectionElementId(section: SectionKey | 'preferences' | 'password' | 'security' | 'helpers'): string {
  return `account-${section}`;
}
