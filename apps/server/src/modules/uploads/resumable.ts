/**
 * Resumable uploads (tus 1.0, decision 040). An upload's bytes arrive in as many requests as the
 * connection needs, appended to a partial file of their own under DATA_DIR/resumable; its size on
 * disk is the offset the next request must start at. When the last byte arrives the partial file
 * goes through storeUpload, the one upload pipeline the multipart call uses too (size, sniffing,
 * quotas, SHA-256, the store), and becomes the same stored file with the same id. The SHA-256 is
 * worked out as the bytes arrive (read again from disk only when a request of the upload landed
 * in another process).
 */
import crypto, { type Hash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { ErrorNumber, FORM_TYPES, LIMITS, type FormType } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/crypto.ts';
import { extensionOf } from '../../storage/file-check.ts';
import type { FileStore } from '../../storage/file-store.ts';
import type { AuthContext } from '../session/service.ts';
import * as repo from './resumable-repository.ts';
import { findOpenForm } from './repository.ts';
import { storeUpload } from './service.ts';

/** An upload not finished within a day is removed (tus expiration). */
export const RESUMABLE_LIFETIME_MS = 24 * 60 * 60_000;
/** Uploads one account may have arriving at once: each holds disk until it ends or expires. */
const RESUMABLE_OPEN_MAX = 20;

/** The creation's Upload-Metadata, decoded: the multipart call's fields under tus's names. */
export const ResumableMetadata = z.strictObject({
  filename: z.string().min(1).max(255),
  filetype: z.string().max(255).optional(),
  formType: z.enum(FORM_TYPES),
  formId: z.string().max(64).optional(),
  description: z.string().max(LIMITS.notesMax).optional(),
});
export type ResumableMetadata = z.infer<typeof ResumableMetadata>;

/** tus's Upload-Metadata: comma-separated "key base64value" pairs (the value may be absent). */
export function parseUploadMetadata(header: string | undefined): Record<string, string> | null {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const pair of header.split(',')) {
    const [key, value, extra] = pair.trim().split(' ');
    if (!key || extra !== undefined || key in out || !/^[A-Za-z0-9_-]+$/.test(key)) return null;
    if (value !== undefined && !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) return null;
    out[key] = Buffer.from(value ?? '', 'base64').toString('utf8');
  }
  return out;
}

const partialDir = (deps: Deps) => path.join(deps.config.dataDir, 'resumable');
const partialPath = (deps: Deps, id: string) => path.join(partialDir(deps), id);
const sinceLive = (deps: Deps) => deps.clock.now() - RESUMABLE_LIFETIME_MS;

async function offsetOf(deps: Deps, id: string): Promise<number> {
  const stat = await fsp.stat(partialPath(deps, id)).catch(() => undefined);
  return stat?.size ?? 0;
}

/** Thrown when a request's Upload-Offset is not where the upload stands (tus answers 409). */
export class OffsetMismatch extends Error {}
/** Thrown when another request is appending to the same upload (tus answers 423). */
export class UploadBusy extends Error {}

/** The uploads a request is appending to in this process: one writer per partial file. */
const appending = new Set<string>();

export type ResumableState = { id: string; offset: number; length: number; expiresAt: number };

export async function createResumable(
  deps: Deps,
  auth: AuthContext,
  claimId: string,
  length: number,
  meta: ResumableMetadata,
): Promise<ResumableState> {
  // Refused before a byte is stored: the size the upload declares, its type by name, its form.
  if (length > LIMITS.uploadMaxBytes) throw new AppError(ErrorNumber.DocumentTooLarge);
  if (length === 0 || !extensionOf(meta.filename)) throw new AppError(ErrorNumber.DocumentTypeNotAccepted);
  if (meta.formId && !(await findOpenForm(deps.db, meta.formId, auth.accountId, claimId, meta.formType)))
    throw new AppError(ErrorNumber.NotFound);
  if ((await repo.countOpenResumable(deps.db, auth.accountId, sinceLive(deps))) >= RESUMABLE_OPEN_MAX)
    throw new AppError(ErrorNumber.Validation, 'Please finish or cancel the uploads already under way');
  const id = newId();
  await fsp.mkdir(partialDir(deps), { recursive: true });
  await fsp.writeFile(partialPath(deps, id), '', { flag: 'wx', mode: 0o600 });
  const createdAt = deps.clock.now();
  await repo.insertResumable(deps.db, {
    id,
    account_id: auth.accountId,
    claim_id: claimId,
    upload_length: length,
    filename: meta.filename,
    form_type: meta.formType,
    form_id: meta.formId ?? null,
    description: meta.description ?? '',
    created_at: createdAt,
  });
  return { id, offset: 0, length, expiresAt: createdAt + RESUMABLE_LIFETIME_MS };
}

async function ownUpload(deps: Deps, auth: AuthContext, claimId: string, id: string) {
  const row = /^[A-Za-z0-9_-]{1,64}$/.test(id)
    ? await repo.findOwnResumable(deps.db, id, auth.accountId, sinceLive(deps))
    : undefined;
  if (!row || row.claim_id !== claimId) throw new AppError(ErrorNumber.NotFound);
  return row;
}

export async function findResumable(
  deps: Deps,
  auth: AuthContext,
  claimId: string,
  id: string,
): Promise<ResumableState> {
  const row = await ownUpload(deps, auth, claimId, id);
  // Bytes still being written: the offset is not known yet, and a client resuming from a smaller
  // one would only be refused (tus clients wait and ask again on 423).
  if (appending.has(id)) throw new UploadBusy();
  return {
    id,
    offset: await offsetOf(deps, id),
    length: row.upload_length,
    expiresAt: row.created_at + RESUMABLE_LIFETIME_MS,
  };
}

/** Stops a request that sends more than its upload declared. */
/** At most `remaining` bytes pass; each is hashed on the way (when `hash` is given). */
function bounded(remaining: number, hash: Hash | undefined): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > remaining) return done(new AppError(ErrorNumber.DocumentTooLarge));
      hash?.update(chunk);
      done(null, chunk);
    },
  });
}

/**
 * The SHA-256 of each upload's bytes so far, in the process that received them, so the file is
 * hashed as it arrives and not read again at the end (one pass). A request that lands in another
 * process, or after a failed one, finds none here: its upload is hashed from disk at the end, as
 * before. Bounded: the oldest is dropped first.
 */
const hashes = new Map<string, { hash: Hash; offset: number }>();
const HASHES_MAX = 1000;

function hashFrom(id: string, offset: number): Hash | undefined {
  const held = hashes.get(id);
  hashes.delete(id);
  if (offset === 0) return crypto.createHash('sha256');
  return held?.offset === offset ? held.hash : undefined;
}

function keepHash(id: string, hash: Hash | undefined, offset: number): void {
  if (!hash) return;
  if (hashes.size >= HASHES_MAX) hashes.delete(hashes.keys().next().value ?? '');
  hashes.set(id, { hash, offset });
}

/**
 * Appends a request's bytes at `offset`. Whatever arrived before a cut is kept (and fsynced), so
 * the client resumes from there; the last byte turns the upload into a stored file.
 */
export async function appendResumable(
  deps: Deps,
  store: FileStore,
  auth: AuthContext,
  claimId: string,
  id: string,
  offset: number,
  body: Readable,
): Promise<ResumableState & { fileId?: string }> {
  const row = await ownUpload(deps, auth, claimId, id);
  if (appending.has(id)) throw new UploadBusy();
  appending.add(id);
  try {
    if (offset !== (await offsetOf(deps, id))) throw new OffsetMismatch();
    const file = partialPath(deps, id);
    const out = fs.createWriteStream(file, { flags: 'a' });
    const hash = hashFrom(id, offset);
    let failure: unknown;
    await pipeline(body, bounded(row.upload_length - offset, hash), out).catch((e: unknown) => (failure = e));
    const handle = await fsp.open(file, 'r+');
    await handle.sync().finally(() => handle.close());
    if (failure instanceof AppError) await endResumable(deps, auth, claimId, id);
    if (failure) throw failure;
    const state = {
      id,
      offset: await offsetOf(deps, id),
      length: row.upload_length,
      expiresAt: row.created_at + RESUMABLE_LIFETIME_MS,
    };
    if (state.offset < row.upload_length) {
      keepHash(id, hash, state.offset);
      return state;
    }
    try {
      const { FileId } = await storeUpload(deps, store, auth, claimId, {
        formType: row.form_type as FormType,
        formId: row.form_id ?? undefined,
        description: row.description,
        filename: row.filename,
        stream: { localPath: file, known: hash && { size: state.offset, sha256: hash.digest('hex') } },
      });
      return { ...state, fileId: FileId };
    } finally {
      await removeResumable(deps, id);
    }
  } finally {
    appending.delete(id);
  }
}

async function removeResumable(deps: Deps, id: string): Promise<void> {
  hashes.delete(id);
  await repo.deleteResumable(deps.db, id);
  await fsp.rm(partialPath(deps, id), { force: true });
}

/** tus termination: the claimant cancels an upload; its bytes go at once. */
export async function endResumable(deps: Deps, auth: AuthContext, claimId: string, id: string): Promise<void> {
  await ownUpload(deps, auth, claimId, id);
  await removeResumable(deps, id);
}

/** The hourly clean-up: uploads not finished within RESUMABLE_LIFETIME_MS, rows and bytes. */
export async function removeExpiredResumable(deps: Deps): Promise<number> {
  const expired = await repo.findExpiredResumable(deps.db, sinceLive(deps), 500);
  for (const u of expired) await removeResumable(deps, u.id);
  return expired.length;
}
