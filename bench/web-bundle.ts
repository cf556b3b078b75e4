/**
 * Web bundle: the JavaScript and CSS a first visit to /login downloads,
 * gzip-compressed. Two ways, in the same run: read from the build (index.html's tags, the /login
 * route chunk and what Vite preloads with it — what bench:bundle checks in CI), and recorded
 * from Chromium loading /login from the real server (the truth, including anything the shell
 * lazy-loads as it renders). Baseline: every JS file of the build (the whole app).
 *
 * WEB_DIST names the build to measure; without it apps/web/dist is used, or — when that is
 * missing — the web app is built into a scratch directory (apps/web/dist is left alone).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { isMain, log, scratchDir, startBench } from './lib/bench.ts';
import { REPO_ROOT, WEB_DIR } from './lib/paths.ts';
import type { BenchResult } from './lib/results.ts';
import { prepareDatabase, startServer } from './lib/server.ts';
import { round } from './lib/stats.ts';
import { KB, allAssets, gzipSize, loginBundleFromDist, sum, type Asset } from './lib/web-assets.ts';

const NAME = 'web-bundle';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Every JS and CSS response Chromium receives while loading /login (service workers blocked). */
async function recordInBrowser(dist: string, dataDir: string): Promise<Asset[]> {
  await prepareDatabase(dataDir);
  const server = await startServer({ dataDir, env: { WEB_DIST: dist } });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const pending: Promise<Asset | undefined>[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin !== server.url || !/\.(js|css)$/.test(url.pathname)) return;
      pending.push(
        response.body().then(
          (body) =>
            ({
              file: url.pathname.slice(1),
              kind: url.pathname.endsWith('.css') ? 'css' : 'js',
              raw: body.length,
              gzip: gzipSize(body),
              via: `chromium (${response.request().resourceType()})`,
            }) as Asset,
          () => undefined,
        ),
      );
    });
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    await page
      .getByRole('button', { name: /sign in|log in/i })
      .first()
      .waitFor({ timeout: 15_000 })
      .catch(() => undefined);
    await page.waitForTimeout(1000);
    const assets = (await Promise.all(pending)).filter((a): a is Asset => a !== undefined);
    const unique = new Map(assets.map((a) => [a.file, a]));
    return [...unique.values()];
  } finally {
    await browser.close();
    await server.stop();
  }
}

export async function run(): Promise<BenchResult> {
  const finish = startBench(NAME, 'Web bundle of a first visit to /login');
  const scratch = scratchDir(NAME);
  try {
    let dist = process.env.WEB_DIST ?? path.join(WEB_DIR, 'dist');
    let built = 'apps/web/dist as found';
    if (process.env.WEB_DIST) built = `WEB_DIST=${dist}`;
    else if (!fs.existsSync(path.join(dist, 'index.html'))) {
      dist = path.join(scratch.dir, 'web-dist');
      log(NAME, `apps/web/dist is missing: building the web app into ${dist}`);
      execFileSync(
        path.join(REPO_ROOT, 'node_modules/.bin/vite'),
        ['build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'],
        { cwd: WEB_DIR, stdio: 'inherit' },
      );
      built = 'built by the benchmark from apps/web (vite build into a scratch directory)';
    }
    const fromDist = await loginBundleFromDist(dist);
    const whole = allAssets(dist);
    const figures: BenchResult['figures'] = [];
    const notes: string[] = [];
    const jsGzip = sum(fromDist, 'js', 'gzip');
    const allJs = sum(whole, 'js', 'gzip');
    figures.push(
      {
        id: `${NAME}.login-js-gzip`,
        label: '/login JavaScript, gzip (from the build)',
        value: round(jsGzip / KB, 1),
        unit: 'KB',
        baseline: { label: 'all JavaScript of the app, gzip', value: round(allJs / KB, 1), unit: 'KB' },
        ratio: round((100 * jsGzip) / allJs, 0),
        ratioLabel: '% of the app',
      },
      {
        id: `${NAME}.login-css-gzip`,
        label: '/login CSS, gzip (from the build)',
        value: round(sum(fromDist, 'css', 'gzip') / KB, 1),
        unit: 'KB',
        baseline: { label: 'all CSS of the app, gzip', value: round(sum(whole, 'css', 'gzip') / KB, 1), unit: 'KB' },
      },
      {
        id: `${NAME}.login-js-raw`,
        label: '/login JavaScript, uncompressed',
        value: round(sum(fromDist, 'js', 'raw') / KB, 1),
        unit: 'KB',
      },
    );
    let browserNote = '';
    if (fs.existsSync(CHROMIUM) && process.env.WEB_BUNDLE_BROWSER !== '0') {
      log(NAME, 'loading /login in Chromium from the real server');
      const recorded = await recordInBrowser(dist, scratch.dir);
      const browserJs = sum(recorded, 'js', 'gzip');
      figures.push({
        id: `${NAME}.browser-js-gzip`,
        label: '/login JavaScript, gzip (recorded in Chromium)',
        value: round(browserJs / KB, 1),
        unit: 'KB',
        baseline: { label: 'read from the build', value: round(jsGzip / KB, 1), unit: 'KB' },
        ratio: round(browserJs / jsGzip),
        ratioLabel: '× from the build',
      });
      const onlyBrowser = recorded.filter((a) => !fromDist.some((d) => d.file === a.file)).map((a) => a.file);
      const onlyDist = fromDist.filter((d) => !recorded.some((a) => a.file === d.file)).map((d) => d.file);
      browserNote =
        `Chromium (${CHROMIUM}, service workers blocked so the precache is not counted) ` +
        `fetched ${recorded.length} JS/CSS files; ` +
        (onlyBrowser.length
          ? `not found from the build: ${onlyBrowser.join(', ')}`
          : 'every one was also found from the build') +
        (onlyDist.length ? `; found from the build but not fetched: ${onlyDist.join(', ')}` : '') +
        '.';
    } else {
      browserNote = `Chromium not used (${fs.existsSync(CHROMIUM) ? 'WEB_BUNDLE_BROWSER=0' : `${CHROMIUM} missing`}).`;
    }
    notes.push(
      `Files (gzip -9 bytes): ${fromDist.map((a) => `${path.posix.basename(a.file)} ${a.gzip}`).join(', ')}.`,
      browserNote,
      'Sizes are gzip level 9 of each file, KB = 1000 bytes. ' +
        'The server itself sends these files uncompressed (apps/server has no compression plugin), ' +
        'so the gzip figure holds only behind a compressing proxy or CDN.',
    );
    return finish({ build: built, login_route_module: 'src/features/auth/pages/login-page.tsx' }, figures, notes);
  } finally {
    scratch.remove();
  }
}

if (isMain(import.meta.url)) {
  const { saveResults } = await import('./lib/results.ts');
  saveResults([await run()]);
}
