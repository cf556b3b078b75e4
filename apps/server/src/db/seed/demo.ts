/**
 * Demo data (foundation issue): five sign-ins sharing one password, and one claimant who has
 * not registered yet. Loaded by `npm run seed`, and by `npm start` into an empty database.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Cipher } from '../../lib/crypto.ts';
import { importGnafCore } from '../import/gnaf-core.ts';
import { importLocalities } from '../import/localities.ts';
import { importBsbDirectory, importInstitutions } from '../import/bsb.ts';
import { hashPassword, newId, sealedAt } from '../../lib/crypto.ts';
import type { Db } from '../database.ts';
import type { ClaimantTable } from '../schema.ts';
import { seedDemoDecisions, seedDemoWeeklyPayments } from './payments.ts';

export const DEMO_PASSWORD = 'Claimant#2026';

export const DEMO_SIGN_INS = [
  {
    username: 'alex.citizen@example.com',
    outcome: 'activated; three claims (one with no location); unread messages; bank details to check',
  },
  { username: 'sam.single@example.com', outcome: 'activated; one claim (selected automatically)' },
  { username: 'pat.trustee@example.com', outcome: 'activated; claim managed by the State Trustees' },
  { username: 'new.registrant@example.com', outcome: 'activated; registered under 48 hours ago (bank changes locked)' },
  { username: 'robin.pending@example.com', outcome: 'not yet activated (goes to /activate)' },
] as const;

export const DEMO_UNREGISTERED = {
  claimNumber: '12/34567',
  firstName: 'Jordan',
  surname: 'Doe',
  dateOfBirth: '1980-02-01',
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Person = {
  key: string;
  first: string;
  middle?: string;
  surname: string;
  title: number;
  dob: string;
  mobile: string;
  address: [string, string, string];
  bank?: { name: string; accountName: string; bsb: string; number: string; verified: boolean };
  account?: { username: string; activated: boolean; registeredAgoMs: number };
  claims: { number: string; date: string; location: string | null; trustee?: boolean }[];
};

const PEOPLE: Person[] = [
  {
    key: 'alex',
    first: 'Alex',
    middle: 'James',
    surname: 'Citizen',
    title: 2,
    dob: '1985-06-14',
    mobile: '0412345678',
    address: ['12 Collins Street', 'MELBOURNE VIC 3000', ''],
    bank: {
      name: 'Commonwealth Bank of Australia',
      accountName: 'Alex Citizen',
      bsb: '063-000',
      number: '123456789',
      verified: false,
    },
    account: { username: 'alex.citizen@example.com', activated: true, registeredAgoMs: 400 * DAY },
    claims: [
      { number: '21/45678', date: '2021-03-09', location: 'Princes Freeway, Werribee VIC' },
      { number: '19/12345', date: '2019-11-22', location: 'Geelong VIC' },
      { number: '23/98765', date: '2023-07-02', location: null },
    ],
  },
  {
    key: 'sam',
    first: 'Sam',
    surname: 'Single',
    title: 4,
    dob: '1990-01-30',
    mobile: '0423456789',
    address: ['5 Sturt Street', 'BALLARAT CENTRAL VIC 3350', ''],
    bank: {
      name: 'Westpac Banking Corporation',
      accountName: 'Sam Single',
      bsb: '033-001',
      number: '98765432',
      verified: true,
    },
    account: { username: 'sam.single@example.com', activated: true, registeredAgoMs: 90 * DAY },
    claims: [{ number: '22/11111', date: '2022-05-17', location: 'Ballarat VIC' }],
  },
  {
    key: 'pat',
    first: 'Pat',
    surname: 'Trustee',
    title: 3,
    dob: '1958-09-03',
    mobile: '0434567890',
    address: ['40 Mitchell Street', 'BENDIGO VIC 3550', ''],
    account: { username: 'pat.trustee@example.com', activated: true, registeredAgoMs: 200 * DAY },
    claims: [{ number: '20/22222', date: '2020-02-11', location: 'Bendigo VIC', trustee: true }],
  },
  {
    key: 'new',
    first: 'Noah',
    surname: 'Registrant',
    title: 2,
    dob: '1999-12-12',
    mobile: '0445678901',
    address: ['8 Nicholson Street', 'FOOTSCRAY VIC 3011', ''],
    bank: {
      name: 'National Australia Bank',
      accountName: 'Noah Registrant',
      bsb: '083-004',
      number: '5550123',
      verified: true,
    },
    account: { username: 'new.registrant@example.com', activated: true, registeredAgoMs: 6 * HOUR },
    claims: [{ number: '24/33333', date: '2024-08-30', location: 'Footscray VIC' }],
  },
  {
    key: 'robin',
    first: 'Robin',
    surname: 'Pending',
    title: 5,
    dob: '1975-04-21',
    mobile: '0456789012',
    address: ['3 Malop Street', 'GEELONG VIC 3220', ''],
    account: { username: 'robin.pending@example.com', activated: false, registeredAgoMs: 2 * HOUR },
    claims: [{ number: '24/44444', date: '2024-10-01', location: 'Geelong VIC' }],
  },
  {
    key: 'jordan',
    first: DEMO_UNREGISTERED.firstName,
    surname: DEMO_UNREGISTERED.surname,
    title: 2,
    dob: DEMO_UNREGISTERED.dateOfBirth,
    mobile: '0467890123',
    address: ['100 Bourke Street', 'MELBOURNE VIC 3000', ''],
    claims: [{ number: DEMO_UNREGISTERED.claimNumber, date: '2025-01-15', location: 'Melbourne VIC' }],
  },
];

const INBOX = [
  {
    subject: 'Your physiotherapy has been approved',
    body: 'We have approved 10 physiotherapy sessions. Your physiotherapist can bill us directly.',
    read: false,
    daysAgo: 1,
  },
  {
    subject: 'Reimbursement paid',
    body: 'We have paid your pharmacy reimbursement of $84.50 into your nominated bank account.',
    read: false,
    daysAgo: 6,
  },
  {
    subject: 'Welcome to the portal',
    body: 'You can now send us documents, claim reimbursements and message us from the portal.',
    read: true,
    daysAgo: 30,
  },
];

export async function isEmpty(db: Db): Promise<boolean> {
  return !(await db.selectFrom('claimants').select('id').limit(1).executeTakeFirst());
}

/** `passwordHash` lets a test suite hash the demo password once instead of once per database. */
export async function seedDemoData(db: Db, cipher: Cipher, now: number, passwordHash?: string): Promise<void> {
  passwordHash ??= await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    for (const p of PEOPLE) {
      const claimantId = newId();
      const [line1, line2, line3] = p.address;
      const address = JSON.stringify({
        ExperianSingleSelectedLine: [line1, line2].filter(Boolean).join(', '),
        AddressLine1: line1,
        AddressLine2: line2,
        AddressLine3: line3,
      });
      const claimant: ClaimantTable = {
        id: claimantId,
        title_id: p.title,
        first_name: p.first,
        middle_names: p.middle ?? '',
        surname: p.surname,
        date_of_birth: p.dob,
        email: `${p.first}.${p.surname}@example.com`.toLowerCase(),
        mobile: p.mobile,
        phone_area: null,
        phone_number: null,
        home_address: address,
        postal_address: address,
        addresses_same: 1,
        pref_sms: 0,
        pref_email: 1,
        bank_name: p.bank?.name ?? null,
        bank_account_name: p.bank?.accountName ?? null,
        bank_bsb: p.bank?.bsb ?? null,
        bank_account_number_enc: p.bank
          ? cipher.encrypt(p.bank.number, sealedAt('claimants', 'bank_account_number_enc', claimantId))
          : null,
        bank_account_last4: p.bank ? p.bank.number.slice(-4) : null,
        bank_verified: p.bank?.verified ? 1 : 0,
        mobile_edit_disabled: 0,
        email_edit_disabled: 0,
        created_at: now - 500 * DAY,
      };
      if (p.account) claimant.email = p.account.username;
      await trx.insertInto('claimants').values(claimant).execute();
      const accountId = newId();
      if (p.account) {
        await trx
          .insertInto('accounts')
          .values({
            id: accountId,
            claimant_id: claimantId,
            username: p.account.username,
            password_hash: passwordHash,
            activated: p.account.activated ? 1 : 0,
            one_time_password: 0,
            registered_at: now - p.account.registeredAgoMs,
          })
          .execute();
      }
      for (const [i, c] of p.claims.entries()) {
        const claimId = newId();
        await trx
          .insertInto('claims')
          .values({
            id: claimId,
            claimant_id: claimantId,
            number: c.number,
            accident_date: c.date,
            location: c.location,
            is_state_trustee: c.trustee ? 1 : 0,
            bank_edit_allowed: 1,
          })
          .execute();
        // Alex's first claim carries the demo inbox; the second one unread message more.
        const messages = p.key === 'alex' ? (i === 0 ? INBOX : i === 1 ? INBOX.slice(0, 1) : []) : INBOX.slice(2);
        for (const m of messages) {
          const at = now - m.daysAgo * DAY;
          await trx
            .insertInto('inbox_messages')
            .values({
              id: newId(),
              claim_id: claimId,
              subject: m.subject,
              body: m.body,
              sent_at: at,
              received_at: at,
              read_at: m.read ? at : null,
            })
            .execute();
        }
        // Payments and decisions (seed/payments.ts): a year of weekly payments on the first claim;
        // Alex's second claim holds the answered reimbursements.
        if (i === 0)
          await seedDemoWeeklyPayments(trx, now, {
            key: p.key,
            claimId,
            paidTo: p.bank ? { last3: p.bank.number.slice(-3) } : { name: 'State Trustees Limited' },
            weeklyCents: 61_245 + p.claims.length * 10_010 + p.first.length * 1_001,
          });
        if (p.key === 'alex' && i === 1)
          await seedDemoDecisions(trx, now, {
            accountId,
            claimId,
            last3: p.bank?.number.slice(-3) ?? '000',
            payTo: p.bank
              ? `You: ${p.bank.accountName}, BSB ${p.bank.bsb}, account ending ${p.bank.number.slice(-4)}`
              : 'You',
          });
      }
    }
  });
}

/**
 * Reference data shipped beside the server (apps/server/data, copied unchanged from the public
 * releases described in shared/data/README.md): the G-NAF Core sample (451 real Victorian
 * addresses), every Australian locality with its postcode, the AusPayNet BSB directory and the
 * institution names.
 */
export function referenceFile(
  name: 'gnaf-core-vic-sample.psv' | 'localities-au.csv' | 'BSBDirectory.csv' | 'institutions.csv',
): string {
  // src/db/seed → ../../../data; dist → ../data
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../data', name), path.resolve(here, '../../../data', name)];
  return candidates.find((f) => fs.existsSync(f)) ?? (candidates[0] as string);
}

/** Loads the shipped reference data into a database that has none (at every start: a portal without it cannot check a BSB or an entered address). */
export async function seedReferenceFiles(db: Db): Promise<void> {
  if (!(await db.selectFrom('addresses').select('id').limit(1).executeTakeFirst()))
    await importGnafCore(db, referenceFile('gnaf-core-vic-sample.psv'));
  if (!(await db.selectFrom('localities').select('postcode').limit(1).executeTakeFirst()))
    await importLocalities(db, referenceFile('localities-au.csv'));
  if (!(await db.selectFrom('bsb_directory').select('bsb').limit(1).executeTakeFirst()))
    await importBsbDirectory(db, referenceFile('BSBDirectory.csv'));
  if (!(await db.selectFrom('bank_institutions').select('prefix').limit(1).executeTakeFirst()))
    await importInstitutions(db, referenceFile('institutions.csv'));
}
