/**
 * Sending an enquiry (spec 001 §4 Contact us), in three steps:
 *   1. the form is created (uploadcontactform) and answers its Identifier;
 *   2. each file the claimant picked (held in the browser until now) is uploaded in turn with
 *      FormType 'contact' and FormId = Identifier — "Uploading documents n of m";
 *   3. the enquiry is submitted (submitcontactform) with an IdempotencyKey.
 *
 * A failure stops the run with the step it failed at. What a retry does:
 * - step 1 failed: nothing exists yet, the retry starts again;
 * - step 2 failed: the files already uploaded for that run are discarded (best effort) and the
 *   retry starts a new enquiry — so a file the claimant removed meanwhile is never sent;
 * - step 3 failed without an answer (time-out, network): it may have been sent, so the run is
 *   kept and, if nothing changed, the retry only repeats step 3 with the same key (the server
 *   answers a repeated key once: no duplicate enquiry). A refusal (an error list) or a change of
 *   the message or files starts a new enquiry.
 * Dependencies are passed in, so the sequence is unit-tested without a network.
 */
import type { UploadStatus } from '../../../lib/uploads/resumable-upload.ts';
import type { UploadHandle } from '../../../lib/uploads/upload.ts';
import { isRequestError } from '../../../lib/request/request-error.ts';
import type { ContactFormBody } from '../api/upload-contact-form.ts';

export type HeldFile = { key: string; file: File };

export type EnquiryDeps = {
  createForm: (body: ContactFormBody) => Promise<{ Identifier: string }>;
  uploadFile: (
    file: File,
    formId: string,
    onProgress: (percent: number) => void,
    onStatus: (status: UploadStatus) => void,
  ) => UploadHandle;
  submitForm: (formId: string, idempotencyKey: string) => Promise<{ SentItemId: string }>;
  discardFile: (fileId: string) => Promise<void>;
  newKey: () => string;
};

/** A run that reached step 3 without an answer: kept for a retry of step 3 only. */
export type EnquiryRun = { signature: string; formId: string; idempotencyKey: string };

type EnquiryStep = 'form' | 'files' | 'submit';

class EnquiryFailed extends Error {
  readonly step: EnquiryStep;
  override readonly cause: unknown;
  constructor(step: EnquiryStep, cause: unknown) {
    super(`Sending the enquiry failed at step ${step}`);
    this.name = 'EnquiryFailed';
    this.step = step;
    this.cause = cause;
  }
}

export type EnquiryProgress = {
  /** A file starts uploading: n of m (1-based). */
  onFileStart: (key: string, n: number, m: number) => void;
  onFileProgress: (key: string, percent: number) => void;
  /** The upload waits for a connection ('paused'), or goes on ('sending'). */
  onFileStatus: (key: string, status: UploadStatus) => void;
  onFileDone: (key: string) => void;
  /** Steps 1 and 3. */
  onStep: (step: 'form' | 'submit') => void;
  /** Lets the page cancel an upload in flight when it is left. */
  onUploadHandle: (handle: UploadHandle | null) => void;
};

/** What the enquiry is: a retry may reuse a run only when this has not changed. */
function enquirySignature(body: ContactFormBody, files: readonly HeldFile[]): string {
  return JSON.stringify([
    body.Category.Item,
    body.Category.ElementNumber,
    body.Message,
    body.CustomCategory ?? null,
    files.map((f) => f.key),
  ]);
}

export type EnquiryOutcome =
  { ok: true; sentItemId: string } | { ok: false; error: EnquiryFailed; run: EnquiryRun | null };

export async function sendEnquiry(
  input: { body: ContactFormBody; files: readonly HeldFile[]; previous: EnquiryRun | null },
  progress: EnquiryProgress,
  deps: EnquiryDeps,
): Promise<EnquiryOutcome> {
  const signature = enquirySignature(input.body, input.files);
  let run: EnquiryRun;

  if (input.previous && input.previous.signature === signature) {
    run = input.previous;
    for (const f of input.files) progress.onFileDone(f.key);
  } else {
    progress.onStep('form');
    let formId: string;
    try {
      formId = (await deps.createForm(input.body)).Identifier;
    } catch (error) {
      return { ok: false, error: new EnquiryFailed('form', error), run: null };
    }
    const uploaded: string[] = [];
    for (const [index, held] of input.files.entries()) {
      progress.onFileStart(held.key, index + 1, input.files.length);
      const handle = deps.uploadFile(
        held.file,
        formId,
        (percent) => progress.onFileProgress(held.key, percent),
        (status) => progress.onFileStatus(held.key, status),
      );
      progress.onUploadHandle(handle);
      try {
        uploaded.push(await handle.promise);
      } catch (error) {
        progress.onUploadHandle(null);
        await Promise.all(uploaded.map((id) => deps.discardFile(id)));
        return { ok: false, error: new EnquiryFailed('files', error), run: null };
      }
      progress.onUploadHandle(null);
      progress.onFileDone(held.key);
    }
    run = { signature, formId, idempotencyKey: deps.newKey() };
  }

  progress.onStep('submit');
  try {
    const result = await deps.submitForm(run.formId, run.idempotencyKey);
    return { ok: true, sentItemId: result.SentItemId };
  } catch (error) {
    // An error list is the server's answer: this run will not be accepted as it is.
    const answered = isRequestError(error) && error.kind === 'server';
    return { ok: false, error: new EnquiryFailed('submit', error), run: answered ? null : run };
  }
}
