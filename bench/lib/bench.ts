/** What every benchmark shares: its result record, a scratch directory, env-var parameters. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeMachine, gitCommit } from './machine.ts';
import type { BenchResult, Figure } from './results.ts';

export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw.replace(/_/g, ''));
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number (got ${raw})`);
  return value;
}

/** A scratch directory under the OS temp dir, removed by `remove()` unless BENCH_KEEP=1. */
export function scratchDir(name: string): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-bench-${name}-`));
  return {
    dir,
    remove: () => {
      if (process.env.BENCH_KEEP === '1') console.log(`kept ${dir}`);
      else fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function startBench(name: string, title: string) {
  const machine = describeMachine();
  const started = Date.now();
  return (parameters: BenchResult['parameters'], figures: Figure[], notes: string[] = []): BenchResult => ({
    name,
    title,
    measuredAt: new Date(started).toISOString(),
    commit: gitCommit(),
    machine,
    durationSeconds: (Date.now() - started) / 1000,
    parameters,
    figures,
    notes,
  });
}

export function log(name: string, message: string): void {
  console.log(`[${name}] ${message}`);
}

/** Runs a benchmark module's `run` when the file is executed directly (`tsx bench/x.ts`). */
export function isMain(url: string): boolean {
  return url === `file://${path.resolve(process.argv[1] ?? '')}`;
}
