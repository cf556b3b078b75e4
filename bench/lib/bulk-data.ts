/**
 * A production-sized claimant database for the API benchmarks: CLAIMANTS claimants, each with an
 * account, a known browser and a claim, and MESSAGES inbox messages, HEAVY of them in the claim of
 * one claimant (bench.heavy@example.com, the worst inbox the benchmarks read). The rows are made
 * here once, for both writers: SQLite prepared statements (node:sqlite) in one transaction (this file,
 * about a minute for a million messages) and batched inserts on PostgreSQL (bulk-data-pg.ts).
 */
import crypto from 'node:crypto';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type {
  AccountTable,
  ClaimantTable,
  ClaimTable,
  InboxMessageTable,
  KnownDeviceTable,
  PaymentTable,
} from '../../apps/server/src/db/schema.ts';
import { dataCipher, hashPassword, sealedAt } from '../../apps/server/src/lib/crypto.ts';
import { seededRandom } from './prng.ts';
import { BENCH_KEY, DEMO_PASSWORD, KNOWN_DEVICE } from './server.ts';

export const HEAVY_USER = 'bench.heavy@example.com';
export const HEAVY_CLAIM = '50/00000';
/** The second claimant, whose claim holds LIGHT_PAYMENTS payments (HEAVY_CLAIM holds `heavyPayments`). */
export const LIGHT_USER = 'bench.1@example.com';
export const LIGHT_CLAIM = '50/00001';
export const LIGHT_PAYMENTS = 10;

export type BulkSizes = { claimants: number; messages: number; heavy: number; heavyPayments: number };

/** The columns the bulk data sets; the others keep their defaults. */
type ClaimantRow = Omit<
  ClaimantTable,
  'phone_area' | 'phone_number' | 'mobile_edit_disabled' | 'email_edit_disabled' | 'provider_ref' | 'verify_sign_in'
>;
export type BulkClaimant = {
  claimant: ClaimantRow;
  account: AccountTable;
  device: KnownDeviceTable;
  claim: ClaimTable;
};
export type BulkRow = ClaimantRow | AccountTable | KnownDeviceTable | ClaimTable | InboxMessageTable | PaymentTable;

const DAY = 86_400_000;
const SUBJECTS = [
  'Your physiotherapy has been approved',
  'Reimbursement paid',
  'We need more information',
  'Your appointment is confirmed',
  'Income support payment',
  'Update on your claim',
];
const BODY =
  'We have reviewed your request and approved it. Your provider can bill us directly; ' +
  'keep your receipts for anything you paid yourself. ' +
  'If you have any questions, send us a message from the portal or call us during business hours. ';

/** What every bulk row is made with: the shared password hash (argon2id, made once) and the instant "now". */
export type BulkContext = { now: number; passwordHash: string; encrypt: (plain: string, binding: string) => string };

export async function bulkContext(now = Date.now()): Promise<BulkContext> {
  const cipher = dataCipher(BENCH_KEY);
  return {
    now,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    encrypt: (plain, binding) => cipher.encrypt(plain, binding),
  };
}

/** The claimants in order; the first is HEAVY_USER, holding HEAVY_CLAIM. */
export function* bulkClaimants(count: number, ctx: BulkContext): Generator<BulkClaimant> {
  for (let i = 0; i < count; i++) {
    const claimantId = crypto.randomUUID();
    const address = JSON.stringify({
      ExperianSingleSelectedLine: `${i + 1} Collins Street, MELBOURNE VIC 3000`,
      AddressLine1: `${i + 1} Collins Street`,
      AddressLine2: 'MELBOURNE VIC 3000',
      AddressLine3: '',
    });
    const username = i === 0 ? HEAVY_USER : `bench.${i}@example.com`;
    const accountNumber = String(10_000_000 + i);
    const accountId = crypto.randomUUID();
    yield {
      claimant: {
        id: claimantId,
        title_id: 2,
        first_name: `Bench${i}`,
        middle_names: '',
        surname: 'Claimant',
        date_of_birth: '1980-01-01',
        email: username,
        mobile: '0412345678',
        home_address: address,
        postal_address: address,
        addresses_same: 1,
        pref_sms: 0,
        pref_email: 1,
        bank_name: 'Commonwealth Bank of Australia',
        bank_account_name: `Bench${i} Claimant`,
        bank_bsb: '063-000',
        bank_account_number_enc: ctx.encrypt(
          accountNumber,
          sealedAt('claimants', 'bank_account_number_enc', claimantId),
        ),
        bank_account_last4: accountNumber.slice(-4),
        bank_verified: 1,
        created_at: ctx.now - 400 * DAY,
      },
      account: {
        id: accountId,
        claimant_id: claimantId,
        username,
        password_hash: ctx.passwordHash,
        activated: 1,
        one_time_password: 0,
        registered_at: ctx.now - 300 * DAY,
      },
      device: { account_id: accountId, device_id: KNOWN_DEVICE, verified_at: ctx.now },
      claim: {
        id: crypto.randomUUID(),
        claimant_id: claimantId,
        number: `${50 + Math.floor(i / 100_000)}/${String(i % 100_000).padStart(5, '0')}`,
        accident_date: '2024-03-09',
        location: 'Princes Freeway, Werribee VIC',
        is_state_trustee: 0,
        bank_edit_allowed: 1,
      },
    };
  }
}

/**
 * The messages in order: the first `heavy` in claimIds[0], the rest spread over the other
 * claims. Subjects, lengths, dates and read marks come from a PRNG seeded with 42, so every
 * writer and every machine gets the same inboxes (ids are random UUIDs).
 */
export function* bulkMessages(
  claimIds: readonly string[],
  sizes: BulkSizes,
  ctx: BulkContext,
): Generator<InboxMessageTable> {
  const random = seededRandom(42);
  const others = claimIds.length - 1;
  for (let m = 0; m < sizes.messages; m++) {
    const claimId = (m < sizes.heavy || others === 0 ? claimIds[0] : claimIds[1 + (m % others)]) as string;
    const at = ctx.now - random.int(0, 5 * 365) * DAY - random.int(0, DAY);
    yield {
      id: crypto.randomUUID(),
      claim_id: claimId,
      subject: random.pick(SUBJECTS),
      body: BODY.repeat(random.int(1, 3)),
      sent_at: at,
      received_at: at,
      read_at: random.next() < 0.9 ? at + DAY : null,
    };
  }
}

/**
 * Weekly income-support payments, newest a week ago: `heavyPayments` in claimIds[0] (the worst
 * payments page the benchmarks read), LIGHT_PAYMENTS in claimIds[1] (a page of a claim
 * holding 5 000 payments answers like a page of one holding 10).
 */
export function* bulkPayments(
  claimIds: readonly string[],
  sizes: BulkSizes,
  ctx: BulkContext,
): Generator<PaymentTable> {
  const counts: [string | undefined, number][] = [
    [claimIds[0], sizes.heavyPayments],
    [claimIds[1], LIGHT_PAYMENTS],
  ];
  for (const [claimId, count] of counts) {
    if (!claimId) continue;
    for (let w = 1; w <= count; w++) {
      const day = new Date(ctx.now - w * 7 * DAY).toISOString().slice(0, 10);
      yield {
        id: crypto.randomUUID(),
        claim_id: claimId,
        reference: `BENCH-${w}`,
        kind: 'income-support',
        description: '',
        amount_cents: 84_250,
        gst_cents: 0,
        taxable: 1,
        payment_date: day,
        status: 'paid',
        upcoming: 0,
        paid_to_last3: '000',
        paid_to_name: null,
        period_from: day,
        period_to: day,
        created_at: ctx.now,
        updated_at: ctx.now,
      };
    }
  }
}

/** `insert into <table> (<the row's keys>) values (@key, …)`, for SQLite's named parameters. */
function sqliteInsert(db: DatabaseSync, table: string, row: BulkRow): StatementSync {
  const columns = Object.keys(row);
  return db.prepare(`insert into ${table} (${columns.join(', ')}) values (${columns.map((c) => `@${c}`).join(', ')})`);
}

export async function insertBulkData(file: string, sizes: BulkSizes): Promise<{ seconds: number }> {
  const started = Date.now();
  const ctx = await bulkContext();
  const db = new DatabaseSync(file);
  try {
    db.exec('pragma journal_mode = WAL; pragma foreign_keys = ON;');
    const statements = new Map<string, StatementSync>();
    const insert = (table: string, row: BulkRow) => {
      let statement = statements.get(table);
      if (!statement) statements.set(table, (statement = sqliteInsert(db, table, row)));
      statement.run(row);
    };
    db.exec('begin');
    try {
      const claimIds: string[] = [];
      for (const c of bulkClaimants(sizes.claimants, ctx)) {
        insert('claimants', c.claimant);
        insert('accounts', c.account);
        insert('known_devices', c.device);
        insert('claims', c.claim);
        claimIds.push(c.claim.id);
      }
      for (const message of bulkMessages(claimIds, sizes, ctx)) insert('inbox_messages', message);
      for (const payment of bulkPayments(claimIds, sizes, ctx)) insert('payments', payment);
      db.exec('commit');
    } catch (e) {
      db.exec('rollback');
      throw e;
    }
    db.exec('pragma wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  return { seconds: (Date.now() - started) / 1000 };
}
