/** Small page helpers: settling, screenshots, layout checks. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { inflightRequests } from './browser.ts';
import { SCREENSHOT_DIR } from './paths.ts';

const QUIET_MS = 150;
const QUIET_MAX_MS = 5_000;

/** Waits until no request of this page has been in flight for QUIET_MS (at most QUIET_MAX_MS). */
async function networkQuiet(page: Page): Promise<void> {
  const deadline = Date.now() + QUIET_MAX_MS;
  let quietSince = inflightRequests(page) === 0 ? Date.now() : 0;
  while (Date.now() < deadline) {
    if (inflightRequests(page) > 0) quietSince = 0;
    else if (!quietSince) quietSince = Date.now();
    else if (Date.now() - quietSince >= QUIET_MS) return;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Waits until the page has loaded, the network is quiet (capped: the app may poll) and the
 * loading overlay, if any, has gone; then two animation frames so React has painted.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await networkQuiet(page);
  await page
    .waitForFunction(() => !document.querySelector('[data-testid="loading-overlay"], [aria-busy="true"]'), undefined, {
      timeout: 10_000,
    })
    .catch(() => undefined);
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * Screenshot into e2e/screenshots/<name>.png (the folder is gitignored): the full page, or just
 * the viewport (for overlays such as the side menu, which cover the viewport only).
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  await settle(page);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true });
  return file;
}

/** How far the document is wider than the viewport (0 = no horizontal scroll). */
export async function horizontalOverflow(page: Page): Promise<{ overflow: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const overflow = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - width;
    const culprits: string[] = [];
    if (overflow > 0) {
      for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
        const r = el.getBoundingClientRect();
        if (r.width > 0 && r.right > width + 1) {
          const id = el.id ? `#${el.id}` : '';
          const cls =
            typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
          culprits.push(`${el.tagName.toLowerCase()}${id}${cls} (right edge ${Math.round(r.right)} px)`);
          if (culprits.length >= 5) break;
        }
      }
    }
    return { overflow, culprits };
  });
}

/** A URL predicate for page.waitForURL that matches the pathname exactly (any query). */
export function atPath(pathname: string): (url: URL) => boolean {
  return (url: URL) => url.pathname === pathname;
}
