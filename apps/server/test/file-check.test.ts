import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZIP_LIMITS, isSafeZip } from '../src/storage/file-check.ts';
import { SAMPLES, zipBombDocx } from './samples.ts';

describe('the ZIP check of docx and xlsx uploads is bounded', () => {
  let dir: string;
  const write = (name: string, data: Buffer) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, data);
    return file;
  };
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-check-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('passes a real document within the limits', async () => {
    expect(await isSafeZip(write('ok.docx', SAMPLES['report.docx'] as Buffer))).toBe(true);
  });

  it('stops inflating at the inflated-size bound', async () => {
    // A deadline of an hour cannot be what refuses it: only the bound on inflated bytes can.
    expect(await isSafeZip(write('bomb.docx', zipBombDocx()), { ...ZIP_LIMITS, ms: 3_600_000 })).toBe(false);
  });

  it('gives up when inflating outlasts the time bound', async () => {
    // With a bound of 1 GB on inflated bytes only the deadline can refuse it; how long a refusal
    // takes is measured in bench/ (decoders), not asserted here.
    const slow = write('slow.docx', zipBombDocx());
    expect(await isSafeZip(slow, { ...ZIP_LIMITS, inflatedBytes: 1024 * 1024 * 1024, ms: 0 })).toBe(false);
  });
});
