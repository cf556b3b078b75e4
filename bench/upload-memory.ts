/**
 * Upload memory. A spawned server (the production bundle) takes 10 MB PDFs
 * through the real multipart endpoint from a signed-in demo claimant. Figures: one upload's
 * time beside fs.copyFile of the same bytes, and the server process's peak RSS growth while
 * UPLOAD_CONCURRENCY (10) uploads run at once, beside the bytes in flight.
 */
import fs from 'node:fs';
import path from 'node:path';
import { LIMITS, UPLOAD_PATH } from '@portal/contracts';
import { envNumber, isMain, log, scratchDir, startBench } from './lib/bench.ts';
import { paddedPdf } from './lib/pdf.ts';
import type { BenchResult } from './lib/results.ts';
import {
  CSRF,
  browserCookies,
  prepareDatabase,
  readRss,
  resetPeakRss,
  signInWithClaim,
  startServer,
} from './lib/server.ts';
import { median, msSince, round } from './lib/stats.ts';

const NAME = 'upload-memory';
const MB = 2 ** 20;

/** A multipart body as the web app sends it: the fields, then the file as uploads[]. */
function multipartBody(token: string, filename: string, data: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----portalbench${Math.random().toString(16).slice(2)}`;
  const fields = { accessToken: token, FormType: 'documents', Description: 'Benchmark upload' };
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="uploads[]"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function run(): Promise<BenchResult> {
  const finish = startBench(NAME, 'Upload time and server memory (10 MB PDFs, multipart)');
  const concurrency = envNumber('UPLOAD_CONCURRENCY', 10);
  const batches = envNumber('UPLOAD_BATCHES', 3);
  const singles = envNumber('UPLOAD_SINGLES', 7);
  const scratch = scratchDir(NAME);
  try {
    log(NAME, 'preparing the database and starting the server');
    await prepareDatabase(scratch.dir);
    const server = await startServer({ dataDir: scratch.dir, env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    try {
      const token = await signInWithClaim(server.url, 'sam.single@example.com', '22/11111');
      const pdf = paddedPdf(LIMITS.uploadMaxBytes);
      const pdfFile = path.join(scratch.dir, 'upload.pdf');
      fs.writeFileSync(pdfFile, pdf);
      const upload = async (i: number) => {
        const { body, contentType } = multipartBody(token, `receipt-${i}.pdf`, pdf);
        const res = await fetch(`${server.url}${UPLOAD_PATH}`, {
          method: 'POST',
          headers: { 'content-type': contentType, cookie: browserCookies(), 'x-xsrf-token': CSRF },
          body,
        });
        const text = await res.text();
        if (res.status !== 200 || !text.includes('FileId'))
          throw new Error(`upload answered ${res.status}: ${text.slice(0, 300)}`);
      };

      /** Peak RSS growth of the server while `concurrency` uploads run at once, over its RSS just before. */
      let hwmReset = false;
      const concurrentBatch = async (b: number) => {
        await new Promise((r) => setTimeout(r, 1000));
        const before = readRss(server.pid).rss;
        hwmReset = resetPeakRss(server.pid);
        let peak = before;
        const sampler = setInterval(() => {
          peak = Math.max(peak, readRss(server.pid).rss);
        }, 5);
        const t = process.hrtime.bigint();
        await Promise.all(Array.from({ length: concurrency }, (_, i) => upload(1000 * (b + 1) + i)));
        const ms = msSince(t);
        clearInterval(sampler);
        const after = readRss(server.pid);
        peak = Math.max(peak, after.rss, hwmReset ? after.hwm : 0);
        return { before, growth: peak - before, ms };
      };

      // First: a server that has just started and signed one claimant in takes 10 uploads at once
      // (the code paths load and compile during it, so this is the larger figure).
      log(NAME, `cold batch of ${concurrency} concurrent uploads, sampling /proc/${server.pid}/status`);
      const cold = await concurrentBatch(0);

      const uploadTimes: number[] = [];
      const copyTimes: number[] = [];
      for (let i = 0; i < singles; i++) {
        let t = process.hrtime.bigint();
        await upload(100 + i);
        uploadTimes.push(msSince(t));
        const copy = path.join(scratch.dir, `copy-${i}.pdf`);
        t = process.hrtime.bigint();
        await fs.promises.copyFile(pdfFile, copy);
        copyTimes.push(msSince(t));
        fs.rmSync(copy);
      }

      log(NAME, `${batches} warm batch(es) of ${concurrency} concurrent uploads`);
      const warm: { before: number; growth: number; ms: number }[] = [];
      for (let b = 1; b <= batches; b++) warm.push(await concurrentBatch(b));
      const growths = warm.map((w) => w.growth);
      const batchTimes = warm.map((w) => w.ms);
      const baselineRss = cold.before;
      const growth = Math.max(cold.growth, ...growths);
      const inFlight = concurrency * pdf.length;
      const uploadMs = median(uploadTimes);
      const copyMs = median(copyTimes);
      return finish(
        {
          file_bytes: pdf.length,
          concurrency,
          batches,
          single_uploads: singles,
          server: 'apps/server/dist/main.js (NODE_ENV=production, SQLite)',
        },
        [
          {
            id: `${NAME}.upload-ms`,
            label: '10 MB upload (median)',
            value: round(uploadMs),
            unit: 'ms',
            baseline: { label: 'fs.copyFile of the same bytes', value: round(copyMs), unit: 'ms' },
            ratio: round(uploadMs / copyMs, 1),
            ratioLabel: '× copyFile',
          },
          {
            id: `${NAME}.concurrent-ms`,
            label: `${concurrency} concurrent uploads (median warm batch)`,
            value: round(median(batchTimes)),
            unit: 'ms',
            baseline: {
              label: `${concurrency} × one upload (median)`,
              value: round(concurrency * uploadMs),
              unit: 'ms',
            },
            ratio: round(median(batchTimes) / (concurrency * uploadMs)),
            ratioLabel: '× sequential',
          },
          {
            id: `${NAME}.peak-rss-growth`,
            label: `Server peak RSS growth, ${concurrency} concurrent uploads`,
            value: round(growth / MB, 1),
            unit: 'MB',
            baseline: { label: 'bytes in flight', value: round(inFlight / MB, 1), unit: 'MB' },
            ratio: round(growth / inFlight),
            ratioLabel: '× in flight',
          },
          {
            id: `${NAME}.warm-rss-growth`,
            label: `Server peak RSS growth, ${concurrency} concurrent uploads, warmed server`,
            value: round(Math.max(...growths) / MB, 1),
            unit: 'MB',
          },
          {
            id: `${NAME}.baseline-rss`,
            label: 'Server RSS before its first upload',
            value: round(baselineRss / MB, 1),
            unit: 'MB',
          },
        ],
        [
          `Peak growth (MB): ${round(cold.growth / MB, 1)} for the first batch on a just-started server ` +
            `(RSS ${round(cold.before / MB, 1)} MB before it), ` +
            `then ${growths.map((g) => round(g / MB, 1)).join(', ')} for ${batches} batches after ${singles} single uploads; ` +
            `the budget figure is the largest. Peak = max of VmRSS sampled every 5 ms and ` +
            (hwmReset
              ? 'VmHWM (reset through /proc/<pid>/clear_refs before each batch)'
              : 'VmRSS only (VmHWM could not be reset)') +
            `, minus VmRSS just before the batch.`,
          'Uploads: the real endpoint /api/documentupload/uploadfile, multipart as the web app sends it ' +
            '(fields, then uploads[]), as sam.single@example.com on a browser the account has verified; ' +
            'every upload answered 200 with a FileId.',
          'The file: a valid one-page PDF padded with comment lines to exactly LIMITS.uploadMaxBytes (10 485 760 bytes).',
        ],
      );
    } finally {
      await server.stop();
    }
  } finally {
    scratch.remove();
  }
}

if (isMain(import.meta.url)) {
  const { saveResults } = await import('./lib/results.ts');
  saveResults([await run()]);
}
