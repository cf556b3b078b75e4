/**
 * The file store: where uploaded documents live, behind a small interface (the scale issue adds
 * an S3 implementation). Files are stored under random keys, never under the claimant's name.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A file written to a temporary place: inspect it, then commit (atomic) or discard it. */
export type StagedFile = {
  /** A local path the checks may read. */
  path: string;
  size: number;
  sha256: string;
  commit: () => Promise<string>;
  discard: () => Promise<void>;
};

/**
 * A whole file already on local disk and fsynced (a resumable upload's bytes): staged by moving
 * it, not by copying it again; `known`, its size and SHA-256 when they were worked out as its
 * bytes arrived (then it is not read again).
 */
export type LocalFile = { localPath: string; known?: { size: number; sha256: string } | undefined };

export const isLocalFile = (source: Readable | LocalFile): source is LocalFile => 'localPath' in source;

export type FileStore = {
  /** Streams into a staged file (the caller bounds the stream); on error nothing is left behind. */
  stage: (source: Readable | LocalFile) => Promise<StagedFile>;
  read: (key: string) => Readable;
  remove: (key: string) => Promise<void>;
  /** Throws when the store cannot take a file now (the readiness check). */
  check: () => Promise<void>;
  /** Removes staged files left by uploads a crash interrupted (see removeStaleStaged); how many. */
  sweepStaging: () => Promise<number>;
};

/**
 * A staged file last written longer ago than this belongs to no upload still running: an upload
 * that sends nothing for REQUEST_TIMEOUT_MS (at most 10 minutes) is closed, so one still arriving
 * writes more often than that, and a staged file is committed or discarded as soon as it is
 * checked. One left behind was cut off by a crash or a kill.
 */
const STALE_STAGED_MS = 60 * 60_000;

/**
 * Removes the files in a staging directory last written more than STALE_STAGED_MS ago. Their
 * times are the file system's, so they are compared with the system's clock, not the injected one.
 */
export async function removeStaleStaged(dir: string, now = Date.now()): Promise<number> {
  let removed = 0;
  for (const name of await fsp.readdir(dir).catch(() => [] as string[])) {
    const file = path.join(dir, name);
    const stat = await fsp.lstat(file).catch(() => undefined);
    if (!stat?.isFile() || stat.mtimeMs > now - STALE_STAGED_MS) continue;
    await fsp.rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

/** The same at start, before the store takes its first file. */
export function removeStaleStagedSync(dir: string, now = Date.now()): void {
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    const stat = fs.lstatSync(file, { throwIfNoEntry: false });
    if (stat?.isFile() && stat.mtimeMs <= now - STALE_STAGED_MS) fs.rmSync(file, { force: true });
  }
}

/** Moves a local file under `tmp` (copied when it is on another file system) and hashes it, unless its hash is known. */
async function adoptIntoStaging(
  staged: string,
  file: LocalFile,
): Promise<{ path: string; size: number; sha256: string }> {
  try {
    await fsp.rename(file.localPath, staged);
  } catch (e) {
    if ((e as { code?: string }).code !== 'EXDEV') throw e;
    await fsp.copyFile(file.localPath, staged, fs.constants.COPYFILE_EXCL);
    await fsp.rm(file.localPath, { force: true });
  }
  if (file.known) return { path: staged, ...file.known };
  try {
    const hash = crypto.createHash('sha256');
    let size = 0;
    for await (const chunk of fs.createReadStream(staged)) {
      size += (chunk as Buffer).length;
      hash.update(chunk as Buffer);
    }
    return { path: staged, size, sha256: hash.digest('hex') };
  } catch (e) {
    await fsp.rm(staged, { force: true });
    throw e;
  }
}

/** Streams `source` into a new file under `tmp`, fsynced; on error nothing is left behind. */
export async function stageToDisk(
  tmp: string,
  source: Readable | LocalFile,
): Promise<{ path: string; size: number; sha256: string }> {
  const staged = path.join(tmp, crypto.randomBytes(16).toString('hex'));
  if (isLocalFile(source)) return adoptIntoStaging(staged, source);
  const hash = crypto.createHash('sha256');
  let size = 0;
  source.on('data', (chunk: Buffer) => {
    size += chunk.length;
    hash.update(chunk);
  });
  try {
    await pipeline(source, fs.createWriteStream(staged, { flags: 'wx', mode: 0o600 }));
    const handle = await fsp.open(staged, 'r+');
    await handle.sync();
    await handle.close();
  } catch (e) {
    await fsp.rm(staged, { force: true });
    throw e;
  }
  return { path: staged, size, sha256: hash.digest('hex') };
}

export const newFileKey = () => crypto.randomBytes(16).toString('hex');
export const isFileKey = (key: string) => /^[a-f0-9]{32}$/.test(key);

/** Checks that a staging directory takes a file now (full or read-only disks fail). */
export async function checkWritable(dir: string): Promise<void> {
  const probe = path.join(dir, `ready-${crypto.randomBytes(6).toString('hex')}`);
  await fsp.writeFile(probe, 'ok', { flag: 'wx' });
  await fsp.rm(probe, { force: true });
}

/** Local disk: staged under tmp/, fsynced, renamed into place; the key is random. */
export function localFileStore(root: string): FileStore {
  const tmp = path.join(root, 'tmp');
  fs.mkdirSync(tmp, { recursive: true });
  removeStaleStagedSync(tmp);
  const finalPath = (key: string) => {
    if (!isFileKey(key)) throw new Error('bad file key');
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    async stage(source) {
      const staged = await stageToDisk(tmp, source);
      return {
        ...staged,
        async commit() {
          const key = newFileKey();
          const target = finalPath(key);
          await fsp.mkdir(path.dirname(target), { recursive: true });
          await fsp.rename(staged.path, target);
          const dir = await fsp.open(path.dirname(target), 'r');
          await dir.sync().finally(() => dir.close());
          return key;
        },
        discard: () => fsp.rm(staged.path, { force: true }),
      };
    },
    read: (key) => fs.createReadStream(finalPath(key)),
    remove: (key) => fsp.rm(finalPath(key), { force: true }),
    check: () => checkWritable(tmp),
    sweepStaging: () => removeStaleStaged(tmp),
  };
}
