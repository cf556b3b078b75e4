// The size rules of STYLE.md (rule 18): a product file holds at most 300 lines and a function (React
// components included) at most 100. Lines are counted as written, blank lines and comments included,
// the way `wc -l` and a reviewer count them, so the figure in an error is the figure in the editor.
// Files that were over a limit when the rule came in are held at their size by scripts/lint-baseline.json:
// each may shrink, none may grow, and a file or function not listed there gets the plain limit.
// `node scripts/lint-baseline.mjs` rewrites the baseline from today's sources (lower figures only).
import fs from 'node:fs';

export const MAX_LINES = 300;
export const MAX_FUNCTION_LINES = 100;

export const PRODUCT_SOURCES = ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'];
/** Migrations and seed/demo content are data written as code: long by nature, read rarely. */
export const NOT_PRODUCT = ['apps/server/src/db/migrations/**', 'apps/server/src/db/seed/**'];

export const maxLines = (max) => ['error', { max, skipBlankLines: false, skipComments: false }];
export const maxFunctionLines = (max) => ['error', { max, skipBlankLines: false, skipComments: false, IIFEs: true }];

export const BASELINE_PATH = new URL('./lint-baseline.json', import.meta.url);

/** @returns {Record<string, { lines?: number; functionLines?: number }>} */
export function readBaseline() {
  return fs.existsSync(BASELINE_PATH) ? JSON.parse(fs.readFileSync(BASELINE_PATH, 'utf8')).files : {};
}

/** The ESLint config blocks: the plain limits for product sources, then one held figure per listed file. */
export function sizeRuleConfigs(baseline = readBaseline()) {
  return [
    {
      files: PRODUCT_SOURCES,
      ignores: NOT_PRODUCT,
      rules: { 'max-lines': maxLines(MAX_LINES), 'max-lines-per-function': maxFunctionLines(MAX_FUNCTION_LINES) },
    },
    ...Object.entries(baseline).map(([file, held]) => ({
      files: [file],
      ignores: NOT_PRODUCT,
      rules: {
        ...(held.lines ? { 'max-lines': maxLines(held.lines) } : {}),
        ...(held.functionLines ? { 'max-lines-per-function': maxFunctionLines(held.functionLines) } : {}),
      },
    })),
  ];
}
