/**
 * POST /api/documentupload/getfilecontent (spec 001 §7): an attached file of the selected claim,
 * base64. The claimant gets it as a download (base64 → Blob → a download link). The request
 * layer shows the alert when it fails.
 */
import { ENDPOINTS, type FileContentResponse } from '@portal/contracts';
import type { z } from 'zod';
import { request } from '../../../lib/request.ts';
import { base64ToBlob, saveBlob } from '../lib/download.ts';

export type FileContent = z.infer<typeof FileContentResponse>;

export function getFileContent(fileId: string): Promise<FileContent> {
  return request<FileContent>(ENDPOINTS.getFileContent, { Identifier: fileId }, { loadingMessage: 'Downloading the file' });
}

/** Downloads an attached file; resolves false when it could not be fetched (the alert is shown). */
export async function downloadFile(fileId: string): Promise<boolean> {
  try {
    const content = await getFileContent(fileId);
    saveBlob(base64ToBlob(content.Data, content.MimeType), content.Filename);
    return true;
  } catch {
    return false;
  }
}
