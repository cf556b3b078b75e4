/**
 * spec 001 §8: "Server error number 56, or a number greater than 450, on forgot username, forgot
 * password or reset password: 'Your information could not be found. Please try again or contact
 * the TAC on 1300 654 329'. For reset it applies only when the status is 225." The server fills 56
 * with the configured name and number; other not-found numbers get the same sentence here.
 */
import { ErrorNumber, MESSAGES, isNotFoundNumber } from '@portal/contracts';
import { fillProvider } from '../../lib/content/provider.ts';

export function recoveryMessage(item: { Number: number; Message: string }): string {
  if (item.Number === ErrorNumber.InformationNotFound && item.Message) return item.Message;
  if (isNotFoundNumber(item.Number)) return fillProvider(MESSAGES.informationNotFound);
  return item.Message;
}
