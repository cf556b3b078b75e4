/**
 * Results: each benchmark returns figures, each measured beside a baseline from the same run;
 * run.ts keeps the newest result of every benchmark in results.json and renders RESULTS.md.
 */
import fs from 'node:fs';
import { BUDGETS, budgetText, withinBudget, type Budget } from './budgets.ts';
import type { Machine } from './machine.ts';
import { REFERENCE_JSON, RESULTS_JSON, RESULTS_MD } from './paths.ts';

export type Figure = {
  /** `<benchmark>.<figure>`, the key of its budget in BUDGETS when it has one. */
  id: string;
  label: string;
  value: number;
  unit: string;
  /** The same work done the simplest way, measured in the same run. */
  baseline?: { label: string; value: number; unit: string };
  /** value ÷ baseline (or as `ratioLabel` says). */
  ratio?: number;
  ratioLabel?: string;
};

export type BenchResult = {
  name: string;
  title: string;
  measuredAt: string;
  commit: string;
  machine: Machine;
  durationSeconds: number;
  /** What was run: sizes, connections, durations (env vars may scale them). */
  parameters: Record<string, string | number>;
  figures: Figure[];
  notes: string[];
};

export type ResultsFile = { updatedAt: string; benchmarks: Record<string, BenchResult> };

export function readResults(file = RESULTS_JSON): ResultsFile {
  if (!fs.existsSync(file)) return { updatedAt: '', benchmarks: {} };
  return JSON.parse(fs.readFileSync(file, 'utf8')) as ResultsFile;
}

export type Verdict =
  | { id: string; label: string; value: number; unit: string; budget: Budget; ok: boolean }
  | { id: string; label: string; budget: Budget; missing: true };

/** Every budget against the newest figure with its id. */
export function verdicts(results: ResultsFile): Verdict[] {
  const figures = new Map(Object.values(results.benchmarks).flatMap((b) => b.figures.map((f) => [f.id, f] as const)));
  return Object.entries(BUDGETS).map(([id, budget]) => {
    const f = figures.get(id);
    if (!f) return { id, label: id, budget, missing: true as const };
    return { id, label: f.label, value: f.value, unit: f.unit, budget, ok: withinBudget(f.value, budget) };
  });
}

const fmt = (v: number) => (Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2));

/** The figures of the reference run (the last full run on Node 20, kept when the runtime moved to Node 24). */
function referenceFigures(reference: ResultsFile): Map<string, Figure> {
  return new Map(Object.values(reference.benchmarks).flatMap((b) => b.figures.map((f) => [f.id, f] as const)));
}

const beside = (f: Figure | undefined) => (f ? `${fmt(f.value)} ${f.unit}` : '—');

function renderMarkdown(results: ResultsFile, reference = readResults(REFERENCE_JSON)): string {
  const before = referenceFigures(reference);
  const node20 = [...new Set(Object.values(reference.benchmarks).map((b) => b.machine.node))].join(', ');
  const benches = Object.values(results.benchmarks).sort((a, b) => ORDER.indexOf(a.name) - ORDER.indexOf(b.name));
  const lines: string[] = [
    '# Benchmark results',
    '',
    'Written by `npm run bench` (bench/run.ts); `npm run bench:check` compares bench/results.json with the budgets (bench/lib/budgets.ts).',
    'Each figure is measured beside a baseline doing the same work the simplest way, in the same run, so the ratio',
    'still means something on a busy machine. Timings from a shared 2-core machine are noisy: read the ratios first.',
    `The column "${node20 || 'Node 20'}" is the same figure from the last full run before the move to Node 24 ` +
      '(bench/results-node20.json, kept as it was measured; decision 028).',
    '',
    '## Budgets',
    '',
    `| Budget | Value | ${node20 || 'Node 20'} | Limit | Verdict |`,
    '| --- | --- | --- | --- | --- |',
    ...verdicts(results).map((v) =>
      'missing' in v
        ? `| ${v.label} | not measured | ${beside(before.get(v.id))} | ${budgetText(v.budget)} | — |`
        : `| ${v.label} | ${fmt(v.value)} ${v.unit} | ${beside(before.get(v.id))} | ${budgetText(v.budget)} | ` +
          `${v.ok ? 'ok' : '**over**'} |`,
    ),
    '',
  ];
  for (const b of benches) {
    const m = b.machine;
    const was = reference.benchmarks[b.name];
    lines.push(
      `## ${b.title}`,
      '',
      `Measured ${b.measuredAt} at commit \`${b.commit}\` on ${m.cpu}, ${m.cores} cores, ${m.ramGiB} GiB RAM, ` +
        `Node ${m.node} (${m.platform}); load average ${m.loadAverage} at the start; ` +
        `took ${Math.round(b.durationSeconds)} s.` +
        (was
          ? ` Beside it, the ${was.machine.node} run of ${was.measuredAt.slice(0, 10)} at \`${was.commit.slice(0, 7)}\` ` +
            `on ${was.machine.cpu} (load average ${was.machine.loadAverage})` +
            (was.machine.cpu === m.cpu ? '.' : ': another processor, so compare the ratios, not the values.')
          : ''),
      '',
      `Parameters: ${Object.entries(b.parameters)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ')}`,
      '',
      `| Figure | Value | Baseline | Ratio | ${was?.machine.node ?? 'Node 20'}: value (ratio) | Budget |`,
      '| --- | --- | --- | --- | --- | --- |',
      ...b.figures.map((f) => {
        const budget = BUDGETS[f.id];
        const verdict = budget ? `${budgetText(budget)}: ${withinBudget(f.value, budget) ? 'ok' : '**over**'}` : '';
        const baseline = f.baseline ? `${fmt(f.baseline.value)} ${f.baseline.unit} (${f.baseline.label})` : '';
        const ratio = f.ratio !== undefined ? `${fmt(f.ratio)}${f.ratioLabel ? ` ${f.ratioLabel}` : ''}` : '';
        const old = before.get(f.id);
        const then = old ? `${beside(old)}${old.ratio !== undefined ? ` (${fmt(old.ratio)})` : ''}` : '—';
        return `| ${f.label} | ${fmt(f.value)} ${f.unit} | ${baseline} | ${ratio} | ${then} | ${verdict} |`;
      }),
      '',
      ...b.notes.map((n) => `- ${n}`),
      '',
    );
  }
  lines.push('## About this suite', '', ...SUITE_NOTES.map((n) => `- ${n}`), '');
  return `${lines.join('\n').trimEnd()}\n`;
}

const SUITE_NOTES = [
  'Run: `npm run bench` (all, in order, one at a time), ' +
    '`npm run bench -- sign-in web-bundle` (some; the others keep their newest result), ' +
    '`npm run bench:check` (budgets from results.json; exits 1 when one is over), ' +
    '`npm run bench:bundle -w bench` (the timing-free /login bundle check from apps/web/dist, for CI). ' +
    'bench/README.md lists the env vars that scale each benchmark.',
  "Every benchmark uses the server's own code: the importer, search service, migrations and seeds in-process " +
    '(address search), or the production bundle apps/server/dist/main.js as a separate process ' +
    'on a fresh SQLite database in a temp directory (the rest), and for api-throughput-pg two such processes ' +
    'on a fresh PostgreSQL database (BENCH_DATABASE_URL), dropped afterwards.',
  "Timings come from a 2-core machine shared with other work (see each section's load average); " +
    'each figure is measured beside its baseline in the same run so the ratio carries over, ' +
    'but the budgets are absolute and judged on the value.',
];

export const ORDER = [
  'address-search',
  'upload-memory',
  'tus-upload',
  'api-throughput',
  'api-throughput-pg',
  'sign-in',
  'web-bundle',
  'lighthouse',
  'pdf',
  'decoders',
];

/** Merges one run's results into results.json (other benchmarks keep their newest result) and rewrites RESULTS.md. */
export function saveResults(fresh: BenchResult[]): ResultsFile {
  const results = readResults();
  for (const r of fresh) results.benchmarks[r.name] = r;
  results.updatedAt = new Date().toISOString();
  fs.writeFileSync(RESULTS_JSON, `${JSON.stringify(results, null, 2)}\n`);
  fs.writeFileSync(RESULTS_MD, renderMarkdown(results));
  return results;
}
