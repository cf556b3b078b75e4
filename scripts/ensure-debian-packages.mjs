#!/usr/bin/env node
/**
 * What the browser and scale-out tests run that comes from Debian's packages: Chromium
 * (/usr/bin/chromium, driven by playwright-core; no browser is ever downloaded) and nginx
 * (/usr/sbin/nginx, in front of two portal processes in e2e/tests/scale-out-nginx.test.ts, run
 * from a directory of its own). All present → exit 0. Some missing and running as root →
 * apt-get installs them. Otherwise → one-line hint, exit 1.
 *
 * Java (/usr/bin/java, Debian's default-jre-headless) runs the Nu Html Checker: the vnu-jar
 * package's jar, once over the pages e2e/tests/markup.test.ts renders (its own postinstall, which
 * would download a Java build, is denied in package.json's allowScripts).
 *
 * The PDF viewers and OCR the server suite draws and reads every PDF with
 * (apps/server/test/pdf-rendering.test.ts, decision 035): poppler, Ghostscript, MuPDF and
 * Tesseract with its English, Vietnamese and Arabic data. `npm run test:server` runs this first.
 *
 * Where systemd runs services, Debian starts its own nginx service (port 80, the default site)
 * after installing the package; the tests do not use it (`systemctl disable --now nginx`).
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const NEEDED = [
  { path: '/usr/bin/chromium', pkg: 'chromium' },
  { path: '/usr/sbin/nginx', pkg: 'nginx' },
  { path: '/usr/bin/java', pkg: 'default-jre-headless' },
  { path: '/usr/bin/pdftoppm', pkg: 'poppler-utils' },
  { path: '/usr/bin/gs', pkg: 'ghostscript' },
  { path: '/usr/bin/mutool', pkg: 'mupdf-tools' },
  { path: '/usr/bin/tesseract', pkg: 'tesseract-ocr' },
  { path: '/usr/share/tesseract-ocr/5/tessdata/eng.traineddata', pkg: 'tesseract-ocr-eng' },
  { path: '/usr/share/tesseract-ocr/5/tessdata/vie.traineddata', pkg: 'tesseract-ocr-vie' },
  { path: '/usr/share/tesseract-ocr/5/tessdata/ara.traineddata', pkg: 'tesseract-ocr-ara' },
];

const missing = NEEDED.filter((n) => !existsSync(n.path)).map((n) => n.pkg);
if (missing.length === 0) process.exit(0);

const install = `apt-get install -y ${missing.join(' ')}`;
if (process.getuid?.() === 0) {
  console.log(`Installing Debian's ${missing.join(' and ')} package${missing.length > 1 ? 's' : ''}.`);
  const result = spawnSync('sh', ['-c', `apt-get update && ${install}`], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error) {
    console.error(`Could not run apt-get: ${result.error.message}`);
    process.exit(1);
  }
  process.exit(result.status ?? 1);
}

console.error(`${missing.join(' and ')} missing: run 'sudo ${install}' and try again.`);
process.exit(1);
