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
 *   (lib/uploads/resumable-storage.ts), and the server answers another account's upload as not found;
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
import type { DetailedError, HttpResponse, Upload, UploadOptions } from 'tus-js-client';
import { RequestError } from '../request/request-error.ts';
import { XSRF_COOKIE, XSRF_HEADER, readCookie } from '../request/request.ts';
import { getAccessToken } from '../session/session.ts';
import { signOut } from '../session/sign-out.ts';

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
  if (expired) void signOut('expired');
  return new RequestError('server', items, status, expired);
}

type Fields = { FormType: string; FormId?: string | undefined; Description?: string | undefined };
type Events = { onProgress: (percent: number) => void; onStatus: (status: UploadStatus) => void };
type Settle = { resolve: (fileId: string) => void; reject: (error: unknown) => void };

/** The tus metadata of a form's file (the server's names). */
function metadataOf(file: File, fields: Fields): Record<string, string> {
  return {
    filename: file.name,
    filetype: file.type || 'application/octet-stream',
    formType: fields.FormType,
    ...(fields.FormId ? { formId: fields.FormId } : {}),
    ...(fields.Description ? { description: fields.Description } : {}),
  };
}

/** Offline, a failed request pauses instead of failing; a refusal (4xx but 409, 423) is not retried. */
function shouldRetry(error: DetailedError, attempt: number, options: UploadOptions): boolean {
  if (!navigator.onLine) return false;
  const status = error.originalResponse?.getStatus() ?? 0;
  const refused = status >= 400 && status < 500 && status !== 409 && status !== 423;
  return !refused && attempt < (options.retryDelays?.length ?? 0);
}

/** One upload: its tus-js-client Upload, paused and resumed with the connection. */
class ResumableRun {
  private upload: Upload | null = null;
  private cancelled = false;
  private paused = false;
  private idle: ReturnType<typeof setTimeout> | undefined;
  private fileId: string | null = null;
  private readonly offline = () => this.pause();
  private readonly online = () => this.resume();

  constructor(
    private readonly file: File,
    private readonly fields: Fields,
    private readonly events: Events,
    private readonly settle: Settle,
  ) {}

  start(): void {
    window.addEventListener('offline', this.offline);
    window.addEventListener('online', this.online);
    void import('tus-js-client').then(
      ({ Upload: TusUpload }) => this.begin(new TusUpload(this.file, this.options())),
      () => this.fail(new RequestError('network', [{ Number: 3, Message: 'The upload could not be started' }])),
    );
  }

  /** Cancelled by the claimant (or the page left): the server's partial upload is removed too (DELETE). */
  cancel(): void {
    if (this.cancelled) return;
    this.fail(new UploadAborted());
    this.cancelled = true;
    void this.upload?.abort(true).catch(() => undefined);
  }

  private async begin(upload: Upload): Promise<void> {
    if (this.cancelled) return;
    this.upload = upload;
    // An upload of this file goes on if it was for this form, or for no form yet (a draft gets
    // its id once saved; a file is tied to the draft by its id, not by the upload's form).
    const previous = (await upload.findPreviousUploads()).find(
      (p) => !p.metadata.formId || p.metadata.formId === this.fields.FormId,
    );
    if (this.cancelled) return;
    if (previous) upload.resumeFromPreviousUpload(previous);
    if (!navigator.onLine) {
      this.paused = true;
      this.events.onStatus('paused');
      return;
    }
    this.stillMoving();
    upload.start();
  }

  private options(): UploadOptions {
    return {
      endpoint: RESUMABLE_UPLOAD_PATH,
      metadata: metadataOf(this.file, this.fields),
      retryDelays: RETRY_DELAYS_MS,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      // The same file for the same kind of form; which form it was for is checked in begin().
      fingerprint: async (f: File) => [this.fields.FormType, f.name, f.type, f.size, f.lastModified].join('/'),
      onBeforeRequest: (req) => {
        const token = getAccessToken();
        if (token) req.setHeader('Authorization', `Bearer ${token}`);
        const xsrf = readCookie(XSRF_COOKIE);
        if (xsrf) req.setHeader(XSRF_HEADER, xsrf);
      },
      onAfterResponse: (_req, res: HttpResponse) => {
        this.fileId = res.getHeader(RESUMABLE_FILE_ID_HEADER) ?? this.fileId;
      },
      onProgress: (sent, total) => {
        this.stillMoving();
        if (total > 0) this.events.onProgress(Math.min(99, Math.floor((sent / total) * 100)));
      },
      onShouldRetry: shouldRetry,
      onSuccess: () => this.succeed(),
      onError: (error) => {
        if (this.cancelled) return;
        if (!navigator.onLine && !('originalResponse' in error && error.originalResponse)) this.pause();
        else this.fail(errorOf(error));
      },
    };
  }

  private succeed(): void {
    if (!this.fileId) {
      this.fail(new RequestError('syntax', [{ Number: 4, Message: 'Syntax error' }], 204));
      return;
    }
    this.stop();
    this.events.onProgress(100);
    this.settle.resolve(this.fileId);
  }

  private fail(error: unknown): void {
    this.stop();
    this.settle.reject(error);
  }

  private stop(): void {
    clearTimeout(this.idle);
    window.removeEventListener('offline', this.offline);
    window.removeEventListener('online', this.online);
  }

  private pause(): void {
    if (this.paused || this.cancelled || !this.upload) return;
    this.paused = true;
    clearTimeout(this.idle);
    this.events.onStatus('paused');
    void this.upload.abort();
  }

  private resume(): void {
    if (!this.paused || this.cancelled || !this.upload) return;
    this.paused = false;
    this.events.onStatus('sending');
    this.stillMoving();
    this.upload.start();
  }

  /** A stall with no progress for the request time-out is cut and resumed from the stored offset. */
  private stillMoving(): void {
    clearTimeout(this.idle);
    this.idle = setTimeout(() => {
      this.pause();
      if (navigator.onLine) this.resume();
    }, LIMITS.requestTimeoutMs);
  }
}

/** Starts the upload; resolves with the stored file's id. */
export function uploadResumable(
  file: File,
  fields: Fields,
  onProgress: (percent: number) => void,
  onStatus: (status: UploadStatus) => void = () => undefined,
): { promise: Promise<string>; abort: () => void } {
  let run: ResumableRun | undefined;
  const promise = new Promise<string>((resolve, reject) => {
    run = new ResumableRun(file, fields, { onProgress, onStatus }, { resolve, reject });
    run.start();
  });
  return { promise, abort: () => run?.cancel() };
}
