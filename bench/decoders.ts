/**
 * Decoders' bounds in time: how long the server takes to refuse what would be costly to decode —
 * a drawn signature whose PNG header declares 5000×5000 px (with its 100 MB of pixels deflated),
 * a small PNG over a deflate bomb, a docx whose one entry inflates past the 100 MB bound, and a
 * docx refused by the inflation deadline alone — each beside accepting a real one. The server's
 * tests say why each is refused (from the header, by a capped inflate, by the deadline); the
 * figures live here, never as a timed assertion in `npm test`.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { SIGNATURE_MAX_BYTES, SIGNATURE_MAX_SCALE, SIGNATURE_PAD } from '@portal/contracts';
import { PngRefused, checkPng } from '../apps/server/src/lib/png-bounds.ts';
import { ZIP_LIMITS, isSafeZip, type ZipLimits } from '../apps/server/src/storage/file-check.ts';
import { drawnSignature, makePng } from '../apps/server/test/png.ts';
import { SAMPLES, zipBombDocx } from '../apps/server/test/samples.ts';
import { envNumber, isMain, log, scratchDir, startBench } from './lib/bench.ts';
import type { BenchResult, Figure } from './lib/results.ts';
import { median, msSince, round } from './lib/stats.ts';

const NAME = 'decoders';
const LIMITS = {
  maxBytes: SIGNATURE_MAX_BYTES,
  maxWidth: SIGNATURE_PAD.width * SIGNATURE_MAX_SCALE,
  maxHeight: SIGNATURE_PAD.height * SIGNATURE_MAX_SCALE,
};

function timeSync(runs: number, work: () => void): number[] {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    work();
    times.push(msSince(start));
  }
  return times;
}

async function timeAsync(runs: number, work: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await work();
    times.push(msSince(start));
  }
  return times;
}

const refused = (png: Buffer) => () => {
  try {
    checkPng(png, LIMITS);
  } catch (e) {
    if (e instanceof PngRefused) return;
    throw e;
  }
  throw new Error('a PNG the benchmark expects refused was accepted');
};

function figure(id: string, label: string, times: number[], baseline: { label: string; times: number[] }): Figure {
  const value = median(times);
  const base = median(baseline.times);
  return {
    id: `${NAME}.${id}`,
    label,
    value: round(value),
    unit: 'ms',
    baseline: { label: baseline.label, value: round(base, 3), unit: 'ms' },
    ratio: round(value / base, 1),
    ratioLabel: '× accepting',
  };
}

export async function run(): Promise<BenchResult> {
  const finish = startBench(NAME, 'Decoders: the time to refuse what would be costly to decode');
  const runs = envNumber('BENCH_DECODER_RUNS', 20);
  const scratch = scratchDir(NAME);
  try {
    const good = drawnSignature(LIMITS.maxWidth, LIMITS.maxHeight);
    const accept = () => void checkPng(good, LIMITS);
    const pngBase = { label: 'accepting a drawn signature at the largest allowed size', times: timeSync(runs, accept) };
    const huge = makePng(5000, 5000, {
      idat: zlib.deflateSync(Buffer.alloc(5000 * (1 + 5000 * 4)), { level: 9 }),
    });
    const bomb = makePng(64, 24, { idat: zlib.deflateSync(Buffer.alloc(50 * 1024 * 1024), { level: 9 }) });
    log(NAME, `PNG: ${huge.length} B declaring 5000×5000, ${bomb.length} B of deflate bomb under 64×24`);

    const write = (name: string, data: Buffer) => {
      const file = path.join(scratch.dir, name);
      fs.writeFileSync(file, data);
      return file;
    };
    const docx = write('report.docx', SAMPLES['report.docx'] as Buffer);
    const zipBomb = write('bomb.docx', zipBombDocx());
    const expectRefusal = async (file: string, limits: ZipLimits = ZIP_LIMITS) => {
      if (await isSafeZip(file, limits)) throw new Error(`${file} was accepted`);
    };
    const zipBase = {
      label: 'accepting a real docx',
      times: await timeAsync(runs, async () => {
        if (!(await isSafeZip(docx))) throw new Error('the real docx was refused');
      }),
    };
    const deadline = 5;
    const figures = [
      figure('png-5000px-ms', 'Refusing a PNG declaring 5000×5000 px', timeSync(runs, refused(huge)), pngBase),
      figure('png-bomb-ms', 'Refusing a 64×24 PNG over a 50 MB deflate bomb', timeSync(runs, refused(bomb)), pngBase),
      figure(
        'zip-bomb-ms',
        'Refusing a docx inflating past 100 MB',
        await timeAsync(runs, () => expectRefusal(zipBomb)),
        zipBase,
      ),
      figure(
        'zip-deadline-ms',
        `Refusing the same docx by a ${deadline} ms deadline alone (1 GB byte bound)`,
        await timeAsync(runs, () =>
          expectRefusal(zipBomb, { ...ZIP_LIMITS, inflatedBytes: 1024 * 1024 * 1024, ms: deadline }),
        ),
        zipBase,
      ),
    ];
    return finish({ runs, deadlineMs: deadline }, figures, [
      'In-process, through checkPng (lib/png-bounds.ts) and isSafeZip (storage/file-check.ts), no HTTP.',
      "Before these bounds, the 5000×5000 header took 2 s to refuse through HTTP (the server's test said so with a timed assertion, now gone).",
    ]);
  } finally {
    scratch.remove();
  }
}

if (isMain(import.meta.url)) {
  const { saveResults } = await import('./lib/results.ts');
  saveResults([await run()]);
}
