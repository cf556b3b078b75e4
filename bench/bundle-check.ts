/**
 * The cheap, timing-free check CI can run (`npm run bench:bundle`): the gzip size of the
 * JavaScript a first visit to /login loads, read from apps/web/dist (or WEB_DIST) without a
 * browser, against its budget. Exits 1 when over, 2 when there is no build to read.
 */
import path from 'node:path';
import { BUDGETS, budgetText, withinBudget } from './lib/budgets.ts';
import { WEB_DIR } from './lib/paths.ts';
import { KB, loginBundleFromDist, sum } from './lib/web-assets.ts';

const ID = 'web-bundle.login-js-gzip';
const dist = process.env.WEB_DIST ?? path.join(WEB_DIR, 'dist');
const budget = BUDGETS[ID];
if (!budget) throw new Error(`no budget ${ID}`);
let assets;
try {
  assets = await loginBundleFromDist(dist);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(2);
}
const value = Math.round((sum(assets, 'js', 'gzip') / KB) * 10) / 10;
const ok = withinBudget(value, budget);
for (const a of assets.filter((x) => x.kind === 'js').sort((x, y) => y.gzip - x.gzip))
  console.log(`  ${a.file.padEnd(48)} ${(a.gzip / KB).toFixed(1).padStart(7)} KB gzip`);
console.log(`${ID}: ${value} KB (budget ${budgetText(budget)}) ${ok ? 'ok' : 'over'}`);
process.exit(ok ? 0 : 1);
