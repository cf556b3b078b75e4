/**
 * Accessibility check run on every page a test visits: axe-core with the WCAG 2.0/2.1/2.2 A and
 * AA tags, and HTML_CodeSniffer's WCAG2AA (support/htmlcs.ts, what pa11y runs). Any serious or
 * critical axe violation, and any HTML_CodeSniffer error not excluded there by rule, fails the
 * test with a readable summary; axe's minor and moderate ones are logged (and appended to
 * e2e/screenshots/axe-findings.jsonl) for the record.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { htmlcsFailure } from './htmlcs.ts';
import { SCREENSHOT_DIR } from './paths.ts';
import { settle } from './page.ts';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

function describe(v: Violation): string {
  const targets = v.nodes
    .slice(0, 3)
    .map(
      (n) =>
        `      - ${n.target.map(String).join(' >> ')}${n.failureSummary ? `\n        ${n.failureSummary.replace(/\n/g, '\n        ')}` : ''}`,
    )
    .join('\n');
  const more = v.nodes.length > 3 ? `\n      … and ${v.nodes.length - 3} more` : '';
  return `  [${v.impact ?? 'unknown'}] ${v.id}: ${v.help} (${v.nodes.length} node${v.nodes.length === 1 ? '' : 's'})\n    ${v.helpUrl}\n${targets}${more}`;
}

function record(label: string, url: string, violations: Violation[]): void {
  try {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const lines = violations.map((v) =>
      JSON.stringify({
        label,
        url,
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.length,
        targets: v.nodes.slice(0, 3).map((n) => n.target),
      }),
    );
    if (lines.length) appendFileSync(path.join(SCREENSHOT_DIR, 'axe-findings.jsonl'), `${lines.join('\n')}\n`);
  } catch {
    // Recording is a convenience; the assertion below is what counts.
  }
}

/**
 * Pages already checked in this run, by viewport and the exact DOM: the checkers' answers depend
 * only on the DOM, the styles (fixed for a run) and the viewport, so an identical page (the same
 * /login visited by many tests) is analysed once. Any difference in the markup analyses again.
 */
const alreadyChecked = new Set<string>();

async function pageSignature(page: Page): Promise<string> {
  const snapshot = await page.evaluate(() => ({
    html: document.documentElement.outerHTML,
    width: window.innerWidth,
    height: window.innerHeight,
    focused: document.activeElement?.outerHTML.slice(0, 200) ?? '',
  }));
  return createHash('sha256').update(JSON.stringify(snapshot)).digest('hex');
}

export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  await settle(page);
  const signature = await pageSignature(page);
  if (alreadyChecked.has(signature)) return;
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const url = page.url();
  record(label, url, results.violations);
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  const other = results.violations.filter((v) => !BLOCKING.has(v.impact ?? ''));
  if (other.length > 0) {
    console.log(
      `axe (${label}, ${url}): ${other.length} minor/moderate finding(s):\n${other.map(describe).join('\n')}`,
    );
  }
  const failures = [
    blocking.length > 0
      ? `axe found ${blocking.length} serious/critical accessibility violation(s) on ${label} (${url}):\n${blocking.map(describe).join('\n')}`
      : undefined,
    await htmlcsFailure(page, label),
  ].filter((failure) => failure !== undefined);
  if (failures.length > 0) throw new Error(failures.join('\n'));
  alreadyChecked.add(signature);
}
