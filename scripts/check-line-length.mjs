#!/usr/bin/env node
// Lists every line over 160 characters in the tracked source files (.ts, .tsx, .js, .mjs, .css)
// and exits 1 if there are any. Prettier wraps code at 120 columns but cannot break string
// literals, template literals or comments; this catches those. Tests, data and seed data (content
// seeded into the database) are left as written. Run by npm run lint; plain Node, no dependencies.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const MAX = 160;
const SOURCE = /\.(ts|tsx|js|mjs|css)$/;
const EXCLUDED = [/\/test\//, /(^|\/)e2e\/tests\//, /(^|\/)data\//, /^apps\/server\/src\/db\/seed\//];

const files = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  .split('\0')
  .filter((file) => file && SOURCE.test(file) && !EXCLUDED.some((pattern) => pattern.test(file)));

let long = 0;
for (const file of files) {
  if (!fs.existsSync(file)) continue; // deleted but not yet staged
  const lines = fs.readFileSync(file, 'utf8').split(/\r?\n/);
  lines.forEach((line, index) => {
    const length = [...line].length;
    if (length > MAX) {
      long++;
      console.error(`${file}:${index + 1}: ${length} characters`);
    }
  });
}

if (long > 0) {
  console.error(`${long} line(s) over ${MAX} characters: split long strings, template literals and comments.`);
  process.exit(1);
}
