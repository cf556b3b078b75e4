/** Where things are: the repository, the server bundle, the web build, the reference data. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.resolve(BENCH_DIR, '..');
/** BENCH_SERVER_ENTRY (relative to the repository) points the benchmarks at another server build (apps/server SERVER_OUTDIR). */
export const SERVER_MAIN = path.resolve(REPO_ROOT, process.env.BENCH_SERVER_ENTRY || 'apps/server/dist/main.js');
export const WEB_DIR = path.join(REPO_ROOT, 'apps/web');
export const RESULTS_JSON = path.join(BENCH_DIR, 'results.json');
/** The last full run on Node 20 (2026-11-25), kept beside the Node 24 figures in RESULTS.md. */
export const REFERENCE_JSON = path.join(BENCH_DIR, 'results-node20.json');
export const RESULTS_MD = path.join(BENCH_DIR, 'RESULTS.md');

/** The public reference data (localities, BSB directory; see its README). */
export const REFERENCE_DATA_DIR = process.env.REFERENCE_DATA_DIR ?? '/work/shared/data';
