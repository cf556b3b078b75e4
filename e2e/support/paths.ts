import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is e2e/support/paths.ts). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The built web app; E2E_WEB_DIST points a run at another build (parallel work on one checkout). */
export const WEB_DIST = process.env.E2E_WEB_DIST ?? path.join(REPO_ROOT, 'apps', 'web', 'dist');
export const WEB_INDEX = path.join(WEB_DIST, 'index.html');
/** The built server; E2E_SERVER_ENTRY points a run at another build (apps/server SERVER_OUTDIR). */
export const SERVER_ENTRY = process.env.E2E_SERVER_ENTRY ?? path.join(REPO_ROOT, 'apps', 'server', 'dist', 'main.js');
export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'e2e', 'screenshots');
/** Debian's Chromium: the tests never download a browser. */
export const CHROMIUM_PATH = '/usr/bin/chromium';
