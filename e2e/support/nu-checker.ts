/**
 * The Nu Html Checker (the W3C validator's engine, the `vnu-jar` package's jar) over pages as the
 * browser rendered them. It runs once over every page given (one JVM start, a second or two),
 * on Debian's Java (/usr/bin/java, default-jre-headless; scripts/ensure-debian-packages.mjs): the
 * package's own way of finding Java may download one, so it is not used.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const JAVA_PATH = '/usr/bin/java';
const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));

export type RenderedPage = { name: string; html: string };
export type NuMessage = { page: string; type: string; message: string; line?: number; extract?: string };

type NuReport = {
  messages: { type: string; subType?: string; url?: string; message: string; lastLine?: number; extract?: string }[];
};

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(JAVA_PATH, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Every error the checker finds in these pages (warnings are left out: `--errors-only`). */
export async function nuErrors(pages: readonly RenderedPage[]): Promise<NuMessage[]> {
  if (!existsSync(JAVA_PATH)) {
    throw new Error(
      `${JAVA_PATH} is missing. Run \`node scripts/ensure-debian-packages.mjs\` (\`npm run test:e2e\` does).`,
    );
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-nu-'));
  try {
    const files = await Promise.all(
      pages.map(async (page, index) => {
        const file = path.join(dir, `${String(index).padStart(2, '0')}.html`);
        await writeFile(file, page.html, 'utf8');
        return { file, name: page.name };
      }),
    );
    const { code, stdout, stderr } = await run([
      '-jar',
      VNU_JAR,
      '--errors-only',
      '--format',
      'json',
      '--stdout',
      ...files.map((f) => f.file),
    ]);
    let report: NuReport;
    try {
      report = JSON.parse(stdout) as NuReport;
    } catch {
      throw new Error(`The Nu Html Checker did not answer (exit ${code}):\n${stderr || stdout}`);
    }
    const nameOf = (url: string | undefined) =>
      files.find((f) => url !== undefined && decodeURIComponent(url).endsWith(f.file))?.name ?? url ?? '?';
    return report.messages
      .filter((m) => m.type === 'error' || m.subType === 'fatal')
      .map((m) => ({
        page: nameOf(m.url),
        type: m.subType ?? m.type,
        message: m.message,
        ...(m.lastLine === undefined ? {} : { line: m.lastLine }),
        ...(m.extract === undefined ? {} : { extract: m.extract.replace(/\s+/g, ' ').trim() }),
      }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function describeNuErrors(errors: readonly NuMessage[]): string {
  return errors
    .map((e) => `  ${e.page}${e.line ? `:${e.line}` : ''}: ${e.message}\n      ${e.extract ?? ''}`)
    .join('\n');
}
