/** Texts the spec quotes for the messaging screens (spec 001 Inbox, Sent items, Contact us). */
import { UPLOAD_KINDS_TEXT } from '../../../lib/uploads/upload.ts';

export const EMPTY_TEXT = 'There are no messages to display.';
export const SELECT_MESSAGE_TEXT = 'Select a message to view the details';
/** spec 001 Contact us: several documents, 10MB each, the twelve types — said in words (docs/decisions/027). */
export const UPLOAD_NOTE = `You can add several documents, one at a time. Each can be ${UPLOAD_KINDS_TEXT}.`;

export function uploadingText(n: number, m: number): string {
  return `Uploading documents ${n} of ${m}`;
}
