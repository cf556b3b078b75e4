#!/usr/bin/env node
/**
 * The scale-out test (e2e/tests/scale-out-nginx.test.ts) runs Debian's nginx (/usr/sbin/nginx)
 * in front of two portal processes, from a directory of its own; nothing is ever downloaded
 * from elsewhere. Present → exit 0. Missing and running as root → apt-get install it.
 * Otherwise → one-line hint, exit 1.
 *
 * Where systemd runs services, Debian starts its own nginx service (port 80, the default site)
 * after installing the package; the test does not use it (`systemctl disable --now nginx`).
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const NGINX = '/usr/sbin/nginx';

if (existsSync(NGINX)) process.exit(0);

if (process.getuid?.() === 0) {
  console.log(`${NGINX} is missing: installing Debian's nginx package.`);
  const result = spawnSync('sh', ['-c', 'apt-get update && apt-get install -y nginx'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error) {
    console.error(`Could not run apt-get: ${result.error.message}`);
    process.exit(1);
  }
  process.exit(result.status ?? 1);
}

console.error("nginx is missing: run 'sudo apt-get install -y nginx' and try again.");
process.exit(1);
