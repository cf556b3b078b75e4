/**
 * File uploads (spec 000 §5): the browser-side checks (STYLE.md rule 10); a form's files are sent
 * resumably over tus (lib/uploads/resumable-upload.ts), and the authority form's one multipart POST (its
 * fields and the signature together) with progress: the request layer (lib/request/request.ts) has no
 * progress events, so it uses XMLHttpRequest with the same CSRF header, credentials and errors.
 * Getting an uploaded file back streams it (downloadfile) through the request layer; `showFile`
 * hands it to the browser (viewed in a tab, or saved).
 */
import { LIMITS, UPLOAD_SIZE_TEXT, UPLOAD_TYPES, isTokenExpiredNumber, type ErrorItem } from '@portal/contracts';
import { RequestError } from '../request/request-error.ts';
import { UploadAborted, uploadResumable, type UploadStatus } from './resumable-upload.ts';
import { call } from '../request/call.ts';
import { XSRF_COOKIE, XSRF_HEADER, readCookie } from '../request/request.ts';
import { getAccessToken } from '../session/session.ts';
import { signOut } from '../session/sign-out.ts';

const SIZE_MESSAGE = `Document must be below ${UPLOAD_SIZE_TEXT}`;
const TYPE_MESSAGE = 'Document type is not accepted';

/**
 * The accepted files in words, wherever uploads are offered (docs/decisions/027): the twelve
 * extensions of UPLOAD_TYPES are photos and scans (.heic .jpeg .jpg .png .tif .tiff), PDF, Word
 * (.doc .docx), Excel (.xls .xlsx) and text (.txt).
 */
export const UPLOAD_KINDS_TEXT = `a photo, PDF, Word or Excel file up to ${LIMITS.uploadMaxBytes / 1_048_576} MB`;

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The browser-side check before a byte is sent: null when the file may be uploaded. */
export function precheckFile(file: { name: string; size: number }): string | null {
  if (!(UPLOAD_TYPES as readonly string[]).includes(extensionOf(file.name))) return TYPE_MESSAGE;
  if (file.size > LIMITS.uploadMaxBytes) return SIZE_MESSAGE;
  return null;
}

export const ACCEPT_ATTRIBUTE = UPLOAD_TYPES.map((t) => `.${t}`).join(',');

export type UploadHandle = { promise: Promise<string>; abort: () => void };

export { UploadAborted, type UploadStatus } from './resumable-upload.ts';

function errorFrom(xhr: XMLHttpRequest): RequestError {
  if (xhr.status === 225) {
    try {
      const items = JSON.parse(xhr.responseText) as ErrorItem[];
      if (Array.isArray(items) && items.length > 0) {
        const first = items[0];
        const expired = first !== undefined && isTokenExpiredNumber(first.Number);
        if (expired) void signOut('expired');
        return new RequestError('server', items, 225, expired);
      }
    } catch {
      // fall through
    }
  }
  if (xhr.status === 0) return new RequestError('network', [{ Number: 3, Message: 'Network error' }]);
  return new RequestError('unavailable', [{ Number: 1, Message: 'endpoint not available' }], xhr.status);
}

/**
 * Sends one multipart request: text fields first (the server checks the session before the
 * file), then the file parts. Resolves with the parsed JSON body of a 200.
 */
export function sendMultipart<T>(
  path: string,
  fields: Record<string, string | undefined>,
  files: Array<{ name: string; blob: Blob; filename: string }>,
  onProgress?: (percent: number) => void,
): { promise: Promise<T>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  let aborted = false;
  const promise = new Promise<T>((resolve, reject) => {
    const form = new FormData();
    const token = getAccessToken();
    if (token) form.append('accessToken', token);
    for (const [key, value] of Object.entries(fields))
      if (value !== undefined && key !== 'accessToken') form.append(key, value);
    for (const f of files) form.append(f.name, f.blob, f.filename);
    xhr.open('POST', path);
    xhr.withCredentials = false; // same-origin: cookies are sent anyway
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) xhr.setRequestHeader(XSRF_HEADER, xsrf);
    xhr.setRequestHeader('Accept', 'application/json');
    // The time-out follows progress, as the server's does (decision 038): a slow upload whose bytes
    // keep going is never given up; nothing for LIMITS.requestTimeoutMs (no progress, or no answer
    // once sent) is a time-out.
    let timedOut = false;
    let idle: ReturnType<typeof setTimeout> | undefined;
    const stillMoving = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        timedOut = true;
        xhr.abort();
      }, LIMITS.requestTimeoutMs);
    };
    const settled = () => clearTimeout(idle);
    xhr.upload.onprogress = (event) => {
      stillMoving();
      if (event.lengthComputable && event.total > 0)
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      settled();
      if (xhr.status === 408) reject(new RequestError('timeout', [], 408));
      else if (xhr.status === 200) {
        try {
          onProgress?.(100);
          resolve(JSON.parse(xhr.responseText) as T);
        } catch {
          reject(new RequestError('syntax', [{ Number: 4, Message: 'Syntax error' }], 200));
        }
      } else reject(errorFrom(xhr));
    };
    xhr.onerror = () => {
      settled();
      reject(aborted ? new UploadAborted() : errorFrom(xhr));
    };
    xhr.onabort = () => {
      settled();
      reject(timedOut ? new RequestError('timeout', []) : new UploadAborted());
    };
    xhr.send(form);
    stillMoving();
  });
  return {
    promise,
    abort: () => {
      aborted = true;
      xhr.abort();
    },
  };
}

/**
 * A file of a form, sent resumably (tus, lib/uploads/resumable-upload.ts): the promise gives the stored
 * file's id, as the spec's multipart upload answers it.
 */
export function uploadFile(
  file: File,
  fields: { FormType: string; FormId?: string | undefined; Description?: string | undefined },
  onProgress: (percent: number) => void,
  onStatus?: (status: UploadStatus) => void,
): UploadHandle {
  return uploadResumable(file, fields, onProgress, onStatus);
}

/** The file name of a Content-Disposition header: filename* (RFC 5987, UTF-8) first, then filename. */
export function filenameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim());
    } catch {
      // a damaged encoding: fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  return name || undefined;
}

export type DownloadedFile = { blob: Blob; filename: string | undefined };

/**
 * An uploaded file of the selected claim, streamed as it is stored (downloadfile) rather than as
 * base64 JSON (getfilecontent: a 10 MB file would be a 14 MB answer held twice in memory). A
 * failure is the request layer's: the alert is shown there and the call rejects.
 */
export async function downloadUploadedFile(
  fileId: string,
  loadingMessage = 'Opening document',
): Promise<DownloadedFile> {
  const answer = await call('downloadFile', { Identifier: fileId }, { binary: true, loadingMessage });
  return { blob: answer.blob, filename: filenameFromDisposition(answer.disposition) };
}

/** What the browser can show itself; anything else (Word, Excel, HEIC, TIFF) is always saved. */
const VIEWABLE_TYPE = /^(image\/(png|jpeg)|application\/pdf|text\/plain)/;

/**
 * Hands a file to the browser through a temporary object-URL link (never as a page of the portal):
 * 'view' opens what the browser can show in a new tab and saves the rest; 'save' always saves it
 * under `filename`.
 */
export function showFile(blob: Blob, filename: string, how: 'view' | 'save'): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  a.hidden = true;
  if (how === 'view') a.target = '_blank';
  if (how === 'save' || !VIEWABLE_TYPE.test(blob.type)) a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // Long enough for the browser to start the download.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
