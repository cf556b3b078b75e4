/**
 * The payments statement of a financial year: its rows and totals (buildStatement), the words and
 * amounts each row is shown with, and the CSV. statement.ts draws the PDF from the same Statement.
 *
 * CSV: RFC 4180 with a byte-order mark (so a spreadsheet reads it as UTF-8); every cell that a
 * spreadsheet would take for a formula — starting with = + - @, a tab or a carriage return — is
 * prefixed with an apostrophe, so text the claims system wrote (a provider's name, a description)
 * can never run as a formula. Amounts are written as plain decimal dollars ("1234.50"), computed
 * from integer cents, never from floating point.
 */
import {
  PAYMENT_KIND_LABELS,
  PAYMENT_STATUS_LABELS,
  financialYearRange,
  type PaymentKind,
  type PaymentStatus,
} from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import type { PaymentRow } from './repository.ts';
import * as repo from './repository.ts';

/** Exact dollars from integer cents: "1234.50", "-0.05". */
function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "$1,234.50" for the PDF (en-AU grouping), from integer cents. */
export function money(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}$${Math.floor(abs / 100).toLocaleString('en-AU')}.${String(abs % 100).padStart(2, '0')}`;
}

/** dd/mm/yyyy, as the portal shows dates. */
export function displayDate(iso: string | null): string {
  if (!iso) return '';
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/**
 * A cell a spreadsheet would read as a formula is kept as text (a leading = + - @ tab or return,
 * also their full-width forms), and every non-empty cell is quoted: where a spreadsheet splits
 * columns at ';', an unquoted 'a;=1+1' would otherwise start a second cell with a formula.
 */
export function csvCell(value: string): string {
  if (value === '') return '';
  const safe = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

const CSV_HEADER = [
  'Date',
  'What it was for',
  'Kind',
  'Status',
  'Amount (AUD)',
  'GST included (AUD)',
  'Taxable',
  'Paid to',
  'Period from',
  'Period to',
];

function paidTo(p: PaymentRow): string {
  return p.paid_to_last3 !== null ? `Your account ending ${p.paid_to_last3}` : (p.paid_to_name ?? '');
}

export function forWhat(p: PaymentRow): string {
  return p.description || PAYMENT_KIND_LABELS[p.kind as PaymentKind];
}

export type Statement = {
  claimNumber: string;
  name: string;
  financialYear: number;
  rows: PaymentRow[];
  totals: { total: number; taxable: number; gst: number };
};

export function renderCsv(s: Statement): Buffer {
  const lines = [CSV_HEADER.map(csvCell).join(',')];
  for (const p of s.rows)
    lines.push(
      [
        p.payment_date,
        forWhat(p),
        PAYMENT_KIND_LABELS[p.kind as PaymentKind],
        PAYMENT_STATUS_LABELS[p.status as PaymentStatus],
        dollars(Number(p.amount_cents)),
        dollars(Number(p.gst_cents)),
        p.taxable === 1 ? 'Yes' : 'No',
        paidTo(p),
        p.period_from ?? '',
        p.period_to ?? '',
      ]
        .map(csvCell)
        .join(','),
    );
  lines.push('');
  lines.push(
    ['Total paid', '', '', '', dollars(s.totals.total), dollars(s.totals.gst), '', '', '', ''].map(csvCell).join(','),
  );
  lines.push(['Taxable total', '', '', '', dollars(s.totals.taxable), '', '', '', '', ''].map(csvCell).join(','));
  return Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
}

/** The statement of the claim's financial year: its payments (oldest first) and its totals. */
export async function buildStatement(deps: Deps, claimId: string, financialYear: number): Promise<Statement> {
  const range = financialYearRange(financialYear);
  const [claim, rows, totals] = await Promise.all([
    deps.db
      .selectFrom('claims')
      .innerJoin('claimants', 'claimants.id', 'claims.claimant_id')
      .select(['claims.number', 'claimants.first_name', 'claimants.surname'])
      .where('claims.id', '=', claimId)
      .executeTakeFirstOrThrow(),
    repo.listForStatement(deps.db, claimId, range),
    repo.sumPaid(deps.db, claimId, range),
  ]);
  return { claimNumber: claim.number, name: `${claim.first_name} ${claim.surname}`, financialYear, rows, totals };
}
