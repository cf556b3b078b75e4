/**
 * One Lighthouse run of one page, the way the Lighthouse CLI does it: a fresh Chromium (Debian's,
 * launched by chrome-launcher with its default flags plus ours), Lighthouse's default config — the
 * mobile preset with simulated throttling — narrowed to the performance and accessibility
 * categories. The page is opened through puppeteer-core (Lighthouse's own dependency) so a caller
 * can prepare the browser first (cookies, localStorage) and check the page afterwards; Lighthouse
 * then navigates that page itself, with its usual reset (HTTP cache, service workers, Cache Storage;
 * cookies and localStorage are kept, which is what lets a signed-in page be audited).
 */
import fs from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The machine has no internet: nothing in the background may try to reach it. */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const FLAGS: Flags = { onlyCategories: ['performance', 'accessibility'], logLevel: 'error', output: 'json' };

type FailingAudit = { id: string; title: string; elements: string[] };

export type PageRun = {
  /** 0–100, as the report shows them. */
  performance: number;
  accessibility: number;
  /** Milliseconds, except CLS (unitless) and bytes. */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  totalBytes: number;
  scriptBytes: number;
  requests: number;
  /** /sw.js is among the recorded requests (the worker's precache would then follow). */
  serviceWorkerFetched: boolean;
  finalUrl: string;
  failingAccessibility: FailingAudit[];
  /** What Lighthouse says costs the most: the LCP element, what shifted, its opportunities. */
  diagnostics: { lcpElement: string; layoutShifts: string[]; opportunities: string[] };
  warnings: string[];
  lighthouseVersion: string;
  browserVersion: string;
  benchmarkIndex: number | undefined;
};

function numeric(lhr: Result, id: string): number {
  const value = lhr.audits[id]?.numericValue;
  if (value === undefined)
    throw new Error(
      `Lighthouse gave no value for ${id}${lhr.audits[id]?.errorMessage ? `: ${lhr.audits[id]?.errorMessage}` : ''}`,
    );
  return value;
}

function score(lhr: Result, category: string): number {
  const s = lhr.categories[category]?.score;
  if (s === null || s === undefined) throw new Error(`Lighthouse gave no ${category} score`);
  return Math.round(s * 100);
}

type NodeItem = { selector?: string; snippet?: string; nodeLabel?: string; explanation?: string };

/** Each failing, scored accessibility audit with the elements it names (selector, markup, why). */
function failingAccessibility(lhr: Result): FailingAudit[] {
  const refs = lhr.categories.accessibility?.auditRefs ?? [];
  const out: FailingAudit[] = [];
  for (const ref of refs) {
    const audit = lhr.audits[ref.id];
    if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
    const details = audit.details as { items?: { node?: NodeItem }[] } | undefined;
    const elements = (details?.items ?? [])
      .map((item) => item.node)
      .filter((n): n is NodeItem => n !== undefined)
      .map((n) =>
        [n.selector, n.snippet, n.explanation?.split('\n').slice(0, 2).join(' ')].filter(Boolean).join(' — '),
      );
    out.push({ id: ref.id, title: audit.title, elements });
  }
  return out;
}

const describe = (n: NodeItem) =>
  `${n.selector ?? n.snippet ?? '?'}${n.nodeLabel ? ` ("${n.nodeLabel.replace(/\s+/g, ' ').slice(0, 60)}")` : ''}`;

function diagnostics(lhr: Result): PageRun['diagnostics'] {
  type Table = {
    type?: string;
    items?: { node?: NodeItem; score?: number; type?: string; items?: unknown[] }[];
    overallSavingsMs?: number;
    overallSavingsBytes?: number;
  };
  const lcpTable = (lhr.audits['largest-contentful-paint-element']?.details as Table | undefined)?.items?.[0] as
    Table | undefined;
  const lcpNode = lcpTable?.items?.[0] as { node?: NodeItem } | undefined;
  const shifts = (lhr.audits['layout-shifts']?.details as Table | undefined)?.items ?? [];
  const opportunities = (lhr.categories.performance?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (a) =>
        a &&
        a.score !== null &&
        a.score < 0.9 &&
        (a.details as Table | undefined)?.type === 'opportunity' &&
        a.displayValue,
    )
    .map((a) => ({
      text: `${a?.id} (${a?.displayValue})`,
      ms: (a?.details as Table).overallSavingsMs ?? 0,
      bytes: (a?.details as Table).overallSavingsBytes ?? 0,
    }))
    .filter((o) => o.ms > 0 || o.bytes > 0)
    .sort((x, y) => y.ms - x.ms || y.bytes - x.bytes)
    .map((o) => o.text);
  return {
    lcpElement: lcpNode?.node ? describe(lcpNode.node) : 'none named',
    layoutShifts: shifts
      .filter((i) => i.node)
      .map((i) => `${describe(i.node as NodeItem)} ${(i.score ?? 0).toFixed(3)}`),
    opportunities,
  };
}

/** Bytes of scripts from the network-requests audit (what Chromium transferred). */
function scriptBytes(lhr: Result): { script: number; requests: number; serviceWorker: boolean } {
  const items =
    (
      lhr.audits['network-requests']?.details as
        { items?: { url?: string; resourceType?: string; transferSize?: number }[] } | undefined
    )?.items ?? [];
  return {
    script: items.filter((i) => i.resourceType === 'Script').reduce((s, i) => s + (i.transferSize ?? 0), 0),
    requests: items.length,
    serviceWorker: items.some((i) => i.url?.endsWith('/sw.js')),
  };
}

/**
 * Launches Chromium, lets `prepare` set up the page, runs Lighthouse on `url`, lets `check` look
 * at the page it left (throw to fail), and closes Chromium whatever happens.
 */
export async function auditPage(url: string, hooks: Parameters<typeof auditOnce>[1] = {}): Promise<PageRun> {
  try {
    return await auditOnce(url, hooks);
  } catch (e) {
    // Lighthouse sometimes loses the trace of a load (NO_NAVSTART, NO_FCP): one fresh try.
    if (!(e instanceof Error && /NO_NAVSTART|NO_FCP|NO_TRACING_STARTED/.test(e.message))) throw e;
    console.warn(`${e.message}; trying once more`);
    return auditOnce(url, hooks);
  }
}

async function auditOnce(
  url: string,
  hooks: {
    prepare?: (page: Page) => Promise<void>;
    check?: (page: Page, lhr: Result) => Promise<void>;
    reportFile?: string;
  } = {},
): Promise<PageRun> {
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
  let browser: Awaited<ReturnType<typeof puppeteer.connect>> | undefined;
  try {
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const page = await browser.newPage();
    if (hooks.prepare) await hooks.prepare(page);
    const result = await lighthouse(url, FLAGS, undefined, page);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const lhr = result.lhr;
    if (hooks.reportFile)
      fs.writeFileSync(hooks.reportFile, Array.isArray(result.report) ? result.report.join('\n') : result.report);
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (hooks.check) await hooks.check(page, lhr);
    const bytes = scriptBytes(lhr);
    const browserVersion = await browser.version();
    return {
      performance: score(lhr, 'performance'),
      accessibility: score(lhr, 'accessibility'),
      fcp: numeric(lhr, 'first-contentful-paint'),
      lcp: numeric(lhr, 'largest-contentful-paint'),
      tbt: numeric(lhr, 'total-blocking-time'),
      cls: numeric(lhr, 'cumulative-layout-shift'),
      speedIndex: numeric(lhr, 'speed-index'),
      totalBytes: numeric(lhr, 'total-byte-weight'),
      scriptBytes: bytes.script,
      requests: bytes.requests,
      serviceWorkerFetched: bytes.serviceWorker,
      finalUrl: lhr.finalDisplayedUrl,
      failingAccessibility: failingAccessibility(lhr),
      diagnostics: diagnostics(lhr),
      warnings: lhr.runWarnings.map(String),
      lighthouseVersion: lhr.lighthouseVersion,
      browserVersion,
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    await browser?.disconnect().catch(() => undefined);
    chrome.kill();
  }
}

/** Failing accessibility audits of all runs of a page, each audit once with every element named. */
export function failingAudits(runs: PageRun[]): string[] {
  const byId = new Map<string, { title: string; elements: Set<string>; runs: number }>();
  for (const r of runs) {
    for (const a of r.failingAccessibility) {
      const entry = byId.get(a.id) ?? { title: a.title, elements: new Set<string>(), runs: 0 };
      entry.runs += 1;
      for (const e of a.elements) entry.elements.add(e);
      byId.set(a.id, entry);
    }
  }
  return [...byId].map(
    ([id, a]) =>
      `\`${id}\` (${a.title}; in ${a.runs} of ${runs.length} runs): ` +
      ([...a.elements].map((e) => `\`${e.replace(/`/g, "'").replace(/\s+/g, ' ').slice(0, 300)}\``).join('; ') ||
        'no element named'),
  );
}
