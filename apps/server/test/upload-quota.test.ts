import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorNumber, LIMITS } from '@portal/contracts';
import { UPLOAD_QUOTA_WINDOW_MS } from '../src/modules/uploads/service.ts';
import { DIALECTS, createTestApp, errorNumbers, signInWithClaim, type TestApp } from './helpers.ts';
import { multipart } from './multipart.ts';
import { SAMPLES } from './samples.ts';

/**
 * The per-account upload quota (decision 020) is counted from the files rows: the tests record
 * earlier uploads as rows instead of sending hundreds of megabytes.
 */
describe.each(DIALECTS)('upload quota per account on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let accountId: string;
  let claimId: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    token = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
    accountId = (
      await t.deps.db
        .selectFrom('accounts')
        .select('id')
        .where('username', '=', 'alex.citizen@example.com')
        .executeTakeFirstOrThrow()
    ).id;
    claimId = (
      await t.deps.db.selectFrom('claims').select('id').where('number', '=', '21/45678').executeTakeFirstOrThrow()
    ).id;
  });
  afterEach(() => t.close());

  const pdf = SAMPLES['letter.pdf'] as Buffer;
  const upload = (accessToken = token) =>
    t.app.inject({
      method: 'POST',
      url: '/api/documentupload/uploadfile',
      ...multipart({ accessToken, FormType: 'documents', Description: 'Receipt' }, { name: 'letter.pdf', data: pdf }),
    });
  /** Rows standing for uploads this account made `agoMs` before now. */
  let recorded = 0;
  const recordUploads = async (count: number, size: number, agoMs: number) => {
    const rows = Array.from({ length: count }, () => ({
      id: `earlier-${++recorded}`,
      account_id: accountId,
      claim_id: claimId,
      form_type: 'documents',
      form_id: null,
      description: '',
      original_name: 'earlier.pdf',
      size,
      mime: 'application/pdf',
      sha256: '',
      storage_key: `earlier/${recorded}`,
      created_at: t.clock.now() - agoMs,
      submitted_at: t.clock.now() - agoMs,
    }));
    await t.deps.db.insertInto('files').values(rows).execute();
  };
  const filesOfAccount = async () =>
    Number(
      (
        await t.deps.db
          .selectFrom('files')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('account_id', '=', accountId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const storedFiles = () => fs.readdirSync(path.join(t.deps.config.dataDir, 'files')).length;

  it(`refuses the file after ${LIMITS.uploadFilesPerDay} in 24 hours with 121, and takes files again once they are a day old`, async () => {
    await recordUploads(LIMITS.uploadFilesPerDay - 1, 1000, 60 * 60_000);
    expect((await upload()).statusCode).toBe(200);
    const refused = await upload();
    expect(refused.json()).toEqual([
      {
        Number: ErrorNumber.UploadQuotaReached,
        Message: `You have sent as many documents as we can take in one day. Please try again tomorrow, or call us on ${t.deps.config.provider.phone}.`,
      },
    ]);
    expect(await filesOfAccount()).toBe(LIMITS.uploadFilesPerDay);
    // Another claimant is not held back by it.
    const sam = await signInWithClaim(t, 'sam.single@example.com', '22/11111');
    expect((await upload(sam)).statusCode).toBe(200);
    // The earlier uploads leave the window; the one made just now still counts.
    t.clock.advance(UPLOAD_QUOTA_WINDOW_MS - 60 * 60_000 + 1);
    const again = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
    expect((await upload(again)).statusCode).toBe(200);
  });

  it('refuses a file that would take the account past the bytes of a day, keeping nothing of it', async () => {
    await recordUploads(1, LIMITS.uploadBytesPerDay - pdf.length + 1, 60 * 60_000);
    const before = storedFiles();
    expect(errorNumbers(await upload())).toEqual([ErrorNumber.UploadQuotaReached]);
    expect(await filesOfAccount()).toBe(1);
    expect(storedFiles()).toBe(before);
    expect(fs.readdirSync(path.join(t.deps.config.dataDir, 'files', 'tmp'))).toEqual([]);
  });

  it('takes a file that fits the bytes left exactly, then refuses before reading the next', async () => {
    await recordUploads(1, LIMITS.uploadBytesPerDay - pdf.length, 60 * 60_000);
    expect((await upload()).statusCode).toBe(200);
    expect(errorNumbers(await upload())).toEqual([ErrorNumber.UploadQuotaReached]);
  });

  it('does not count uploads older than a day', async () => {
    await recordUploads(LIMITS.uploadFilesPerDay, 1000, UPLOAD_QUOTA_WINDOW_MS + 1);
    await recordUploads(1, LIMITS.uploadBytesPerDay, UPLOAD_QUOTA_WINDOW_MS + 1);
    expect((await upload()).statusCode).toBe(200);
  });
});
