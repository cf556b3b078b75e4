/**
 * Payments and decisions in Chromium at 1280 and 375 px. The claims system (the provider API)
 * records payments of one of Alex's claims — paid, scheduled, returned, one to a provider whose
 * description a spreadsheet would take for a formula — and declines an enquiry Alex sent, with a
 * letter. Alex sees the Payments page (upcoming first, the history, the year filter and its
 * totals), downloads the statement as a PDF and a CSV (the formula kept as text), follows the
 * enquiry's progress to its decision, and sees the claim home's panel. The demo's part approval
 * shows its receipt lines and its "more information needed" opens the reimbursement form. Sam sees
 * none of Alex's, and Alex's ids answer "not found" to Sam. Every page visited gets the axe check.
 */
import { readFile } from 'node:fs/promises';
import {
  PROVIDER_TIME_ZONE,
  financialYearLabel,
  financialYearOf,
  financialYearRange,
  isoToday,
} from '@portal/contracts';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { ALEX_CLAIMS, ApiClient, DEMO, SAM_CLAIM } from '../support/api.ts';
import { seedSession } from '../support/auth.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { DESKTOP, PHONE, VIEWPORTS, isNarrow } from '../support/browser.ts';
import { arriveAt, useSuite, visit } from '../support/harness.ts';
import { horizontalOverflow, screenshot, settle } from '../support/page.ts';
import { providerClient } from '../support/provider.ts';
import { expectVisible, sideMenu } from '../support/ui.ts';

const suite = useSuite();
/** Alex's third claim holds no demo payments: the test's own, recorded through the provider API, give exact totals. */
const CLAIM = ALEX_CLAIMS[2];
/** Alex's second claim holds the demo's answered reimbursements. */
const DEMO_DECISIONS_CLAIM = ALEX_CLAIMS[1];
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const today = isoToday(new Date(), PROVIDER_TIME_ZONE);
const year = financialYearOf(today);
const { from: yearStart, to: yearEnd } = financialYearRange(year);
// Paid on the first days of this financial year; one the year before; one scheduled a week ahead
// (or on the year's last day, so it stays in this year's view).
const WEEKLY = 61_234;
const REIMBURSED = 8_450;
const BEFORE = 55_000;
const scheduledOn = addDays(today, 7) > yearEnd ? yearEnd : addDays(today, 7);
const FORMULA = '=HYPERLINK("http://x.example") pharmacy';

type Setup = { sentItemId: string; enquiry: string };
let setup: Setup;

/** Sam sends an enquiry (the claimant API); the claims system records payments and declines it (the provider API). */
async function recordPaymentsAndDecision(): Promise<Setup> {
  const api = new ApiClient(suite.baseURL, suite.server.knownDevice);
  const { AccessToken } = await api.login(DEMO.alex, { rememberMe: false });
  await api.selectClaim(AccessToken, CLAIM.number);
  const enquiry = 'When will my travel costs be paid?';
  const created = await api.post('/api/documentupload/uploadcontactform', {
    AccessToken,
    Category: { Item: 'General enquiry', ElementNumber: 10 },
    Message: enquiry,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const { Identifier } = created.body as { Identifier: string };
  const submitted = await api.post('/api/documentupload/submitcontactform', {
    AccessToken,
    FormId: Identifier,
    IdempotencyKey: 'e2e-payments-enquiry-1',
  });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  const sent = await api.post('/api/documentupload/getsentitems', { AccessToken, Offset: 0, Amount: 10 });
  const item = (sent.body as { SentItems: { Id: string; Message: string }[] }).SentItems.find(
    (i) => i.Message === enquiry,
  );
  if (!item) throw new Error('the enquiry is not among the sent items');

  const provider = providerClient(suite.server, ['payments:write', 'decisions:write']);
  const account = { Kind: 'account', AccountLast3: '321' } as const;
  const payments = [
    {
      Reference: 'W1',
      Kind: 'income-support',
      AmountCents: WEEKLY,
      PaymentDate: yearStart,
      Status: 'paid',
      PaidTo: account,
    },
    {
      Reference: 'W2',
      Kind: 'income-support',
      AmountCents: WEEKLY,
      PaymentDate: addDays(yearStart, 7),
      Status: 'paid',
      PaidTo: account,
    },
    {
      Reference: 'W3',
      Kind: 'income-support',
      AmountCents: WEEKLY,
      PaymentDate: addDays(yearStart, 14),
      Status: 'paid',
      PaidTo: account,
    },
    {
      Reference: 'R1',
      Kind: 'paid-to-provider',
      Description: FORMULA,
      AmountCents: REIMBURSED,
      PaymentDate: addDays(yearStart, 2),
      Status: 'paid',
      PaidTo: { Kind: 'provider', Name: 'Corner Pharmacy' },
    },
    {
      Reference: 'X1',
      Kind: 'income-support',
      AmountCents: WEEKLY,
      PaymentDate: addDays(yearStart, 21),
      Status: 'returned',
      PaidTo: account,
    },
    {
      Reference: 'OLD',
      Kind: 'lump-sum',
      AmountCents: BEFORE,
      PaymentDate: addDays(yearStart, -10),
      Status: 'paid',
      PaidTo: account,
    },
    {
      Reference: 'NEXT',
      Kind: 'income-support',
      AmountCents: WEEKLY,
      PaymentDate: scheduledOn,
      Status: 'scheduled',
      PaidTo: account,
    },
  ];
  for (const p of payments) {
    const answer = await provider.call('PUT', '/payments', { ClaimNumber: CLAIM.number, ...p });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }
  const decided = await provider.call('PUT', `/sent-items/${item.Id}/decision`, {
    ClaimNumber: CLAIM.number,
    Outcome: 'declined',
    Date: today,
    Reason: 'Travel to work is not a cost we can pay for.',
    Review: 'Call us within 3 months to ask for a review.',
    Letter: { Filename: 'decision.pdf', ContentBase64: PDF.toString('base64') },
  });
  expect(decided.status, JSON.stringify(decided.body)).toBe(200);
  return { sentItemId: item.Id, enquiry };
}

beforeAll(async () => {
  setup = await recordPaymentsAndDecision();
});

async function expectNoOverflow(page: Page): Promise<void> {
  const { overflow, culprits } = await horizontalOverflow(page);
  expect(overflow, culprits.join(', ')).toBe(0);
}

async function saved(download: Download): Promise<Buffer> {
  const file = await download.path();
  return readFile(file);
}

async function downloadOf(page: Page, testId: string): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return { name: download.suggestedFilename(), bytes: await saved(download) };
}

describe.each(VIEWPORTS)('payments and decisions at $name', (viewport) => {
  test('the Payments page, its year filter, totals and statements; the enquiry’s progress; the home panel', async () => {
    const { page } = await suite.open(viewport);
    await seedSession(page, suite.baseURL, DEMO.alex, { claim: CLAIM.number });

    // The claim home: the next payment and the decision.
    await visit(page, '/claim', `/claim with payments (${viewport.name})`);
    const panel = page.getByTestId('home-payments');
    await expectVisible(panel, 'the payments panel');
    expect(await panel.getByTestId('home-next-payment').textContent()).toContain('$612.34');
    expect(await panel.getByTestId('home-decision').first().textContent()).toContain('Declined');
    await screenshot(page, `payments-home-${viewport.name}`);

    // The menus lead to Payments, beside Inbox.
    if (isNarrow(viewport)) {
      await page.getByTestId('menu-button').click();
      await sideMenu(page).getByRole('link', { name: 'Payments' }).click();
    } else {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payments' }).click();
    }
    await arriveAt(page, '/payments', `/payments (${viewport.name})`);
    expect(await page.locator('h1').textContent()).toBe('Payments');
    expect(await page.locator('nav[aria-label="Breadcrumb"]').textContent()).toContain('Payments');
    const upcoming = page.getByTestId('payments-upcoming-row');
    await expectVisible(upcoming.first(), 'the scheduled payment');
    expect(await upcoming.first().textContent()).toContain('Scheduled');
    const history = page.getByTestId('payments-history-row');
    expect(await history.count()).toBe(5);
    // A table to screen readers at every width (below 680 px its rows are drawn as cards, with no
    // ARIA roles spelled out): rows, column headers and cells by their roles.
    const historyTable = page.getByRole('table').and(page.getByTestId('payments-history'));
    expect(await historyTable.getByRole('row').count()).toBe(6);
    expect(await historyTable.getByRole('columnheader').count()).toBe(5);
    expect(await historyTable.getByRole('rowheader').count()).toBe(5);
    expect(await historyTable.getByRole('cell').count()).toBe(20);
    // Newest first.
    const dates = await history.evaluateAll((rows) =>
      rows.map((r) => r.querySelector('time')?.getAttribute('datetime')),
    );
    expect(dates).toEqual([...dates].sort().reverse());
    expect(await page.getByTestId('payments-history').textContent()).toContain('Returned by the bank');
    expect(await page.getByTestId('payments-history').textContent()).toContain('Corner Pharmacy');
    expect(await page.getByTestId('payments-total').textContent()).toBe('$1,921.52');
    expect(await page.getByTestId('payments-taxable').textContent()).toBe('$1,837.02');
    expect(await page.locator('table caption').first().textContent()).toBeTruthy();
    await expectNoOverflow(page);
    await screenshot(page, `payments-${viewport.name}`);

    // The statements: a PDF and a CSV, neither empty; the CSV keeps the formula as text.
    const pdf = await downloadOf(page, 'payments-statement-pdf');
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.name).toMatch(/\.pdf$/);
    const csv = await downloadOf(page, 'payments-statement-csv');
    const text = csv.bytes.toString('utf8');
    expect(csv.name).toMatch(/\.csv$/);
    expect(text).toContain('Corner Pharmacy');
    expect(text).toContain(`'=HYPERLINK`);
    expect(text).not.toMatch(/(^|,)"?=HYPERLINK/m);

    // The year before: only its payment, and its total.
    await page.getByTestId('payments-year-filter').selectOption(String(year - 1));
    await page.getByTestId('payments-total').filter({ hasText: '$550.00' }).waitFor();
    expect(await page.getByTestId('payments-history-row').count()).toBe(1);
    expect(page.url()).toContain(`year=${year - 1}`);
    await expectNoSeriousA11yViolations(page, `/payments ${financialYearLabel(year - 1)} (${viewport.name})`);

    // The enquiry's progress: Sent → Received → … → Decision (declined), its reason, review and letter.
    await visit(page, '/sentitems', `/sentitems (${viewport.name})`);
    await page.locator(`[data-sent-item-id="${setup.sentItemId}"]`).first().click();
    const progress = page.getByTestId('sent-progress');
    await expectVisible(progress.getByTestId('sent-progress-decision'), 'the decision');
    const steps = progress.getByTestId('sent-progress-step');
    expect(await steps.count()).toBe(5);
    expect(await progress.locator('ol [aria-current="step"]').textContent()).toContain('Decision: Declined');
    expect(await progress.getByTestId('sent-progress-reason').textContent()).toContain('not a cost we can pay for');
    expect(await progress.getByTestId('sent-progress-review').textContent()).toContain('ask for a review');
    const letter = await downloadOf(page, 'sent-progress-letter');
    expect(letter.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await settle(page);
    await expectNoSeriousA11yViolations(page, `sent item progress (${viewport.name})`);
    await expectNoOverflow(page);
    await screenshot(page, `payments-sent-item-${viewport.name}`);
  });
});

describe('the demo data', () => {
  test('part approval lines, the more-information reply, paging by ten (375 px)', async () => {
    const viewport = PHONE;
    const { page } = await suite.open(viewport);
    const token = await seedSession(page, suite.baseURL, DEMO.alex, { claim: DEMO_DECISIONS_CLAIM.number });
    const api = new ApiClient(suite.baseURL, suite.server.knownDevice);
    const sent = await api.post('/api/documentupload/getsentitems', { AccessToken: token, Offset: 0, Amount: 10 });
    const outcomes = new Map<string, string>();
    // What each decision says, as the server sent it: the page must show these words.
    const said = new Map<string, { Reason?: string; Needed?: string }>();
    for (const item of (sent.body as { SentItems: { Id: string }[] }).SentItems) {
      const progress = await api.post('/api/payments/getsentitemprogress', { AccessToken: token, SentItemId: item.Id });
      const decision = (progress.body as { Decision: { Outcome: string; Reason?: string; Needed?: string } | null })
        .Decision;
      if (decision) {
        outcomes.set(decision.Outcome, item.Id);
        said.set(decision.Outcome, decision);
      }
    }
    const partly = outcomes.get('partly-approved');
    const moreInformation = outcomes.get('more-information-needed');
    if (!partly || !moreInformation)
      throw new Error(`the demo decisions are missing: ${[...outcomes.keys()].join(', ')}`);

    await visit(page, '/sentitems', '/sentitems of the demo decisions');
    await page.locator(`[data-sent-item-id="${partly}"]`).first().click();
    const lines = page.getByTestId('sent-progress-line');
    await expectVisible(lines.first(), 'the receipt lines');
    expect(await lines.count()).toBeGreaterThan(1);
    const partlyReason = said.get('partly-approved')?.Reason ?? '';
    expect(partlyReason).toMatch(/\S/);
    expect(await page.getByTestId('sent-progress-reason').textContent()).toBe(partlyReason);
    await expectNoSeriousA11yViolations(page, 'a part approval (phone)');
    await expectNoOverflow(page);
    await screenshot(page, 'payments-part-approval-phone');

    await page.getByTestId('sent-detail-back').click();
    await page.locator(`[data-sent-item-id="${moreInformation}"]`).first().click();
    const reply = page.getByTestId('sent-progress-reply');
    await expectVisible(reply, 'the reply button');
    expect(await reply.textContent()).toBe('Claim reimbursement');
    // The claim opens pre-linked: it is sent as the answer to this item (RespondsTo).
    expect(await reply.getAttribute('href')).toBe(`/reimbursementform?respondsTo=${moreInformation}`);
    const needed = said.get('more-information-needed')?.Needed ?? '';
    expect(needed).toMatch(/\S/);
    expect(await page.getByTestId('sent-progress-needed').textContent()).toBe(`What we need: ${needed}`);
    await expectNoSeriousA11yViolations(page, 'more information needed (phone)');

    // The first claim's year of weekly payments, ten at a time: "Load more" brings the next ten
    // and the first of them takes the focus.
    await api.selectClaim(token, ALEX_CLAIMS[0].number);
    await visit(page, '/payments?year=all', '/payments, a year of weekly payments (phone)');
    const rows = page.locator('[data-testid="payments-upcoming-row"], [data-testid="payments-history-row"]');
    await expectVisible(rows.first(), 'the first payments');
    expect(await rows.count()).toBe(10);
    await page.getByTestId('payments-load-more').click();
    await page.getByTestId('payments-load-more-status').filter({ hasText: 'Showing' }).waitFor();
    expect(await rows.count()).toBe(20);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('payments-history-row');
    await expectNoSeriousA11yViolations(page, '/payments after Load more (phone)');
  });
});

describe('another claimant', () => {
  test('sees none of Alex’s payments or decisions, and Alex’s ids answer not found', async () => {
    const { page } = await suite.open(DESKTOP);
    const token = await seedSession(page, suite.baseURL, DEMO.sam, { claim: SAM_CLAIM.number });
    await visit(page, '/payments?year=all', '/payments as Sam');
    await page.getByTestId('payments-history').waitFor();
    const main = (await page.locator('main').textContent()) ?? '';
    expect(main).not.toContain('Corner Pharmacy');
    expect(main).not.toContain('HYPERLINK');
    await visit(page, '/claim', '/claim as Sam');
    expect(await page.locator('main').textContent()).not.toContain('Declined');

    const api = new ApiClient(suite.baseURL, suite.server.knownDevice);
    const progress = await api.post('/api/payments/getsentitemprogress', {
      AccessToken: token,
      SentItemId: setup.sentItemId,
    });
    expect(progress.status).toBe(225);
    expect(progress.body).toEqual([expect.objectContaining({ Number: 451 })]);
    const statement = await api.post('/api/payments/getstatement', {
      AccessToken: token,
      FinancialYear: year,
      Format: 'csv',
    });
    expect(statement.status).toBe(200);
    expect(String(statement.body)).not.toContain('Corner Pharmacy');
  });
});
