/**
 * Resumable uploads (tus, decision 040). A spawned server (the production bundle) takes 10 MB
 * PDFs through /api/uploads/tus from the unmodified tus-js-client, as a signed-in demo claimant.
 * Figures, each beside its baseline in the same run: one upload's time beside fs.copyFile of the
 * same bytes; the server's peak RSS growth while 10 uploads run at once, beside the bytes in
 * flight; and the bytes a client sends again when a relay cuts its connection at 50 %.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Upload } from 'tus-js-client';
import { LIMITS, RESUMABLE_UPLOAD_PATH } from '@portal/contracts';
import { cuttingRelay } from '../apps/server/test/cutting-relay.ts';
import { envNumber, isMain, log, scratchDir, startBench } from './lib/bench.ts';
import { paddedPdf } from './lib/pdf.ts';
import type { BenchResult } from './lib/results.ts';
import { CSRF, prepareDatabase, readRss, resetPeakRss, signInWithClaim, startServer } from './lib/server.ts';
import { median, msSince, round } from './lib/stats.ts';

const NAME = 'tus-upload';
const MB = 2 ** 20;

function send(baseUrl: string, token: string, data: Buffer, filename: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let fileId: string | null = null;
    new Upload(data, {
      endpoint: `${baseUrl}${RESUMABLE_UPLOAD_PATH}`,
      headers: { authorization: `Bearer ${token}`, cookie: `__Host-XSRF-TOKEN=${CSRF}`, 'x-xsrf-token': CSRF },
      metadata: { filename, filetype: 'application/pdf', formType: 'documents', description: 'Benchmark upload' },
      retryDelays: [0, 50, 200, 500, 1000],
      onAfterResponse: (_req, res) => void (fileId = res.getHeader('Portal-File-Id') ?? fileId),
      onSuccess: () => (fileId ? resolve(fileId) : reject(new Error('no Portal-File-Id'))),
      onError: reject,
    }).start();
  });
}

export async function run(): Promise<BenchResult> {
  const finish = startBench(NAME, 'Resumable upload (tus): time, server memory, bytes resent after a cut');
  const concurrency = envNumber('UPLOAD_CONCURRENCY', 10);
  const singles = envNumber('UPLOAD_SINGLES', 5);
  const scratch = scratchDir(NAME);
  try {
    await prepareDatabase(scratch.dir);
    const server = await startServer({ dataDir: scratch.dir, env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    try {
      const token = await signInWithClaim(server.url, 'sam.single@example.com', '22/11111');
      const pdf = paddedPdf(LIMITS.uploadMaxBytes);
      const pdfFile = path.join(scratch.dir, 'upload.pdf');
      fs.writeFileSync(pdfFile, pdf);
      await send(server.url, token, pdf, 'warm-up.pdf');

      log(NAME, `${singles} single uploads beside fs.copyFile`);
      const uploadTimes: number[] = [];
      const copyTimes: number[] = [];
      for (let i = 0; i < singles; i++) {
        let t = process.hrtime.bigint();
        await send(server.url, token, pdf, `single-${i}.pdf`);
        uploadTimes.push(msSince(t));
        const copy = path.join(scratch.dir, `copy-${i}.pdf`);
        t = process.hrtime.bigint();
        await fs.promises.copyFile(pdfFile, copy);
        copyTimes.push(msSince(t));
        fs.rmSync(copy);
      }

      log(NAME, `${concurrency} concurrent uploads, sampling /proc/${server.pid}/status`);
      await new Promise((r) => setTimeout(r, 1000));
      const before = readRss(server.pid).rss;
      const hwmReset = resetPeakRss(server.pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, readRss(server.pid).rss)), 5);
      await Promise.all(Array.from({ length: concurrency }, (_, i) => send(server.url, token, pdf, `many-${i}.pdf`)));
      clearInterval(sampler);
      const after = readRss(server.pid);
      const growth = Math.max(peak, after.rss, hwmReset ? after.hwm : 0) - before;

      log(NAME, 'one upload through a relay that cuts the connection at 50 %');
      const port = Number(new URL(server.url).port);
      const relay = await cuttingRelay(port, pdf.length / 2);
      let resent: number;
      try {
        await send(relay.url, token, pdf, 'cut.pdf');
        if (!relay.wasCut()) throw new Error('the relay never cut the connection');
        resent = (relay.sent() - pdf.length) / pdf.length;
      } finally {
        await relay.close();
      }

      const uploadMs = median(uploadTimes);
      const copyMs = median(copyTimes);
      return finish(
        { file_bytes: pdf.length, concurrency, single_uploads: singles, server: 'apps/server/dist/main.js (SQLite)' },
        [
          {
            id: `${NAME}.ratio`,
            label: '10 MB upload through tus (median), in copies of the same bytes',
            value: round(uploadMs / copyMs, 1),
            unit: '× copyFile',
            baseline: { label: 'fs.copyFile of the same bytes (median)', value: round(copyMs), unit: 'ms' },
          },
          { id: `${NAME}.upload-ms`, label: '10 MB upload through tus (median)', value: round(uploadMs), unit: 'ms' },
          {
            id: `${NAME}.peak-rss-growth`,
            label: `Server peak RSS growth, ${concurrency} concurrent tus uploads`,
            value: round(growth / MB, 1),
            unit: 'MB',
            baseline: { label: 'bytes in flight', value: round((concurrency * pdf.length) / MB, 1), unit: 'MB' },
          },
          {
            id: `${NAME}.resent`,
            label: 'Bytes sent again after the connection is cut at 50 %',
            value: round(resent * 100, 1),
            unit: '%',
            baseline: { label: 'the multipart call, which starts over', value: 100, unit: '%' },
          },
        ],
        [
          'Client: the unmodified tus-js-client (Node), one PATCH per upload; every upload answered a Portal-File-Id.',
          'Resent: bytes the relay forwarded from the client beyond the file itself (headers included), over the file size.',
          `Peak RSS = max of VmRSS sampled every 5 ms${hwmReset ? ' and VmHWM (reset before the batch)' : ''}, minus VmRSS before.`,
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
