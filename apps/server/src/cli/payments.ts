/**
 * `payment add`, `payment list` and `decision set`: what the claims system does through
 * PUT /provider/v1/payments, GET /provider/v1/payments and PUT /provider/v1/sent-items/{id}/decision,
 * through the same service functions after the same contract schemas, for an operator at a shell.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PaymentsQuery, SetDecisionRequest, UpsertPaymentRequest, formatCents } from '@portal/contracts';
import { setDecision } from '../modules/payments/decisions.ts';
import { listPayments, upsertPayment } from '../modules/payments/provider.ts';
import {
  CommandError,
  UsageError,
  labelsByField,
  listOption,
  providerCall,
  requiredOption,
  stringOption,
  validate,
  type Command,
} from './command.ts';

/** A whole number of cents from dollars as typed ("1234.5", "$80", "0.05"); negative kept negative for the schema to refuse. */
export function centsOf(option: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const m = /^(-?)\$?([0-9]{1,9})(?:\.([0-9]{1,2}))?$/.exec(value.trim());
  if (!m) throw new UsageError(`--${option} takes dollars and cents, e.g. 1234.50, not "${value}"`);
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

const PAYMENT_LABELS = labelsByField({
  ClaimNumber: '--claim (NN/NNNNN)',
  Reference: '--ref',
  Kind: '--kind',
  Description: '--for',
  AmountCents: '--amount',
  GstCents: '--gst',
  PaymentDate: '--date (yyyy-mm-dd)',
  Status: '--status',
  PaidTo: '--account-last3 or --provider',
  AccountLast3: '--account-last3',
  Name: '--provider',
  PeriodFrom: '--from',
  PeriodTo: '--to',
  Settles: '--settles',
});

const DECISION_LABELS = labelsByField({
  ClaimNumber: '--claim (NN/NNNNN)',
  Outcome: '--outcome',
  Date: '--date (yyyy-mm-dd)',
  Reason: '--reason',
  Needed: '--needed',
  NeededBy: '--needed-by',
  Review: '--review',
  Lines: '--line',
  Line: '--line',
  ApprovedCents: '--line',
  Letter: '--letter',
  Filename: '--letter',
});

export const paymentCommands: Command[] = [
  {
    name: 'payment add',
    args:
      '--claim NN/NNNNN --ref REF --kind KIND --amount DOLLARS --date YYYY-MM-DD --status STATUS ' +
      '(--account-last3 NNN | --provider NAME) [--gst DOLLARS] [--for TEXT] [--from DATE --to DATE] [--taxable on|off] [--settles SENT-ITEM-ID]...',
    summary:
      'Creates or updates a payment of a claim by its reference (as PUT /provider/v1/payments); kinds: income-support, reimbursement, ' +
      'paid-to-provider, lump-sum, other; statuses: scheduled, paid, cancelled, returned.',
    options: {
      claim: { type: 'string' },
      ref: { type: 'string' },
      kind: { type: 'string' },
      amount: { type: 'string' },
      gst: { type: 'string' },
      date: { type: 'string' },
      status: { type: 'string' },
      'account-last3': { type: 'string' },
      provider: { type: 'string' },
      for: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      taxable: { type: 'string' },
      settles: { type: 'string', multiple: true },
    },
    required: ['claim', 'ref', 'kind', 'amount', 'date', 'status'],
    async run({ deps }, { values }) {
      const last3 = stringOption(values, 'account-last3');
      const provider = stringOption(values, 'provider');
      if ((last3 === undefined) === (provider === undefined))
        throw new UsageError('give exactly one of --account-last3 and --provider');
      const taxable = stringOption(values, 'taxable');
      if (taxable !== undefined && taxable !== 'on' && taxable !== 'off')
        throw new UsageError(`--taxable takes on or off, not "${taxable}"`);
      const input = validate(
        UpsertPaymentRequest,
        {
          ClaimNumber: requiredOption(values, 'claim'),
          Reference: requiredOption(values, 'ref'),
          Kind: requiredOption(values, 'kind'),
          AmountCents: centsOf('amount', requiredOption(values, 'amount')),
          GstCents: centsOf('gst', stringOption(values, 'gst')),
          PaymentDate: requiredOption(values, 'date'),
          Status: requiredOption(values, 'status'),
          PaidTo: last3 !== undefined ? { Kind: 'account', AccountLast3: last3 } : { Kind: 'provider', Name: provider },
          Description: stringOption(values, 'for'),
          PeriodFrom: stringOption(values, 'from'),
          PeriodTo: stringOption(values, 'to'),
          ...(taxable === undefined ? {} : { Taxable: taxable === 'on' }),
          Settles: listOption(values, 'settles'),
        },
        PAYMENT_LABELS,
      );
      const saved = await providerCall(upsertPayment(deps, input), PAYMENT_LABELS);
      return {
        json: saved,
        text: [
          `Payment ${saved.PaymentId} (${saved.Reference}) of claim ${saved.ClaimNumber}: ${formatCents(saved.AmountCents)} ` +
            `${saved.Status} ${saved.PaymentDate}`,
        ],
      };
    },
  },
  {
    name: 'payment list',
    args: '--claim NN/NNNNN [--from DATE] [--to DATE] [--limit N] [--cursor C]',
    summary: "A claim's payments, oldest payment date first (as GET /provider/v1/payments); --cursor continues a page.",
    options: {
      claim: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      limit: { type: 'string' },
      cursor: { type: 'string' },
    },
    required: ['claim'],
    async run({ deps }, { values }) {
      const labels = labelsByField({
        claim: '--claim (NN/NNNNN)',
        from: '--from',
        to: '--to',
        limit: '--limit',
        cursor: '--cursor',
      });
      const query = validate(
        PaymentsQuery,
        {
          claim: requiredOption(values, 'claim'),
          from: stringOption(values, 'from'),
          to: stringOption(values, 'to'),
          limit: stringOption(values, 'limit'),
          cursor: stringOption(values, 'cursor'),
        },
        labels,
      );
      const page = await providerCall(listPayments(deps, query), labels);
      return {
        json: page,
        text: [
          ...page.Items.map(
            (p) =>
              `${p.PaymentDate}  ${p.Reference}  ${p.Kind}  ${p.Status}  ${formatCents(p.AmountCents)}` +
              (p.Settles.length ? `  settles ${p.Settles.join(', ')}` : ''),
          ),
          ...(page.Items.length ? [] : ['No payments']),
          ...(page.NextCursor ? [`More: --cursor ${page.NextCursor}`] : []),
        ],
      };
    },
  },
  {
    name: 'decision set',
    args:
      'SENT-ITEM-ID --claim NN/NNNNN --outcome OUTCOME --date YYYY-MM-DD [--reason TEXT] [--needed TEXT --needed-by DATE] ' +
      '[--review TEXT] [--line N:DOLLARS[:REASON]]... [--letter PATH.pdf]',
    summary:
      'Records where a submission stands or its decision (as PUT /provider/v1/sent-items/{id}/decision); outcomes: received, in-assessment, ' +
      'more-information-needed, approved, partly-approved, declined.',
    options: {
      claim: { type: 'string' },
      outcome: { type: 'string' },
      date: { type: 'string' },
      reason: { type: 'string' },
      needed: { type: 'string' },
      'needed-by': { type: 'string' },
      review: { type: 'string' },
      line: { type: 'string', multiple: true },
      letter: { type: 'string' },
    },
    required: ['claim', 'outcome', 'date'],
    positionals: [1, 1],
    async run({ deps, fileStore }, { values, positionals }) {
      const lines = listOption(values, 'line').map((l) => {
        const m = /^([0-9]{1,3}):([^:]+)(?::(.*))?$/.exec(l);
        if (!m) throw new UsageError(`--line takes N:DOLLARS or N:DOLLARS:REASON, not "${l}"`);
        return { Line: Number(m[1]), ApprovedCents: centsOf('line', m[2]), Reason: m[3] ?? '' };
      });
      const letterPath = stringOption(values, 'letter');
      const letter = letterPath
        ? {
            Filename: path.basename(letterPath),
            ContentBase64: (
              await fsp.readFile(letterPath).catch((e: unknown) => {
                throw new CommandError(
                  `cannot read ${letterPath}: ${e instanceof Error && 'code' in e ? String(e.code) : String(e)}`,
                );
              })
            ).toString('base64'),
          }
        : undefined;
      const input = validate(
        SetDecisionRequest,
        {
          ClaimNumber: requiredOption(values, 'claim'),
          Outcome: requiredOption(values, 'outcome'),
          Date: requiredOption(values, 'date'),
          Reason: stringOption(values, 'reason'),
          Needed: stringOption(values, 'needed'),
          NeededBy: stringOption(values, 'needed-by'),
          Review: stringOption(values, 'review'),
          Lines: lines,
          Letter: letter,
        },
        DECISION_LABELS,
      );
      const id = positionals[0] as string;
      const set = await providerCall(setDecision(deps, await fileStore(), id, input), DECISION_LABELS);
      return {
        json: set,
        text: [
          `Sent item ${set.SentItemId}: ${set.Outcome} on ${set.Date}` +
            (set.LetterFileId ? `, letter ${set.LetterFileId}` : '') +
            (set.Notified ? '; the claimant will be told there is news' : ''),
        ],
      };
    },
  },
];
