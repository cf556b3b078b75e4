/** Texts the spec quotes for the messaging screens (spec 001 Inbox, Sent items, Contact us). */
import { UPLOAD_SIZE_TEXT, UPLOAD_TYPES_TEXT } from '@portal/contracts';

export const EMPTY_TEXT = 'There are no messages to display.';
export const SELECT_MESSAGE_TEXT = 'Select a message to view the details';
export const UPLOAD_NOTE =
  `You can add several documents, one at a time. ` +
  `Each can be up to ${UPLOAD_SIZE_TEXT} and must be one of these types: ${UPLOAD_TYPES_TEXT}`;

export function uploadingText(n: number, m: number): string {
  return `Uploading documents ${n} of ${m}`;
}
