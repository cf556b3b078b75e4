/**
 * Payments (web side): money in integer cents shown as AUD, the Australian financial year
 * (1 July – 30 June) in Melbourne time, payment dates; the Payments page, a sent item's progress
 * and the claim home's panel against a scripted server.
 */
import { PROGRESS_STEPS, type ClaimantPayment } from '@portal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { currentStepIndex } from '../src/features/payments/components/sent-item-progress.tsx';
import { replyFormOf } from '../src/lib/forms/responds-to.ts';
import { formatLongDate, melbourneDate } from '../src/lib/content/dates.ts';
import { financialYearLabel, financialYearOf } from '@portal/contracts';
import {
  currentFinancialYear,
  financialYearChoices,
  financialYearParam,
  financialYearSpan,
} from '../src/features/payments/lib/financial-year.ts';
import { formatAud, sumCents } from '../src/features/payments/lib/money.ts';
import { saveLoginToken } from '../src/lib/session/session.ts';
import { CLAIMS, accountFixture, mockServer, type Call } from './helpers.ts';
import { renderApp } from './render-app.tsx';

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => {
  app?.cleanup();
  app = undefined;
});

describe('formatAud: integer cents as Australian dollars', () => {
  it('shows cents, thousands separators and a dollar sign', () => {
    expect(formatAud(0)).toBe('$0.00');
    expect(formatAud(5)).toBe('$0.05');
    expect(formatAud(123456)).toBe('$1,234.56');
    expect(formatAud(100)).toBe('$1.00');
    expect(formatAud(-4550)).toBe('-$45.50');
  });
  it('is exact for large amounts', () => {
    expect(formatAud(99_999_999_999)).toBe('$999,999,999.99');
  });
  it('refuses a fraction of a cent', () => {
    expect(() => formatAud(10.5)).toThrow(RangeError);
  });
  it('adds cents exactly (0.1 + 0.2 is 30 cents, not 0.30000000000000004)', () => {
    expect(sumCents([10, 20])).toBe(30);
    expect(sumCents(Array.from({ length: 52 }, () => 61_234))).toBe(3_184_168);
    expect(formatAud(sumCents([1999, 1])).toString()).toBe('$20.00');
  });
});

describe('financial year: 1 July – 30 June, named by the year it starts (the contracts rule)', () => {
  it('puts 30 June in the year that started the July before and 1 July in the next', () => {
    expect(financialYearOf('2026-06-30')).toBe(2025);
    expect(financialYearOf('2026-07-01')).toBe(2026);
    expect(financialYearOf('2026-01-01')).toBe(2025);
    expect(financialYearLabel(2025)).toBe('2025–26');
    expect(financialYearLabel(2099)).toBe('2099–00');
    expect(financialYearSpan(2025)).toBe('1 July 2025 to 30 June 2026');
  });
  it('takes today in Melbourne: 30 June 2026 at 11:30pm in Melbourne is still 2025–26', () => {
    // 2026-06-30T13:30Z is 11:30pm on 30 June in Melbourne (AEST, UTC+10).
    expect(currentFinancialYear(new Date('2026-06-30T13:30:00Z'))).toBe(2025);
    // 2026-06-30T14:30Z is 12:30am on 1 July in Melbourne, though still 30 June in UTC.
    expect(currentFinancialYear(new Date('2026-06-30T14:30:00Z'))).toBe(2026);
  });
  it('offers the current year and the years with payments, newest first, each once', () => {
    expect(financialYearChoices([2024, 2025, 2023], 2025)).toEqual([2025, 2024, 2023]);
    expect(financialYearChoices([], 2026)).toEqual([2026]);
  });
  it('reads ?year= only when it is a year the server takes', () => {
    expect(financialYearParam('2025')).toBe(2025);
    expect(financialYearParam('25')).toBeUndefined();
    expect(financialYearParam('1999')).toBeUndefined();
    expect(financialYearParam('2025; drop')).toBeUndefined();
    expect(financialYearParam(null)).toBeUndefined();
  });
});

describe('payment dates in Melbourne time', () => {
  it('shows a calendar date with the month in words', () => {
    expect(formatLongDate('2025-07-03')).toBe('3 July 2025');
  });
  it('turns an instant into the Melbourne date it fell on', () => {
    // 10pm UTC on 2 July is 8am on 3 July in Melbourne.
    expect(melbourneDate('2025-07-02T22:00:00Z')).toBe('2025-07-03');
    expect(formatLongDate('2025-07-02T22:00:00.000Z')).toBe('3 July 2025');
    // Daylight saving: 1pm UTC on 31 Dec is midnight on 1 Jan in Melbourne (AEDT, UTC+11).
    expect(melbourneDate('2025-12-31T13:00:00Z')).toBe('2026-01-01');
  });
});

const SELECTED = CLAIMS.map((c, i) => ({ ...c, Selected: i === 0 }));

function payment(id: string, changes: Partial<ClaimantPayment> = {}): ClaimantPayment {
  return {
    PaymentId: id,
    Date: '2026-11-13',
    Kind: 'income-support',
    Description: '',
    AmountCents: 61_234,
    GstCents: 0,
    Taxable: true,
    Status: 'paid',
    PaidTo: { AccountLast3: '678', Name: null },
    PeriodFrom: '2026-11-06',
    PeriodTo: '2026-11-12',
    Settles: [],
    ...changes,
  };
}

const SHELL_ROUTES = {
  '/api/claim/getclaims': { status: 200, body: SELECTED },
  '/api/inbox/getunreadmessagecount': { status: 200, body: 0 },
  '/api/analytics/pageview': { status: 200, body: true },
  '/api/account/getaccount': { status: 200, body: accountFixture() },
};

describe('/payments', () => {
  it('shows upcoming payments first, then the history, with the chosen year’s totals; the year is asked of the server', async () => {
    saveLoginToken('t', false);
    const server = mockServer({
      ...SHELL_ROUTES,
      '/api/payments/getpayments': (call: Call) => ({
        status: 200,
        body: {
          Start: 0,
          End: 3,
          Total: 3,
          Upcoming: 1,
          Items: [
            payment('up1', { Date: '2026-11-27', Status: 'scheduled' }),
            payment('p2', {
              Kind: 'reimbursement',
              Description: 'Pharmacy receipts',
              AmountCents: 8_450,
              Taxable: false,
            }),
            payment('p3', {
              Kind: 'paid-to-provider',
              PaidTo: { AccountLast3: null, Name: 'City Physio' },
              Status: 'returned',
            }),
          ],
          FinancialYears: [2026, 2025],
          YearTotals:
            call.body?.FinancialYear === undefined
              ? null
              : { FinancialYear: call.body.FinancialYear, TotalCents: 69_684, TaxableCents: 61_234, GstCents: 0 },
        },
      }),
    });
    app = renderApp('/payments?year=2025');
    const upcoming = await screen.findByTestId('payments-upcoming');
    expect(upcoming.querySelector('caption')?.textContent).toContain('scheduled');
    expect(
      within(upcoming)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'What it was for', 'Amount', 'Status', 'Paid to']);
    const [up] = within(upcoming).getAllByTestId('payments-upcoming-row');
    expect(up?.textContent).toContain('27 November 2026');
    expect(up?.textContent).toContain('Weekly payment (income support)');
    expect(up?.textContent).toContain('$612.34');
    expect(up?.textContent).toContain('Scheduled');
    expect(up?.textContent).toContain('Your account ending 678');
    const history = within(screen.getByTestId('payments-history')).getAllByTestId('payments-history-row');
    expect(history.map((r) => r.dataset.paymentId)).toEqual(['p2', 'p3']);
    expect(history[0]?.textContent).toContain('Pharmacy receipts');
    expect(history[0]?.textContent).toContain('$84.50');
    expect(history[1]?.textContent).toContain('City Physio');
    expect(history[1]?.textContent).toContain('Returned by the bank');
    expect(screen.getByTestId('payments-total').textContent).toBe('$696.84');
    expect(screen.getByTestId('payments-taxable').textContent).toBe('$612.34');
    expect(server.callsTo('/api/payments/getpayments')[0]?.body).toMatchObject({
      Offset: 0,
      Amount: 10,
      FinancialYear: 2025,
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payments');

    // All years: no FinancialYear, no totals, no statement.
    fireEvent.change(screen.getByTestId('payments-year-filter'), { target: { value: 'all' } });
    await waitFor(() => expect(screen.queryByTestId('payments-totals')).toBeNull());
    expect(screen.queryByTestId('payments-statement-pdf')).toBeNull();
    await waitFor(() =>
      expect(server.callsTo('/api/payments/getpayments').at(-1)?.body).not.toHaveProperty('FinancialYear'),
    );
  });

  it('"Load more" says it is loading, then announces how many past payments show and moves focus to the first new one', async () => {
    saveLoginToken('t', false);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ids = Array.from({ length: 12 }, (_, i) => `p${i + 1}`);
    const server = mockServer({
      ...SHELL_ROUTES,
      '/api/payments/getpayments': async (call: Call) => {
        const offset = Number(call.body?.Offset);
        if (offset > 0) await held;
        const items = ids.slice(offset, offset + 10);
        return {
          status: 200,
          body: {
            Start: offset,
            End: offset + items.length,
            Total: 12,
            Upcoming: 1,
            Items: items.map((id, i) =>
              payment(id, offset === 0 && i === 0 ? { Date: '2026-11-27', Status: 'scheduled' } : {}),
            ),
            FinancialYears: [2026],
            YearTotals: null,
          },
        };
      },
    });
    app = renderApp('/payments?year=all');
    fireEvent.click(await screen.findByTestId('payments-load-more'));
    // While the next ten are on their way: the button says so (and is not pressed twice), the status too.
    expect((await screen.findByTestId('payments-load-more')).textContent).toBe('Loading more payments…');
    expect(screen.getByTestId('payments-load-more').getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByTestId('payments-load-more-loading').getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByTestId('payments-load-more-status').textContent).toBe('Loading more payments');
    fireEvent.click(screen.getByTestId('payments-load-more'));
    release();
    await waitFor(() =>
      expect(within(screen.getByTestId('payments-history')).getAllByTestId('payments-history-row')).toHaveLength(11),
    );
    expect(server.callsTo('/api/payments/getpayments').map((c) => c.body?.Offset)).toEqual([0, 10]);
    expect(screen.queryByTestId('payments-load-more')).toBeNull();
    expect(screen.getByTestId('payments-load-more-status').textContent).toBe('Showing 11 of 11 past payments');
    await waitFor(() => expect(document.activeElement?.id).toBe('payment-p11'));
  });

  it('says so when there are none, and offers to try again when they cannot be loaded', async () => {
    saveLoginToken('t', false);
    let fail = true;
    mockServer({
      ...SHELL_ROUTES,
      '/api/payments/getpayments': () =>
        fail
          ? { status: 225, body: [{ Number: 1, Message: 'endpoint not available' }] }
          : {
              status: 200,
              body: { Start: 0, End: 0, Total: 0, Upcoming: 0, Items: [], FinancialYears: [], YearTotals: null },
            },
    });
    app = renderApp('/payments?year=all');
    expect((await screen.findByTestId('payments-error')).textContent).toContain('could not load your payments');
    fail = false;
    fireEvent.click(within(screen.getByTestId('payments-error')).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('payments-history-empty')).textContent).toBe(
      'There are no payments to show on this claim yet.',
    );
    expect(screen.getByTestId('payments-upcoming-empty').textContent).toBe(
      'There are no payments scheduled on this claim.',
    );
  });
});

describe('a sent item’s progress', () => {
  const ITEM = {
    Id: 's1',
    Time: '09:15',
    Date: '2026-10-01',
    SubjectMain: 'Reimbursement',
    SubjectOther: 'Pharmacy',
    Message: '',
    Files: [],
    Status: 'Completed',
    ReplyBy: null,
    Decision: { Outcome: 'partly-approved', Date: '2026-10-04', NeededBy: null, AnsweredOn: null },
    PayTo: 'You: Alex Citizen, BSB 063-000, account ending 6789',
    SentBy: null,
  };
  const steps = (done: number) =>
    PROGRESS_STEPS.map((Step, i) => ({ Step, Done: i < done, Date: i < done ? `2026-10-0${i + 1}` : null }));

  it('lists the steps in order, marks the current one in words, and shows a part approval line by line', async () => {
    saveLoginToken('t', false);
    const server = mockServer({
      ...SHELL_ROUTES,
      '/api/dropdownlistdatasource/list': { status: 200, body: { Items: [] } },
      '/api/documentupload/getsentitems': {
        status: 200,
        body: { Start: 0, End: 1, Total: 1, SentItems: [ITEM] },
      },
      '/api/payments/getsentitemprogress': {
        status: 200,
        body: {
          SentItemId: 's1',
          Type: 'Reimbursement',
          Subject: 'Reimbursement: Pharmacy',
          Steps: steps(4),
          Decision: {
            Outcome: 'partly-approved',
            Date: '2026-10-04',
            Reason: 'One receipt is for a service we cannot pay for.',
            Needed: '',
            NeededBy: null,
            Review: '',
            ReviewBy: null,
            AnsweredOn: null,
            Lines: [
              { Line: 1, Description: 'Brace', ClaimedCents: 8_450, ApprovedCents: 8_450, Reason: '' },
              {
                Line: 2,
                Description: 'Massage',
                ClaimedCents: 12_000,
                ApprovedCents: 0,
                Reason: 'Not approved treatment',
              },
            ],
            Letter: { FileId: 'f1', Filename: 'decision.pdf' },
          },
          Payments: [],
        },
      },
    });
    app = renderApp('/sentitems?item=s1');
    const list = await screen.findByTestId('sent-progress-steps');
    expect(list.tagName).toBe('OL');
    const items = within(list).getAllByTestId('sent-progress-step');
    expect(items.map((li) => li.dataset.state)).toEqual(['done', 'done', 'done', 'current', 'todo']);
    expect(items[3]?.getAttribute('aria-current')).toBe('step');
    expect(items[3]?.textContent).toContain('Decision: Partly approved');
    expect(items[3]?.textContent).toContain('Now');
    expect(items[4]?.textContent).toContain('Not yet');
    expect(screen.getByTestId('sent-progress-reason').textContent).toContain('cannot pay for');
    const lines = screen.getAllByTestId('sent-progress-line');
    expect(lines[1]?.textContent).toContain('Massage');
    expect(lines[1]?.textContent).toContain('$120.00');
    expect(lines[1]?.textContent).toContain('$0.00');
    expect(lines[1]?.textContent).toContain('Not approved treatment');
    expect(screen.getByTestId('sent-progress-letter').textContent).toContain('decision.pdf');
    expect(server.callsTo('/api/payments/getsentitemprogress')[0]?.body).toMatchObject({ SentItemId: 's1' });
  });

  it('opens the right form when more information is needed', () => {
    expect(replyFormOf('Reimbursement')).toEqual({ to: '/reimbursementform', label: 'Claim reimbursement' });
    expect(replyFormOf('Documents')).toEqual({ to: '/submitdocuments', label: 'Upload documents' });
    expect(currentStepIndex(steps(0))).toBe(-1);
    expect(currentStepIndex(steps(5))).toBe(4);
  });
});

describe('the claim home’s payments panel', () => {
  it('shows the next payment and recent decisions, and nothing when there are none', async () => {
    saveLoginToken('t', false);
    let empty = false;
    mockServer({
      ...SHELL_ROUTES,
      '/api/payments/getsummary': () => ({
        status: 200,
        body: empty
          ? { NextPayment: null, RecentDecisions: [] }
          : {
              NextPayment: { PaymentId: 'n1', Date: '2026-11-27', AmountCents: 61_234, Kind: 'income-support' },
              RecentDecisions: [
                { SentItemId: 's1', Subject: 'Reimbursement: Pharmacy', Outcome: 'declined', Date: '2026-11-20' },
              ],
            },
      }),
    });
    app = renderApp('/claim');
    const panel = await screen.findByTestId('home-payments');
    expect(within(panel).getByTestId('home-next-payment').textContent).toContain('$612.34 on 27 November 2026');
    expect(within(panel).getByTestId('home-decision').textContent).toContain('Declined, 20 November 2026');
    expect(within(panel).getByRole('link', { name: 'Reimbursement: Pharmacy' }).getAttribute('href')).toBe(
      '/sentitems?item=s1',
    );
    app.cleanup();
    empty = true;
    app = renderApp('/claim');
    await screen.findByTestId('enquiries-note');
    expect(screen.queryByTestId('home-payments')).toBeNull();
  });
});
