/**
 * The S3-compatible file store (scale-out issue): FILE_STORE=s3://bucket/prefix. A file is
 * staged on local disk first (the checks sniff its bytes there, as for the local store), then
 * streamed to the bucket with a multipart upload on commit and the staged copy removed; reads
 * stream the object back. Keys are random, never the claimant's file name.
 */
import fsp from 'node:fs/promises';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import {
  checkWritable,
  isFileKey,
  newFileKey,
  removeStaleStaged,
  removeStaleStagedSync,
  stageToDisk,
  type FileStore,
} from './file-store.ts';

export type S3Location = { bucket: string; prefix: string };

/** 's3://bucket/some/prefix' → { bucket, prefix: 'some/prefix/' }. */
export function parseS3Url(url: string): S3Location {
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url);
  if (!m) throw new Error(`not an s3://bucket/prefix URL: ${url}`);
  const prefix = (m[2] ?? '').replace(/^\/+|\/+$/g, '');
  return { bucket: m[1] as string, prefix: prefix ? `${prefix}/` : '' };
}

/**
 * The AWS SDK, loaded when a process uses an S3 store rather than by every process at start
 * (it is a sizeable part of the heap, which every major GC marks).
 */
async function loadSdk() {
  const [s3, storage] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  return { ...s3, Upload: storage.Upload };
}

export async function s3FileStore(client: S3Client, location: S3Location, stagingDir: string): Promise<FileStore> {
  const { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, Upload } = await loadSdk();
  fs.mkdirSync(stagingDir, { recursive: true });
  removeStaleStagedSync(stagingDir);
  const objectKey = (key: string) => {
    if (!isFileKey(key)) throw new Error('bad file key');
    return `${location.prefix}${key.slice(0, 2)}/${key}`;
  };
  return {
    async stage(source) {
      const staged = await stageToDisk(stagingDir, source);
      return {
        ...staged,
        async commit() {
          const key = newFileKey();
          // lib-storage sends parts of 5 MB, a few at a time: bounded memory for any size.
          await new Upload({
            client,
            params: {
              Bucket: location.bucket,
              Key: objectKey(key),
              Body: fs.createReadStream(staged.path),
              ContentLength: staged.size,
            },
          }).done();
          await fsp.rm(staged.path, { force: true });
          return key;
        },
        discard: () => fsp.rm(staged.path, { force: true }),
      };
    },
    read(key) {
      // FileStore.read is synchronous; the object arrives a moment later and errors end the stream.
      const out = new PassThrough();
      client
        .send(new GetObjectCommand({ Bucket: location.bucket, Key: objectKey(key) }))
        .then((res) => {
          const body = res.Body as Readable | undefined;
          if (!body) throw new Error('empty object');
          body.on('error', (e) => out.destroy(e));
          body.pipe(out);
        })
        .catch((e: unknown) => out.destroy(e instanceof Error ? e : new Error(String(e))));
      return out;
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: location.bucket, Key: objectKey(key) }));
    },
    async check() {
      await checkWritable(stagingDir);
      await client.send(new HeadBucketCommand({ Bucket: location.bucket }));
    },
    sweepStaging: () => removeStaleStaged(stagingDir),
  };
}

export async function s3ClientFromConfig(s3: {
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}): Promise<S3Client> {
  const { S3Client } = await import('@aws-sdk/client-s3');
  return new S3Client({
    region: s3.region,
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    forcePathStyle: s3.forcePathStyle,
    ...(s3.accessKeyId && s3.secretAccessKey
      ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } }
      : {}),
  });
}

export const stagingDirOf = (dataDir: string) => path.join(dataDir, 'files', 'tmp');
