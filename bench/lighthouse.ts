/**
 * Lighthouse: the performance and accessibility scores of /login and every signed-in page (/claim,
 * /inbox, /payments, /sentitems, /account, /submitdocuments, /reimbursementform) on
 * Lighthouse's mobile preset (its default config: a mid-range phone's screen, simulated slow 4G and
 * 4× CPU slowdown), from the production server bundle serving the built web app, in Debian's
 * Chromium. The signed-in pages are audited as a demo claimant with a claim selected. Each page is
 * run LIGHTHOUSE_RUNS times (the runs of the pages interleaved, each in a fresh Chromium); the
 * figures are medians. Baseline: the same Lighthouse run on a minimal static HTML page served by
 * the same server — what the machine and the throttling cost before the app adds anything.
 *
 * WEB_DIST names the build to serve (apps/web/dist by default, built into a scratch directory
 * when missing); it is copied into a scratch directory with the baseline page beside it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { envNumber, isMain, log, scratchDir, startBench } from './lib/bench.ts';
import { CHROMIUM, CHROMIUM_FLAGS, auditPage, failingAudits, type PageRun } from './lib/lighthouse-audit.ts';
import { REPO_ROOT, SERVER_MAIN, WEB_DIR } from './lib/paths.ts';
import type { BenchResult, Figure } from './lib/results.ts';
import {
  BASELINE_FILE,
  BASELINE_HTML,
  CLAIMANT,
  CURRENT_USER_KEY,
  PAGE_KEYS,
  targets,
  type Target,
} from './lib/lighthouse-pages.ts';
import { prepareDatabase, startServer } from './lib/server.ts';
import { median, round } from './lib/stats.ts';

const NAME = 'lighthouse';
/** The web build to serve, copied into `dir` with the baseline page beside it. */
function prepareWeb(dir: string): { webDir: string; source: string } {
  const webDir = path.join(dir, 'web');
  let source: string;
  if (process.env.WEB_DIST) {
    source = `WEB_DIST=${process.env.WEB_DIST}`;
    fs.cpSync(process.env.WEB_DIST, webDir, { recursive: true });
  } else if (fs.existsSync(path.join(WEB_DIR, 'dist/index.html'))) {
    source = 'apps/web/dist as found';
    fs.cpSync(path.join(WEB_DIR, 'dist'), webDir, { recursive: true });
  } else {
    source = 'built by the benchmark from apps/web (vite build into a scratch directory)';
    log(NAME, `apps/web/dist is missing: building the web app into ${webDir}`);
    execFileSync(
      path.join(REPO_ROOT, 'node_modules/.bin/vite'),
      ['build', '--outDir', webDir, '--emptyOutDir', '--logLevel', 'warn'],
      { cwd: WEB_DIR, stdio: 'inherit' },
    );
  }
  if (!fs.existsSync(path.join(webDir, 'index.html'))) throw new Error(`${source}: no index.html`);
  fs.writeFileSync(path.join(webDir, BASELINE_FILE), BASELINE_HTML);
  return { webDir, source };
}

/** What the server answers a browser that accepts compression: the Content-Encoding of the page and of its first script. */
async function compressionOf(origin: string): Promise<string> {
  const headers = { 'accept-encoding': 'gzip, deflate, br' };
  const page = await fetch(`${origin}/login`, { headers });
  const script = /<script[^>]*\ssrc="([^"]+)"/.exec(await page.text())?.[1];
  const js = script ? await fetch(new URL(script, origin), { headers }) : undefined;
  if (js) await js.arrayBuffer();
  const encoding = (r: Response | undefined) => r?.headers.get('content-encoding') ?? 'none';
  return `Content-Encoding of /login ${encoding(page)}, of ${script ?? 'its script'} ${encoding(js)}`;
}

const KB = 1000;
const med = (runs: PageRun[], pick: (r: PageRun) => number) => median(runs.map(pick));

export async function run(): Promise<BenchResult> {
  const finish = startBench(NAME, 'Lighthouse: /login and the signed-in pages (mobile preset)');
  // Five: Lighthouse's own advice on variability is the median of five runs; with three, one run
  // whose Total Blocking Time the shared machine inflated moved the median by several points.
  const runs = envNumber('LIGHTHOUSE_RUNS', 5);
  if (!fs.existsSync(CHROMIUM))
    throw new Error(
      `${CHROMIUM} is missing: run node scripts/ensure-debian-packages.mjs (Debian's chromium package) or set CHROMIUM_PATH`,
    );
  const scratch = scratchDir(NAME);
  try {
    const { webDir, source } = prepareWeb(scratch.dir);
    await prepareDatabase(scratch.dir);
    const server = await startServer({ dataDir: scratch.dir, env: { WEB_DIST: webDir } });
    const results = Object.fromEntries(['baseline', ...PAGE_KEYS].map((k) => [k, [] as PageRun[]])) as Record<
      Target['key'],
      PageRun[]
    >;
    const seconds: number[] = [];
    let compression: string;
    try {
      compression = await compressionOf(server.url);
      const pages = targets(server.url);
      // Interleaved (baseline, /login, /claim, /inbox, …, baseline, …): a busy spell on the machine lands on every page alike.
      for (let i = 0; i < runs; i++) {
        for (const t of pages) {
          const started = Date.now();
          const reportFile = path.join(scratch.dir, `lighthouse-${t.key}-${i + 1}.json`);
          const r = await auditPage(`${server.url}${t.path}`, {
            ...(t.prepare ? { prepare: t.prepare } : {}),
            ...(t.check ? { check: t.check } : {}),
            reportFile,
          });
          seconds.push((Date.now() - started) / 1000);
          results[t.key].push(r);
          log(
            NAME,
            `run ${i + 1}/${runs} ${t.path}: performance ${r.performance}, accessibility ${r.accessibility}, ` +
              `FCP ${Math.round(r.fcp)} ms, LCP ${Math.round(r.lcp)} ms, TBT ${Math.round(r.tbt)} ms, ` +
              `CLS ${round(r.cls, 3)}, ${Math.round(r.totalBytes / KB)} KB` +
              (r.failingAccessibility.length ? `; failing: ${r.failingAccessibility.map((a) => a.id).join(', ')}` : ''),
          );
        }
      }
    } finally {
      await server.stop();
    }

    const base = results.baseline;
    const figures: Figure[] = [];
    for (const key of PAGE_KEYS) {
      const r = results[key];
      const page = `/${key}`;
      const baselineOf = (label: string, pick: (x: PageRun) => number, unit: string, digits = 0) => ({
        label: `static page ${label}`,
        value: round(med(base, pick), digits),
        unit,
      });
      figures.push(
        {
          id: `${NAME}.${key}-performance`,
          label: `${page} Lighthouse performance (median)`,
          value: med(r, (x) => x.performance),
          unit: '/100',
          baseline: baselineOf('performance', (x) => x.performance, '/100'),
        },
        // Accessibility: the lowest run, so a failure in any run shows (the audits hardly vary).
        {
          id: `${NAME}.${key}-accessibility`,
          label: `${page} Lighthouse accessibility (lowest run)`,
          value: Math.min(...r.map((x) => x.accessibility)),
          unit: '/100',
          baseline: {
            label: 'static page accessibility',
            value: Math.min(...base.map((x) => x.accessibility)),
            unit: '/100',
          },
        },
        {
          id: `${NAME}.${key}-fcp`,
          label: `${page} First Contentful Paint`,
          value: round(
            med(r, (x) => x.fcp),
            0,
          ),
          unit: 'ms',
          baseline: baselineOf('FCP', (x) => x.fcp, 'ms'),
          ratio: round(med(r, (x) => x.fcp) / med(base, (x) => x.fcp), 1),
          ratioLabel: '× static',
        },
        {
          id: `${NAME}.${key}-lcp`,
          label: `${page} Largest Contentful Paint`,
          value: round(
            med(r, (x) => x.lcp),
            0,
          ),
          unit: 'ms',
          baseline: baselineOf('LCP', (x) => x.lcp, 'ms'),
          ratio: round(med(r, (x) => x.lcp) / med(base, (x) => x.lcp), 1),
          ratioLabel: '× static',
        },
        {
          id: `${NAME}.${key}-tbt`,
          label: `${page} Total Blocking Time`,
          value: round(
            med(r, (x) => x.tbt),
            0,
          ),
          unit: 'ms',
          baseline: baselineOf('TBT', (x) => x.tbt, 'ms'),
        },
        {
          id: `${NAME}.${key}-cls`,
          label: `${page} Cumulative Layout Shift`,
          value: round(
            med(r, (x) => x.cls),
            3,
          ),
          unit: '',
          baseline: baselineOf('CLS', (x) => x.cls, '', 3),
        },
        {
          id: `${NAME}.${key}-bytes`,
          label: `${page} total byte weight (as transferred)`,
          value: round(med(r, (x) => x.totalBytes) / KB, 1),
          unit: 'KB',
          baseline: baselineOf('total byte weight', (x) => x.totalBytes / KB, 'KB', 1),
        },
        {
          id: `${NAME}.${key}-script-bytes`,
          label: `${page} JavaScript transferred`,
          value: round(med(r, (x) => x.scriptBytes) / KB, 1),
          unit: 'KB',
        },
      );
    }

    const first = results.login[0] as PageRun;
    const all = PAGE_KEYS.flatMap((key) => results[key]);
    const notes: string[] = [];
    for (const key of ['baseline', ...PAGE_KEYS] as const) {
      const r = results[key];
      const label = key === 'baseline' ? `static page (/${BASELINE_FILE})` : `/${key}`;
      notes.push(
        `${label}, each run: performance ${r.map((x) => x.performance).join(', ')}; ` +
          `accessibility ${r.map((x) => x.accessibility).join(', ')}; ` +
          `LCP ${r.map((x) => Math.round(x.lcp)).join(', ')} ms; ` +
          `${Math.round(med(r, (x) => x.requests))} requests (median).`,
      );
    }
    for (const key of PAGE_KEYS) {
      const r = results[key];
      const mid = r.find((x) => x.performance === med(r, (y) => y.performance)) as PageRun;
      const d = mid.diagnostics;
      notes.push(
        `/${key}, the median run's diagnostics: LCP element ${d.lcpElement}; ` +
          `layout shifts: ${d.layoutShifts.join(', ') || 'none'}; opportunities: ${d.opportunities.join(', ') || 'none'}.`,
      );
    }
    for (const key of PAGE_KEYS) {
      const failing = failingAudits(results[key]);
      notes.push(
        failing.length
          ? `/${key} failing accessibility audits — ${failing.join(' · ')}`
          : `/${key}: no accessibility audit failed in any run.`,
      );
    }
    const baseFailing = failingAudits(base);
    if (baseFailing.length) notes.push(`Static page failing accessibility audits — ${baseFailing.join(' · ')}`);
    const warnings = [...new Set(Object.values(results).flatMap((rs) => rs.flatMap((x) => x.warnings)))];
    if (warnings.length) notes.push(`Lighthouse warnings: ${warnings.join(' ')}`);
    notes.push(
      `Lighthouse ${first.lighthouseVersion} (Node API, default config = mobile preset: Moto G Power-sized screen, ` +
        `simulated throttling of 150 ms RTT, 1.6 Mbit/s and 4× CPU slowdown; ` +
        `categories performance and accessibility only), in ${CHROMIUM} (${first.browserVersion}) ` +
        `launched by chrome-launcher with its default flags plus ${CHROMIUM_FLAGS.join(' ')}; ` +
        `a fresh browser profile for every run. ` +
        `Lighthouse's benchmark index of this machine: ${results.login.map((x) => x.benchmarkIndex ?? '?').join(', ')} ` +
        `(the 4× slowdown is applied to this machine's own CPU time; ` +
        `Lighthouse's CLI warns that a host at 1000 or below lowers the performance score). ` +
        `The JSON reports are kept with BENCH_KEEP=1.`,
      `Scores are 0–100 as in the report; every figure is the median of ${runs} runs except accessibility, ` +
        `which is the lowest; a run takes about ${Math.round(median(seconds))} s. ` +
        `The server: ${path.relative(REPO_ROOT, SERVER_MAIN)} with NODE_ENV=production ` +
        `on a fresh SQLite database with the demo data, serving ${source}. ` +
        `Asked with Accept-Encoding gzip, deflate, br, it answered: ${compression} (byte weights are as transferred). ` +
        `The service worker registers once the page is idle: /sw.js is among the requests Lighthouse recorded ` +
        `in ${all.filter((x) => x.serviceWorkerFetched).length} of ${all.length} runs of the portal's pages.`,
      `The signed-in pages: signed in through the API as ${CLAIMANT.username} with claim ${CLAIMANT.claim} selected ` +
        `(POST /api/account/login from a browser the account has verified, then /api/claim/selectclaim), ` +
        `the token given to the web app as a remembered sign-in (localStorage ${CURRENT_USER_KEY}) ` +
        `with the device and XSRF cookies set through the DevTools protocol; ` +
        `each run checks that Lighthouse ended on the page meant — /claim showing the claim home ` +
        `("What would you like to do?" and the enquiries note), each other page at its own address with its heading, ` +
        `not sent to sign in and not "Page not found" — and fails otherwise.`,
    );
    return finish(
      {
        LIGHTHOUSE_RUNS: runs,
        lighthouse: first.lighthouseVersion,
        preset: 'mobile (default config), simulated throttling',
        claimant: CLAIMANT.username,
        web: source,
      },
      figures,
      notes,
    );
  } finally {
    scratch.remove();
  }
}

if (isMain(import.meta.url)) {
  const { saveResults } = await import('./lib/results.ts');
  saveResults([await run()]);
}
