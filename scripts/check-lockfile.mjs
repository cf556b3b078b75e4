// The lockfile's own rule beside lockfile-lint (which checks the protocol and host of every
// address it finds, but passes an entry that has none): every package that npm downloads carries
// a sha512 integrity, so a changed tarball fails the install. Part of `npm run lint`.
import { readFileSync } from 'node:fs';

const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
const missing = Object.entries(lock.packages ?? {})
  .filter(([where, entry]) => where.includes('node_modules/') && !entry.link)
  .filter(([, entry]) => !String(entry.integrity ?? '').startsWith('sha512-'))
  .map(([where, entry]) => `${where}@${entry.version}`);
if (lock.lockfileVersion !== 3 || missing.length) {
  if (lock.lockfileVersion !== 3) console.error(`package-lock.json: lockfileVersion ${lock.lockfileVersion}, want 3`);
  for (const where of missing) console.error(`  no sha512 integrity: ${where}`);
  process.exit(1);
}
