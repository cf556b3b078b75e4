/**
 * The file stores behind one interface: local disk and an S3-compatible bucket (s3rver, a real
 * S3 HTTP server on loopback, speaking the same protocol as AWS — multipart uploads included).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { localFileStore, type FileStore } from '../src/storage/file-store.ts';
import { parseS3Url, s3ClientFromConfig, s3FileStore } from '../src/storage/s3-store.ts';
import { createTestApp, signInWithClaim } from './helpers.ts';
import { multipart } from './multipart.ts';
import { SAMPLES } from './samples.ts';

const BUCKET = 'portal-files';
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-stores-'));
let server: S3rver;
let endpoint: string;
const client = () =>
  s3ClientFromConfig({
    endpoint,
    region: 'ap-southeast-2',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(root, 's3'),
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await server.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe.each([
  ['local disk', () => localFileStore(path.join(root, 'local'))],
  ['S3', async () => s3FileStore(await client(), parseS3Url(`s3://${BUCKET}/portal`), path.join(root, 'staging'))],
] as const)('the %s file store', (_name, make) => {
  let store: FileStore;
  beforeAll(async () => {
    store = await make();
  });

  it('stages, checks, commits and reads back a 12 MB file byte for byte (several multipart parts)', async () => {
    const data = crypto.randomBytes(12 * 1024 * 1024);
    const staged = await store.stage(Readable.from([data.subarray(0, 5_000_000), data.subarray(5_000_000)]));
    expect(staged.size).toBe(data.length);
    expect(staged.sha256).toBe(crypto.createHash('sha256').update(data).digest('hex'));
    const key = await staged.commit();
    expect(key).toMatch(/^[a-f0-9]{32}$/);
    expect(fs.existsSync(staged.path)).toBe(false);
    expect((await readAll(store.read(key))).equals(data)).toBe(true);
    await store.remove(key);
    await expect(readAll(store.read(key))).rejects.toThrow();
  });

  it('leaves nothing behind when a staged file is discarded', async () => {
    const staged = await store.stage(Readable.from([Buffer.from('never kept')]));
    await staged.discard();
    expect(fs.existsSync(staged.path)).toBe(false);
  });

  it('is ready while it can take a file', async () => {
    await expect(store.check()).resolves.toBeUndefined();
  });
});

describe('the S3 store', () => {
  it('parses s3:// URLs', () => {
    expect(parseS3Url('s3://bucket-1/a/b/')).toEqual({ bucket: 'bucket-1', prefix: 'a/b/' });
    expect(parseS3Url('s3://bucket-1')).toEqual({ bucket: 'bucket-1', prefix: '' });
    expect(() => parseS3Url('https://bucket/x')).toThrow();
  });

  it('is not ready when the bucket is missing', async () => {
    const store = await s3FileStore(await client(), parseS3Url('s3://no-such-bucket'), path.join(root, 'staging'));
    await expect(store.check()).rejects.toThrow();
  });

  it('serves the portal: an upload lands in the bucket under a random key and downloads intact', async () => {
    const t = await createTestApp('sqlite', {
      FILE_STORE: `s3://${BUCKET}/app`,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    try {
      const token = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
      const body = multipart(
        { accessToken: token, FormType: 'documents' },
        { name: 'letter.pdf', data: SAMPLES['letter.pdf'] as Buffer },
      );
      const { FileId } = (
        await t.app.inject({ method: 'POST', url: '/api/documentupload/uploadfile', ...body })
      ).json();
      const listed = await (await client()).send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'app/' }));
      expect(listed.Contents?.map((o) => o.Key)).toHaveLength(1);
      expect(listed.Contents?.[0]?.Key).not.toContain('letter');
      const download = await t.post('/api/documentupload/downloadfile', { AccessToken: token, Identifier: FileId });
      expect(download.rawPayload.equals(SAMPLES['letter.pdf'] as Buffer)).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({ files: 'ok' });
    } finally {
      await t.close();
    }
  });
});
