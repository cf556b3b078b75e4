/**
 * Vitest globalSetup for the e2e project. The suite drives the BUILT app (the server serves the
 * web app's dist), so both builds must exist; `npm run test:e2e` builds them first.
 *
 * The web build is copied to a snapshot for the run, so a rebuild of apps/web while the suite
 * runs (a developer's watch build, another terminal) cannot swap the files under a test.
 */
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH, REPO_ROOT, SERVER_ENTRY, WEB_DIST, WEB_INDEX } from './support/paths.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The snapshot of apps/web/dist the servers of this run serve. */
    webDist: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const missing = [WEB_INDEX, SERVER_ENTRY].filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `The e2e tests need the built app, but ${missing.map((f) => path.relative(REPO_ROOT, f)).join(' and ')} ` +
        `${missing.length === 1 ? 'is' : 'are'} missing. Run \`npm run build\` first (\`npm run test:e2e\` does).`,
    );
  }
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `${CHROMIUM_PATH} is missing. Run \`node scripts/ensure-debian-packages.mjs\` (\`npm run test:e2e\` does).`,
    );
  }
  const snapshot = await mkdtemp(path.join(os.tmpdir(), 'portal-e2e-web-'));
  await cp(WEB_DIST, snapshot, { recursive: true });
  if (!existsSync(path.join(snapshot, 'index.html'))) {
    throw new Error(
      `Copying ${path.relative(REPO_ROOT, WEB_DIST)} failed (was it being rebuilt?). Run \`npm run build\` and try again.`,
    );
  }
  project.provide('webDist', snapshot);
  return async () => {
    await rm(snapshot, { recursive: true, force: true });
  };
}
