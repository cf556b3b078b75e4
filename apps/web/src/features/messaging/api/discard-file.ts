/**
 * POST /api/documentupload/discardfile: removes a file uploaded for an enquiry whose sending
 * failed part-way (so a retry, which starts a new enquiry, never leaves the old copy behind).
 * Best effort and silent: files never sent are also cleaned up by the server after 7 days.
 */
import { call } from '../../../lib/request/call.ts';

export async function discardFile(fileId: string): Promise<void> {
  try {
    await call('discardFile', { FileId: fileId }, { silent: true });
  } catch {
    // see above
  }
}
