/**
 * The upload engine (uploads issue): one file per request, streamed to the file store without
 * being held in memory, limited while streaming, sniffed, then committed atomically — the file
 * is renamed into place before its row is written, and a failure at any step removes it.
 */
import type { Readable } from 'node:stream';
import { ErrorNumber, LIMITS, catalogueMessage, fillMessage, type FormType } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/crypto.ts';
import { contentMatches, extensionOf, mimeOf, type UploadType } from '../../storage/file-check.ts';
import { isLocalFile, type FileStore, type LocalFile, type StagedFile } from '../../storage/file-store.ts';
import type { AuthContext } from '../session/service.ts';
import * as repo from './repository.ts';

export const UNSUBMITTED_FILE_LIFETIME_MS = 7 * 24 * 60 * 60_000;
/** The upload quota (LIMITS.uploadFilesPerDay, uploadBytesPerDay) counts the last 24 hours. */
export const UPLOAD_QUOTA_WINDOW_MS = 24 * 60 * 60_000;

/**
 * What this account may still upload (decision 020), counted from the files the database records:
 * one claimant cannot fill the store. Files removed since (discarded, or never sent) no longer count.
 */
async function uploadQuotaLeft(deps: Deps, accountId: string): Promise<{ files: number; bytes: number }> {
  const used = await repo.findUploadTotals(deps.db, accountId, deps.clock.now() - UPLOAD_QUOTA_WINDOW_MS);
  return { files: LIMITS.uploadFilesPerDay - used.files, bytes: LIMITS.uploadBytesPerDay - used.bytes };
}

function quotaReached(deps: Deps): AppError {
  return new AppError(
    ErrorNumber.UploadQuotaReached,
    fillMessage(catalogueMessage(ErrorNumber.UploadQuotaReached), { phone: deps.config.provider.phone }),
  );
}

/**
 * Bidirectional formatting characters (LRM, RLM, ALM, the embeddings, overrides and isolates):
 * "invoice\u202Efdp.exe" would be shown as "invoiceexe.pdf".
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Keeps a stored name safe to show and to send in a header: no path, no bidi controls, no control
 * characters (C0, DEL, C1). The one sanitiser of every stored file name, whoever sent the file
 * (a claimant's upload, the provider API's attachments).
 */
export function safeFilename(name: string): string {
  const base = name.replace(BIDI_CONTROLS, '').split(/[\\/]/).pop() ?? 'document';
  const clean = [...base]
    .map((ch) => {
      const code = ch.charCodeAt(0);
      return code < 32 || (code >= 127 && code <= 159) || '"<>|:*?'.includes(ch) ? '_' : ch;
    })
    .join('')
    .trim()
    .slice(0, 200);
  return clean || 'document';
}

/**
 * Streams a document into the store's staging area and checks it: within the size limit, not
 * empty, and its content agreeing with its extension. Refused files leave nothing behind.
 */
export async function stageChecked(
  store: FileStore,
  type: UploadType,
  stream: (Readable & { truncated?: boolean }) | LocalFile,
): Promise<StagedFile> {
  let staged;
  try {
    staged = await store.stage(stream);
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(ErrorNumber.DocumentTooLarge);
    throw e;
  }
  try {
    if ((!isLocalFile(stream) && stream.truncated) || staged.size > LIMITS.uploadMaxBytes)
      throw new AppError(ErrorNumber.DocumentTooLarge);
    if (staged.size === 0 || !(await contentMatches(staged.path, type)))
      throw new AppError(ErrorNumber.DocumentTypeNotAccepted);
  } catch (e) {
    await staged.discard();
    throw e;
  }
  return staged;
}

export async function storeUpload(
  deps: Deps,
  store: FileStore,
  auth: AuthContext,
  claimId: string,
  input: {
    formType: FormType;
    formId: string | undefined;
    description: string;
    filename: string;
    /** The file's bytes as they arrive, or a whole local file (a resumable upload's), moved not copied. */
    stream: (Readable & { truncated?: boolean }) | LocalFile;
  },
): Promise<{ FileId: string }> {
  const source = input.stream;
  const drain = () => void (isLocalFile(source) || source.resume());
  const type = extensionOf(input.filename);
  if (!type) {
    drain();
    throw new AppError(ErrorNumber.DocumentTypeNotAccepted);
  }
  // A file joins only the claimant's own open form of the same kind: another claimant's form id,
  // or a form already sent, is "not found".
  if (input.formId && !(await repo.findOpenForm(deps.db, input.formId, auth.accountId, claimId, input.formType))) {
    drain();
    throw new AppError(ErrorNumber.NotFound);
  }
  const before = await uploadQuotaLeft(deps, auth.accountId);
  if (before.files < 1 || before.bytes < 1) {
    drain();
    throw quotaReached(deps);
  }
  const staged = await stageChecked(store, type, input.stream);
  // Counted again once the size is known (and after any upload of the account that ran meanwhile).
  const after = await uploadQuotaLeft(deps, auth.accountId);
  if (after.files < 1 || staged.size > after.bytes) {
    await staged.discard();
    throw quotaReached(deps);
  }
  const key = await staged.commit();
  const id = newId();
  try {
    await repo.insertFile(deps.db, {
      id,
      account_id: auth.accountId,
      claim_id: claimId,
      form_type: input.formType,
      form_id: input.formId ?? null,
      description: input.description,
      original_name: safeFilename(input.filename),
      size: staged.size,
      mime: mimeOf(type),
      sha256: staged.sha256,
      storage_key: key,
      created_at: deps.clock.now(),
      submitted_at: null,
    });
  } catch (e) {
    await store.remove(key);
    throw e;
  }
  return { FileId: id };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function findFileContent(deps: Deps, store: FileStore, auth: AuthContext, claimId: string, id: string) {
  const f = await repo.findOwnFile(deps.db, id, auth.accountId, claimId);
  if (!f) throw new AppError(ErrorNumber.NotFound);
  const data = await readAll(store.read(f.storage_key));
  return { Filename: f.original_name, MimeType: f.mime, Data: data.toString('base64') };
}

/** RFC 6266/5987: an ASCII fallback name and the exact name percent-encoded as UTF-8. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The file as a stream with the headers that keep a browser from treating it as a page. */
export async function openDownload(deps: Deps, store: FileStore, auth: AuthContext, claimId: string, id: string) {
  const f = await repo.findOwnFile(deps.db, id, auth.accountId, claimId);
  if (!f) throw new AppError(ErrorNumber.NotFound);
  return {
    stream: store.read(f.storage_key),
    headers: {
      'content-type': f.mime,
      'content-disposition': contentDisposition(f.original_name),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'no-store',
    },
  };
}

export async function discardFile(
  deps: Deps,
  store: FileStore,
  auth: AuthContext,
  claimId: string,
  id: string,
): Promise<true> {
  const f = await repo.findOwnFile(deps.db, id, auth.accountId, claimId);
  if (!f) throw new AppError(ErrorNumber.NotFound);
  if (f.submitted_at !== null) throw new AppError(ErrorNumber.DocumentAlreadySent);
  await repo.deleteFileRow(deps.db, f.id);
  await store.remove(f.storage_key);
  return true;
}

/**
 * Removes files never sent with a form within 7 days (the periodic clean-up), and staged files
 * of uploads a crash cut off (the store also clears those when it starts).
 */
export async function removeExpiredUploads(deps: Deps, store: FileStore): Promise<number> {
  const expired = await repo.findExpiredUnsubmitted(deps.db, deps.clock.now() - UNSUBMITTED_FILE_LIFETIME_MS, 500);
  for (const f of expired) {
    await repo.deleteFileRow(deps.db, f.id);
    await store.remove(f.storage_key);
  }
  await store.sweepStaging();
  return expired.length;
}
