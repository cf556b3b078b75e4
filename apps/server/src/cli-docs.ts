/**
 * The API documents, produced without starting the server (run with tsx from the repository root):
 *   api              writes docs/api.md's generated tables from the contracts (npm run docs:api)
 *   openapi [FILE]   prints the OpenAPI document /docs/openapi.json serves, or writes it to FILE
 *   lint-openapi     lints that document with Redocly's recommended rules (redocly.yaml), offline
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderApiMarkdown } from './modules/docs/api-markdown.ts';
import { buildOpenApi } from './modules/docs/openapi.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const API_MARKDOWN = path.join(ROOT, 'docs/api.md');

function lintOpenApi(): number {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-openapi-'));
  try {
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(buildOpenApi(), null, 2));
    const cli = path.join(
      path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
      'bin/cli.js',
    );
    const result = spawnSync(process.execPath, [cli, 'lint', file, '--config', path.join(ROOT, 'redocly.yaml')], {
      stdio: 'inherit',
      // No network at lint time: no usage telemetry, no new-version check.
      env: {
        ...process.env,
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
      },
    });
    return result.status ?? 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const [command, file] = process.argv.slice(2);
if (command === 'api') {
  writeFileSync(API_MARKDOWN, renderApiMarkdown(readFileSync(API_MARKDOWN, 'utf8')));
} else if (command === 'openapi') {
  const text = `${JSON.stringify(buildOpenApi(), null, 2)}\n`;
  if (file) writeFileSync(file, text);
  else process.stdout.write(text);
} else if (command === 'lint-openapi') {
  process.exitCode = lintOpenApi();
} else {
  process.stderr.write('usage: tsx apps/server/src/cli-docs.ts api | openapi [FILE] | lint-openapi\n');
  process.exitCode = 2;
}
