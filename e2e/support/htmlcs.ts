/**
 * The second accessibility checker, beside axe: HTML_CodeSniffer with the WCAG2AA standard, run
 * on every page axe checks (support/axe.ts calls it), the way pa11y's own runner does it
 * (pa11y's lib/runners/htmlcs.js: inject HTMLCS.js, `HTMLCS.process('WCAG2AA', document, …)`,
 * read `HTMLCS.getMessages()`). pa11y itself is not used: it needs puppeteer, whose install
 * downloads a browser; the suite drives Debian's Chromium through playwright-core. The script is
 * the package pa11y 10 depends on (`@pa11y/html_codesniffer`), evaluated in the page through the
 * DevTools protocol as axe is, so the portal's CSP (no inline script) does not stop it.
 *
 * Errors (type 1) fail the test unless their rule is excluded below; warnings and notices
 * (types 2 and 3: things HTML_CodeSniffer asks a person to look at) are only printed, by rule.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const HTMLCS_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('@pa11y/html_codesniffer/build/HTMLCS.js'),
  'utf8',
);

const HTMLCS_STANDARD = 'WCAG2AA';

/**
 * Errors HTML_CodeSniffer reports that are not faults of the page, by rule id, each with why.
 * Nothing else is excluded: a new finding fails the test that met it.
 */
const HTMLCS_EXCLUDED: Readonly<Record<string, string>> = {};

type HtmlcsIssue = { code: string; message: string; type: number; element: string };

/** Runs HTML_CodeSniffer on the page as it is now; every message, with a short view of its element. */
async function runHtmlcs(page: Page): Promise<HtmlcsIssue[]> {
  return page.evaluate(`${HTMLCS_SOURCE}
    ;new Promise((resolve, reject) => {
      const describe = (element) => {
        if (!element || element.nodeType !== 1) return element === document ? 'document' : '(no element)';
        const html = element.outerHTML.replace(/\\s+/g, ' ');
        return html.length > 240 ? html.slice(0, 240) + '…' : html;
      };
      window.HTMLCS.process(${JSON.stringify(HTMLCS_STANDARD)}, window.document, (error) => {
        if (error) return reject(error);
        resolve(window.HTMLCS.getMessages().map((m) => ({
          code: m.code, message: m.msg, type: m.type, element: describe(m.element),
        })));
      });
    })`) as Promise<HtmlcsIssue[]>;
}

function describe(issues: HtmlcsIssue[]): string {
  const byCode = new Map<string, HtmlcsIssue[]>();
  for (const issue of issues) byCode.set(issue.code, [...(byCode.get(issue.code) ?? []), issue]);
  return [...byCode.entries()]
    .map(([code, list]) => {
      const shown = list
        .slice(0, 3)
        .map((i) => `      - ${i.element}`)
        .join('\n');
      const more = list.length > 3 ? `\n      … and ${list.length - 3} more` : '';
      return `  ${code} (${list.length}): ${list[0]?.message ?? ''}\n${shown}${more}`;
    })
    .join('\n');
}

function countByCode(issues: HtmlcsIssue[]): string {
  const counts = new Map<string, number>();
  for (const issue of issues) counts.set(issue.code, (counts.get(issue.code) ?? 0) + 1);
  return [...counts.entries()].map(([code, n]) => `${code} ×${n}`).join(', ');
}

/**
 * HTML_CodeSniffer's errors on the page, less the excluded rules: a readable failure text, or
 * undefined when there are none. Warnings are printed by rule (notices, HTML_CodeSniffer's
 * reminders to check by hand, only counted).
 */
export async function htmlcsFailure(page: Page, label: string): Promise<string | undefined> {
  const issues = await runHtmlcs(page);
  const warnings = issues.filter((i) => i.type === 2);
  const notices = issues.filter((i) => i.type === 3).length;
  if (warnings.length > 0) {
    console.log(`HTML_CodeSniffer (${label}): ${notices} notices; warnings: ${countByCode(warnings)}`);
  }
  const errors = issues.filter((i) => i.type === 1 && !(i.code in HTMLCS_EXCLUDED));
  if (errors.length === 0) return undefined;
  return `HTML_CodeSniffer (${HTMLCS_STANDARD}) found ${errors.length} error(s) on ${label} (${page.url()}):\n${describe(errors)}`;
}
