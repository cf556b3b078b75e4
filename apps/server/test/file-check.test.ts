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
    const started = performance.now();
    expect(await isSafeZip(write('bomb.docx', zipBombDocx()))).toBe(false);
    expect(performance.now() - started).toBeLessThan(ZIP_LIMITS.ms);
  });

  it('gives up when inflating takes longer than the time bound', async () => {
    const slow = write('slow.docx', zipBombDocx());
    const started = performance.now();
    expect(await isSafeZip(slow, { ...ZIP_LIMITS, inflatedBytes: 1024 * 1024 * 1024, ms: 5 })).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
