/**
 * A production-sized claimant database for the API benchmark: CLAIMANTS claimants, each with an
 * account and a claim, and MESSAGES inbox messages, HEAVY of them in the claim of one claimant
 * (bench.heavy@example.com, the worst inbox the benchmark reads). Written with better-sqlite3
 * prepared statements in one transaction: about a minute for a million messages.
 */
import crypto from 'node:crypto';
import SQLite from 'better-sqlite3';
import { dataCipher, hashPassword } from '../../apps/server/src/lib/crypto.ts';
import { seededRandom } from './prng.ts';
import { BENCH_KEY, DEMO_PASSWORD, KNOWN_DEVICE } from './server.ts';

export const HEAVY_USER = 'bench.heavy@example.com';
export const HEAVY_CLAIM = '50/00000';

const DAY = 86_400_000;
const SUBJECTS = ['Your physiotherapy has been approved', 'Reimbursement paid', 'We need more information', 'Your appointment is confirmed', 'Income support payment', 'Update on your claim'];
const BODY = 'We have reviewed your request and approved it. Your provider can bill us directly; keep your receipts for anything you paid yourself. If you have any questions, send us a message from the portal or call us during business hours. ';

export async function insertBulkData(file: string, sizes: { claimants: number; messages: number; heavy: number }): Promise<{ seconds: number }> {
  const started = Date.now();
  const random = seededRandom(42);
  const cipher = dataCipher(BENCH_KEY);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = Date.now();
  const db = new SQLite(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    const claimant = db.prepare(`insert into claimants (id, title_id, first_name, middle_names, surname, date_of_birth, email, mobile, home_address, postal_address, addresses_same,
      pref_sms, pref_email, bank_name, bank_account_name, bank_bsb, bank_account_number_enc, bank_account_last4, bank_verified, created_at)
      values (?, 2, ?, '', ?, '1980-01-01', ?, '0412345678', ?, ?, 1, 0, 1, ?, ?, ?, ?, ?, 1, ?)`);
    const account = db.prepare(`insert into accounts (id, claimant_id, username, password_hash, activated, one_time_password, registered_at) values (?, ?, ?, ?, 1, 0, ?)`);
    const device = db.prepare('insert into known_devices (account_id, device_id, verified_at) values (?, ?, ?)');
    const claim = db.prepare(`insert into claims (id, claimant_id, number, accident_date, location, is_state_trustee, bank_edit_allowed) values (?, ?, ?, ?, ?, 0, 1)`);
    const message = db.prepare('insert into inbox_messages (id, claim_id, subject, body, sent_at, received_at, read_at) values (?, ?, ?, ?, ?, ?, ?)');
    const claimIds: string[] = [];
    db.transaction(() => {
      for (let i = 0; i < sizes.claimants; i++) {
        const claimantId = crypto.randomUUID();
        const address = JSON.stringify({ ExperianSingleSelectedLine: `${i + 1} Collins Street, MELBOURNE VIC 3000`, AddressLine1: `${i + 1} Collins Street`, AddressLine2: 'MELBOURNE VIC 3000', AddressLine3: '' });
        const username = i === 0 ? HEAVY_USER : `bench.${i}@example.com`;
        const accountNumber = String(10_000_000 + i);
        claimant.run(claimantId, `Bench${i}`, 'Claimant', username, address, address, 'Commonwealth Bank of Australia', `Bench${i} Claimant`, '063-000', cipher.encrypt(accountNumber), accountNumber.slice(-4), now - 400 * DAY);
        const accountId = crypto.randomUUID();
        account.run(accountId, claimantId, username, passwordHash, now - 300 * DAY);
        device.run(accountId, KNOWN_DEVICE, now);
        const claimId = crypto.randomUUID();
        claim.run(claimId, claimantId, `${50 + Math.floor(i / 100_000)}/${String(i % 100_000).padStart(5, '0')}`, '2024-03-09', 'Princes Freeway, Werribee VIC');
        claimIds.push(claimId);
      }
      const others = claimIds.length - 1;
      for (let m = 0; m < sizes.messages; m++) {
        const claimId = (m < sizes.heavy || others === 0 ? claimIds[0] : claimIds[1 + (m % others)]) as string;
        const at = now - random.int(0, 5 * 365) * DAY - random.int(0, DAY);
        message.run(crypto.randomUUID(), claimId, random.pick(SUBJECTS), BODY.repeat(random.int(1, 3)), at, at, random.next() < 0.9 ? at + DAY : null);
      }
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  return { seconds: (Date.now() - started) / 1000 };
}
