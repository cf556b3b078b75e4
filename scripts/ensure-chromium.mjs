#!/usr/bin/env node
/**
 * The browser tests drive Debian's Chromium (/usr/bin/chromium); no browser is ever downloaded.
 * Present → exit 0. Missing and running as root → apt-get install it. Otherwise → one-line hint, exit 1.
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const CHROMIUM = '/usr/bin/chromium';

if (existsSync(CHROMIUM)) process.exit(0);

if (process.getuid?.() === 0) {
  console.log(`${CHROMIUM} is missing: installing Debian's chromium package.`);
  const result = spawnSync('sh', ['-c', 'apt-get update && apt-get install -y chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error) {
    console.error(`Could not run apt-get: ${result.error.message}`);
    process.exit(1);
  }
  process.exit(result.status ?? 1);
}

console.error("Chromium is missing: run 'sudo apt-get install -y chromium' and try again.");
process.exit(1);
