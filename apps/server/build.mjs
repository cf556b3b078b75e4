// Bundles the server (and the contracts it imports from TypeScript source) into dist/.
// Packages from node_modules stay external and are loaded by Node at run time.
import { execSync } from 'node:child_process';
import { chmodSync, readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
  .filter((name) => !name.startsWith('@portal/'))
  .flatMap((name) => [name, `${name}/*`]);

let commit = process.env.BUILD_COMMIT ?? 'unknown';
try {
  commit = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
    .toString()
    .trim();
} catch {
  // not a git checkout: keep BUILD_COMMIT or 'unknown'
}

const common = {
  // SERVER_OUTDIR: another folder beside dist/ (parallel work on one checkout); it must stay inside
  // apps/server so Node still finds node_modules from it.
  outdir: process.env.SERVER_OUTDIR ?? 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  external: [...external, 'pino-pretty'],
  define: {
    __BUILD_COMMIT__: JSON.stringify(commit),
    __BUILD_TIME__: JSON.stringify(new Date().toISOString()),
  },
  logLevel: 'warning',
};

await Promise.all([
  build({ ...common, entryPoints: ['src/main.ts', 'src/cli-migrate.ts'] }),
  // The operator CLI is the package's bin (`portal`): runnable by itself.
  build({ ...common, entryPoints: ['src/cli.ts'], banner: { js: '#!/usr/bin/env node' } }),
]);
chmodSync(new URL(`./${process.env.SERVER_OUTDIR ?? 'dist'}/cli.js`, import.meta.url), 0o755);
