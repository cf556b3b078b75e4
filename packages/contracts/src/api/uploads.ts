/** Uploads (spec 001 §3 "Uploaded file", §7 documentupload calls; uploads issue). */
import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { requestBody } from './common.ts';

export const FORM_TYPES = ['documents', 'reimbursement', 'contact', 'details', 'authority'] as const;
export type FormType = (typeof FORM_TYPES)[number];

/**
 * The multipart upload's text fields. They must come BEFORE the file part (the file is refused
 * otherwise): the server checks the session before it accepts a byte of the file.
 */
export const UploadFields = z.strictObject({
  accessToken: z.string().min(1).max(256),
  FormType: z.enum(FORM_TYPES),
  FormId: z.string().max(64).optional(),
  Description: z.string().max(LIMITS.notesMax).optional(),
});
/** The multipart part that carries the file (one per request). */
export const UPLOAD_FILE_FIELD = 'uploads[]';
export const UPLOAD_PATH = '/api/documentupload/uploadfile';
/**
 * The tus 1.0 resumable upload (decision 040): POST creates (metadata filename, filetype, formType,
 * optional formId and description), HEAD/PATCH/DELETE on `${RESUMABLE_UPLOAD_PATH}/{id}`; the last
 * PATCH answers the stored file's id in Portal-File-Id.
 */
export const RESUMABLE_UPLOAD_PATH = '/api/uploads/tus';
export const RESUMABLE_FILE_ID_HEADER = 'Portal-File-Id';

export const UploadResponse = z.object({ FileId: z.string() });

export const FileContentRequest = requestBody({ Identifier: z.string().min(1).max(64) });
export const FileContentResponse = z.object({ Filename: z.string(), MimeType: z.string(), Data: z.string() });

export const DiscardFileRequest = requestBody({ FileId: z.string().min(1).max(64) });

/**
 * The file itself, streamed (beyond the spec's base64 getfilecontent, which a 10 MB file makes a
 * 14 MB JSON answer): sent as an attachment, never rendered by the browser as a page.
 */
export const DownloadFileRequest = requestBody({ Identifier: z.string().min(1).max(64) });
/** The body is the file's bytes (its schema only documents that). */
export const DownloadFileResponse = z.unknown();
