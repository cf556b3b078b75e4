/** Percentiles by the nearest-rank method over a sample of timings. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] as number;
}

export const median = (values: readonly number[]) => percentile(values, 50);

/** Rounds for display and for results.json (timings in ms to 0.01, sizes to 0.1). */
export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** Milliseconds since `start` (a process.hrtime.bigint() reading). */
export function msSince(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6;
}
