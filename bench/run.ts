/**
 * `npm run bench`: builds the server bundle, runs the benchmarks one after another (never in
 * parallel: they would measure each other), and writes results.json and RESULTS.md after each.
 * `npm run bench -- api-throughput sign-in` runs only those; the others keep their newest result.
 * Sizes and durations scale with env vars (see README.md).
 */
import { execFileSync } from 'node:child_process';
import { budgetText } from './lib/budgets.ts';
import { REPO_ROOT } from './lib/paths.ts';
import { ORDER, saveResults, verdicts, type BenchResult } from './lib/results.ts';

const BENCHMARKS: Record<string, () => Promise<{ run: () => Promise<BenchResult> }>> = {
  'address-search': () => import('./address-search.ts'),
  'upload-memory': () => import('./upload-memory.ts'),
  'tus-upload': () => import('./tus-upload.ts'),
  'api-throughput': () => import('./api-throughput.ts'),
  'api-throughput-pg': () => import('./api-throughput-pg.ts'),
  'sign-in': () => import('./sign-in.ts'),
  'web-bundle': () => import('./web-bundle.ts'),
  lighthouse: () => import('./lighthouse.ts'),
  pdf: () => import('./pdf.ts'),
  decoders: () => import('./decoders.ts'),
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = wanted.filter((w) => !BENCHMARKS[w]);
if (unknown.length) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; known: ${ORDER.join(', ')}`);
  process.exit(1);
}
const selected = wanted.length ? ORDER.filter((n) => wanted.includes(n)) : ORDER;

// BENCH_SERVER_ENTRY names a server build of its own (apps/server SERVER_OUTDIR): dist/ is left alone.
if (
  process.env.BENCH_SKIP_BUILD !== '1' &&
  !process.env.BENCH_SERVER_ENTRY &&
  selected.some((n) => n !== 'address-search')
) {
  console.log('building the server bundle (npm run build -w apps/server; BENCH_SKIP_BUILD=1 skips)');
  execFileSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: REPO_ROOT, stdio: 'inherit' });
}

const started = Date.now();
const failed: string[] = [];
for (const name of selected) {
  const load = BENCHMARKS[name];
  if (!load) continue;
  console.log(`\n=== ${name} ===`);
  try {
    const result = await (await load()).run();
    saveResults([result]);
    for (const f of result.figures)
      console.log(
        `  ${f.label}: ${f.value} ${f.unit}${f.baseline ? ` (baseline ${f.baseline.value} ${f.baseline.unit})` : ''}`,
      );
  } catch (e) {
    failed.push(name);
    console.error(`${name} failed:`, e);
  }
}

const results = saveResults([]);
console.log(
  `\nran ${selected.length - failed.length} of ${selected.length} benchmark(s) ` +
    `in ${Math.round((Date.now() - started) / 1000)} s; bench/RESULTS.md and bench/results.json updated`,
);
for (const v of verdicts(results)) {
  console.log(
    'missing' in v
      ? `${v.id}: not measured (budget ${budgetText(v.budget)})`
      : `${v.id}: ${v.value} ${v.unit} (budget ${budgetText(v.budget)}) ${v.ok ? 'ok' : 'over'}`,
  );
}
if (failed.length) {
  console.error(`failed: ${failed.join(', ')}`);
  process.exit(1);
}
