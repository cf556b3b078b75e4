/**
 * The route-driven toast of My Details (spec 000 §2, §8): /accountupdated/{type}/{success}.
 * "success value error gives 'failed to save', approval gives 'have been sent ... for approval',
 * otherwise 'has/have been updated'" — with the spec's own wording where it quotes one
 * ('Your bank details failed to send', 'Password successfully updated').
 */
import { isUpdateType, type UpdateType } from './sections.ts';

export type AccountToast = { text: string; tone: 'success' | 'error' };

/** What each type is called in the toast, and whether it reads "has" or "have". */
const SUBJECT: Record<UpdateType, { name: string; plural: boolean }> = {
  'personal-details': { name: 'Your Personal Details', plural: true },
  'contact-details': { name: 'Your contact details', plural: true },
  'email-address': { name: 'Your email address', plural: false },
  'mobile-number': { name: 'Your mobile number', plural: false },
  'bank-details': { name: 'Your bank account details', plural: true },
  password: { name: 'Your password', plural: false },
};

/** The toast for the route parameters, or null when they name no known type. */
export function accountToast(type: string | undefined, success: string | undefined): AccountToast | null {
  if (!isUpdateType(type) || !success) return null;
  const { name, plural } = SUBJECT[type];
  const outcome = success.toLowerCase();
  if (outcome === 'error') {
    return {
      tone: 'error',
      text: type === 'bank-details' ? 'Your bank details failed to send' : `${name} failed to save`,
    };
  }
  if (outcome === 'approval') {
    return { tone: 'success', text: `${name} ${plural ? 'have' : 'has'} been sent to the provider for approval` };
  }
  if (type === 'password') return { tone: 'success', text: 'Password successfully updated' };
  return { tone: 'success', text: `${name} ${plural ? 'have' : 'has'} been updated` };
}
