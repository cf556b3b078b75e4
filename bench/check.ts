/**
 * `npm run bench:check`: the newest figures in results.json against the budgets (bench/lib/budgets.ts),
 * one line each (`name: value (budget …) ok|over`). Exits 1 when a budget is over or has not been
 * measured. It reads results only: run `npm run bench` first. Not part of `npm test`.
 */
import fs from 'node:fs';
import { budgetText } from './lib/budgets.ts';
import { RESULTS_JSON } from './lib/paths.ts';
import { readResults, verdicts } from './lib/results.ts';

if (!fs.existsSync(RESULTS_JSON)) {
  console.error(`${RESULTS_JSON} is missing: run npm run bench first`);
  process.exit(2);
}
const results = readResults();
let failing = 0;
for (const v of verdicts(results)) {
  if ('missing' in v) {
    failing += 1;
    console.log(`${v.id}: not measured (budget ${budgetText(v.budget)}) over`);
    continue;
  }
  if (!v.ok) failing += 1;
  const measured = Object.values(results.benchmarks).find((b) => b.figures.some((f) => f.id === v.id));
  console.log(
    `${v.id}: ${v.value} ${v.unit} (budget ${budgetText(v.budget)}) ${v.ok ? 'ok' : 'over'}` +
      (measured ? `  [${measured.measuredAt.slice(0, 10)}, ${measured.commit.slice(0, 7)}]` : ''),
  );
}
process.exit(failing ? 1 : 0);
