/**
 * One writer per table (STYLE rule 13): each table is inserted into, updated and deleted from by
 * one file, its owner; any other module, the clean-up and the workers call that owner. This scans
 * the server's source for every write (Kysely's insertInto, updateTable, deleteFrom, and raw SQL)
 * and fails when a table is written anywhere else. docs/architecture.md ("Who writes each table")
 * shows the same map, and is checked against it here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC = path.join(SERVER_DIR, 'src');

/** Each table and the file (under apps/server/src) that owns its writes; null: only triggers write it. */
const OWNERS: Record<string, string | null> = {
  accounts: 'modules/account/repository.ts',
  claimants: 'modules/account/claimant-repository.ts',
  claims: 'modules/claim/repository.ts',
  sessions: 'modules/session/repository.ts',
  access_codes: 'modules/access-code/repository.ts',
  code_guesses: 'modules/access-code/repository.ts',
  secure_tokens: 'modules/access-code/repository.ts',
  reset_tokens: 'modules/registration/repository.ts',
  known_devices: 'modules/device/repository.ts',
  login_throttle: 'plugins/throttle-store.ts',
  rate_limits: 'plugins/rate-limit-store.ts',
  audit_events: 'modules/audit/repository.ts',
  helper_grants: 'modules/helpers/repository.ts',
  page_views: 'modules/analytics/repository.ts',
  forms: 'modules/forms/repository.ts',
  files: 'modules/uploads/repository.ts',
  resumable_uploads: 'modules/uploads/resumable-repository.ts',
  sent_items: 'modules/submissions/repository.ts',
  details_requests: 'modules/submissions/repository.ts',
  inbox_messages: 'modules/inbox/repository.ts',
  inbox_counts: null,
  payments: 'modules/payments/repository.ts',
  payment_settles: 'modules/payments/repository.ts',
  decisions: 'modules/payments/decisions-repository.ts',
  content_documents: 'modules/content/repository.ts',
  services: 'modules/content/repository.ts',
  dropdown_items: 'modules/reference/repository.ts',
  maintenance_messages: 'modules/reference/repository.ts',
  survey_questions: 'modules/survey/repository.ts',
  survey_sessions: 'modules/survey/repository.ts',
  survey_assessments: 'modules/survey/repository.ts',
  notifications: 'notify/outbox.ts',
  dev_mailbox: 'notify/transports.ts',
  provider_outbox: 'modules/provider/outbox.ts',
  provider_delivery_attempts: 'modules/provider/outbox.ts',
  provider_api_keys: 'modules/provider/keys.ts',
  provider_idempotency: 'modules/provider/idempotency.ts',
  passkeys: 'modules/security/repository.ts',
  authenticators: 'modules/security/repository.ts',
  recovery_codes: 'modules/security/repository.ts',
  webauthn_challenges: 'modules/security/repository.ts',
  addresses: 'db/import/gnaf-core.ts',
  localities: 'db/import/localities.ts',
  bsb_directory: 'db/import/bsb.ts',
  bank_institutions: 'db/import/bsb.ts',
};

/** Beside the owners, these may write any table: migrations, the demo and reference seeds, the importers. */
const ALLOWED = ['db/migrations/', 'db/seed/', 'db/import/'];

/**
 * Writes whose table is not written out in the code. Key rotation re-seals one sealed column of
 * five tables, compared and set, and never touches another field (decision 021).
 */
const DYNAMIC_ALLOWED = ['modules/keys/service.ts'];

type Write = { file: string; line: number; table: string | null; text: string };

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const lineAt = (source: string, index: number) => source.slice(0, index).split('\n').length;

/** Every write in one file: its table, or null when the table is an expression. */
function writesIn(file: string, source: string): Write[] {
  const writes: Write[] = [];
  const kysely = /\.(insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*([^),]*)/g;
  for (const m of source.matchAll(kysely)) {
    const literal = /^['"`]([a-z_]+)(?:\s+as\s+\w+)?['"`]$/.exec((m[2] ?? '').trim());
    writes.push({ file, line: lineAt(source, m.index), table: literal?.[1] ?? null, text: m[0] });
  }
  // Raw SQL, in sql`…` templates only (a comment may well say "update" or "delete from").
  for (const t of source.matchAll(/\bsql(?:<[^>]*>)?`([^`]*)`/g)) {
    const body = t[1] ?? '';
    const raw = /\b(?:insert\s+into|delete\s+from)\s+("?[a-z_]+"?|\$\{)|\bupdate\s+("?[a-z_]+"?|\$\{[^}]*\})\s+set\b/gi;
    for (const m of body.matchAll(raw)) {
      const name = (m[1] ?? m[2] ?? '').replace(/"/g, '');
      const table = name.startsWith('${') ? null : name.toLowerCase();
      writes.push({ file, line: lineAt(source, t.index + 4 + m.index), table, text: m[0] });
    }
  }
  return writes;
}

const WRITES = sourceFiles(SRC).flatMap((full) =>
  writesIn(path.relative(SRC, full).split(path.sep).join('/'), fs.readFileSync(full, 'utf8')),
);
const allowed = (file: string) => ALLOWED.some((prefix) => file.startsWith(prefix));
const where = (w: Write) => `${w.file}:${w.line} ${w.text}`;

describe('one writer per table', () => {
  it('finds the writes it is looking for (the scan is not blind)', () => {
    expect(WRITES.length).toBeGreaterThan(50);
    for (const [table, owner] of Object.entries(OWNERS))
      if (owner)
        expect(
          WRITES.some((w) => w.table === table && w.file === owner),
          `${table} in ${owner}`,
        ).toBe(true);
  });

  it('writes each table only from its owner (or a migration, seed or importer)', () => {
    const strangers = WRITES.filter((w) => w.table !== null && OWNERS[w.table] !== w.file && !allowed(w.file));
    expect(strangers.map((w) => `${where(w)} (owner: ${OWNERS[w.table as string] ?? 'none'})`)).toEqual([]);
  });

  it('names the table of every write, but for the few writes allowed to leave it to an expression', () => {
    const unnamed = WRITES.filter((w) => w.table === null && !DYNAMIC_ALLOWED.includes(w.file) && !allowed(w.file));
    expect(unnamed.map(where)).toEqual([]);
  });

  it('gives every table of the schema an owner, and every owner file exists', () => {
    const schema = fs.readFileSync(path.join(SRC, 'db/schema.ts'), 'utf8');
    const block = /export type Database = \{([^}]*)\}/.exec(schema)?.[1] ?? '';
    const tables = [...block.matchAll(/^\s*([a-z_]+):/gm)].map((m) => m[1]);
    expect(tables.length).toBeGreaterThan(20);
    expect([...tables].sort()).toEqual(Object.keys(OWNERS).sort());
    for (const owner of new Set(Object.values(OWNERS)))
      if (owner) expect(fs.existsSync(path.join(SRC, owner)), owner).toBe(true);
  });

  it('is the map docs/architecture.md shows', () => {
    const docs = fs.readFileSync(path.join(SERVER_DIR, '../../docs/architecture.md'), 'utf8');
    const section = docs.split('## Who writes each table')[1]?.split('\n## ')[0] ?? '';
    const shown: Record<string, string | null> = {};
    for (const m of section.matchAll(/^\|([^|\n]+)\|\s*([^|\n]+?)\s*\|/gm)) {
      const owner = /`([^`]+\.ts)`/.exec(m[2] ?? '')?.[1] ?? null;
      for (const t of (m[1] ?? '').matchAll(/`([a-z_]+)`/g)) shown[t[1] as string] = owner;
    }
    expect(shown).toEqual(OWNERS);
  });
});
