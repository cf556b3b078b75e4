/**
 * Every file upload of the forms goes over tus 1.0 (decision 040) with the unmodified
 * tus-js-client, so a weak signal costs only what was not yet stored:
 * - authenticated on every request as every call is (Bearer token, the XSRF cookie's header);
 * - a connection that drops is retried from the offset the server holds (HEAD, then PATCH);
 * - offline, the upload pauses ("Paused — waiting for a connection") and resumes by itself when
 *   the browser is back online; a stall with no progress for LIMITS.requestTimeoutMs is cut and
 *   resumed the same way, so a slow upload whose bytes keep moving is never given up;
 * - the upload's address is kept on this device (tus-js-client's URL storage, keyed by the file
 *   and the form it is for), so after a reload or a locked phone the same file picked again for the
 *   same form carries on from where it stopped; the addresses are cleared at sign-out
 *   (lib/resumable-storage.ts), and the server answers another account's upload as not found;
 * - the last PATCH answers the stored file's id in Portal-File-Id.
 * tus-js-client is downloaded with the first upload, not with the page.
 */
import {
  LIMITS,
  RESUMABLE_FILE_ID_HEADER,
  RESUMABLE_UPLOAD_PATH,
  isTokenExpiredNumber,
  type ErrorItem,
} from '@portal/contracts';
import type { DetailedError, HttpResponse, Upload } from 'tus-js-client';
import { RequestError } from './request-error.ts';
import { XSRF_COOKIE, XSRF_HEADER, readCookie } from './request.ts';
import { forceLogout, getAccessToken } from './session.ts';

export class UploadAborted extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadAborted';
  }
}

/** What an upload is doing, for the words beside its progress bar. */
export type UploadStatus = 'sending' | 'paused';

/** Retries of a request that failed without an answer (the connection), before giving up. */
const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000];

/** An answer of the server as the request layer reports it (its error list, or the status). */
function errorOf(error: Error | DetailedError): RequestError {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response) return new RequestError('network', [{ Number: 3, Message: error.message }]);
  const status = response.getStatus();
  if (status === 408) return new RequestError('timeout', [], 408);
  let items: ErrorItem[] | undefined;
  try {
    const parsed = JSON.parse(response.getBody()) as unknown;
    if (Array.isArray(parsed) && parsed.length > 0) items = parsed as ErrorItem[];
  } catch {
    // not an error list
  }
  if (!items) return new RequestError('unavailable', [{ Number: 1, Message: 'endpoint not available' }], status);
  const expired = items[0] !== undefined && isTokenExpiredNumber(items[0].Number);
  if (expired) forceLogout('expired');
  return new RequestError('server', items, status, expired);
}

type Fields = { FormType: string; FormId?: string | undefined; Description?: string | undefined };

/** Starts the upload; resolves with the stored file's id. */
export function uploadResumable(
  file: File,
  fields: Fields,
  onProgress: (percent: number) => void,
  onStatus: (status: UploadStatus) => void = () => undefined,
): { promise: Promise<string>; abort: () => void } {
  let upload: Upload | null = null;
  let cancelled = false;
  let cancel: () => void = () => undefined;
  let paused = false;
  let idle: ReturnType<typeof setTimeout> | undefined;
  const stop: Array<() => void> = [];

  const promise = new Promise<string>((resolve, reject) => {
    let fileId: string | null = null;
    const settle = () => {
      clearTimeout(idle);
      for (const off of stop) off();
    };
    cancel = () => {
      settle();
      reject(new UploadAborted());
    };
    const pause = () => {
      if (paused || cancelled || !upload) return;
      paused = true;
      clearTimeout(idle);
      onStatus('paused');
      void upload.abort();
    };
    const resume = () => {
      if (!paused || cancelled || !upload) return;
      paused = false;
      onStatus('sending');
      stillMoving();
      upload.start();
    };
    // A stall with no progress for the request time-out is cut and resumed from the stored offset.
    const stillMoving = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        pause();
        if (navigator.onLine) resume();
      }, LIMITS.requestTimeoutMs);
    };
    const offline = () => pause();
    const online = () => resume();
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    stop.push(() => window.removeEventListener('offline', offline));
    stop.push(() => window.removeEventListener('online', online));

    void import('tus-js-client').then(
      async ({ Upload: TusUpload }) => {
        if (cancelled) return;
        const metadata: Record<string, string> = {
          filename: file.name,
          filetype: file.type || 'application/octet-stream',
          formType: fields.FormType,
        };
        if (fields.FormId) metadata.formId = fields.FormId;
        if (fields.Description) metadata.description = fields.Description;
        upload = new TusUpload(file, {
          endpoint: RESUMABLE_UPLOAD_PATH,
          metadata,
          retryDelays: RETRY_DELAYS_MS,
          storeFingerprintForResuming: true,
          removeFingerprintOnSuccess: true,
          // The same file for the same kind of form; which form it was for is checked below.
          fingerprint: async (f: File) => [fields.FormType, f.name, f.type, f.size, f.lastModified].join('/'),
          onBeforeRequest(req) {
            const token = getAccessToken();
            if (token) req.setHeader('Authorization', `Bearer ${token}`);
            const xsrf = readCookie(XSRF_COOKIE);
            if (xsrf) req.setHeader(XSRF_HEADER, xsrf);
          },
          onAfterResponse(_req, res: HttpResponse) {
            fileId = res.getHeader(RESUMABLE_FILE_ID_HEADER) ?? fileId;
          },
          onProgress(sent, total) {
            stillMoving();
            if (total > 0) onProgress(Math.min(99, Math.floor((sent / total) * 100)));
          },
          // Offline, a failed request pauses instead of failing: the upload goes on when the browser is back.
          onShouldRetry(error, attempt, options) {
            if (!navigator.onLine) return false;
            const status = error.originalResponse?.getStatus() ?? 0;
            const refused = status >= 400 && status < 500 && status !== 409 && status !== 423;
            return !refused && attempt < (options.retryDelays?.length ?? 0);
          },
          onSuccess() {
            settle();
            if (!fileId) {
              reject(new RequestError('syntax', [{ Number: 4, Message: 'Syntax error' }], 204));
              return;
            }
            onProgress(100);
            resolve(fileId);
          },
          onError(error) {
            if (cancelled) return;
            if (!navigator.onLine && !('originalResponse' in error && error.originalResponse)) {
              pause();
              return;
            }
            settle();
            reject(errorOf(error));
          },
        });
        // An upload of this file goes on if it was for this form, or for no form yet (a draft gets
        // its id once saved; a file is tied to the draft by its id, not by the upload's form).
        const previous = (await upload.findPreviousUploads()).find(
          (p) => !p.metadata.formId || p.metadata.formId === fields.FormId,
        );
        if (cancelled) return;
        if (previous) upload.resumeFromPreviousUpload(previous);
        if (!navigator.onLine) {
          paused = true;
          onStatus('paused');
          return;
        }
        stillMoving();
        upload.start();
      },
      () => {
        settle();
        reject(new RequestError('network', [{ Number: 3, Message: 'The upload could not be started' }]));
      },
    );
  });

  return {
    promise,
    abort: () => {
      if (cancelled) return;
      cancelled = true;
      cancel();
      // Cancelled by the claimant (or the page left): the server's partial upload is removed too (DELETE).
      void upload?.abort(true).catch(() => undefined);
    },
  };
}
