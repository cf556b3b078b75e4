/**
 * Decisions in words (decision 034) in Chromium at 375 px, on the demo's claim 19/12345 (a part
 * approval, a decline and a request for more information, as the claims system recorded them):
 * Sent items says each decision in words and by when something is needed; the decline opens with
 * an apology, says what could change it, how to ask for a review and until when, links the phone
 * number and has no green tick and no "Pay me"; the claim home opens with "You have something to
 * do" above the panels. Another claim of Alex's, and Sam, have nothing to do. Every page visited
 * gets the axe check; the screens are also taken at 1280 and 320 px.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ALEX_CLAIMS, ApiClient, DEMO, SAM_CLAIM } from '../support/api.ts';
import { seedSession } from '../support/auth.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { DESKTOP, PHONE, type Viewport } from '../support/browser.ts';
import { useSuite, visit } from '../support/harness.ts';
import { horizontalOverflow, screenshot, settle } from '../support/page.ts';
import { expectVisible } from '../support/ui.ts';

const suite = useSuite();
const DEMO_CLAIM = ALEX_CLAIMS[1];
const OTHER_CLAIM = ALEX_CLAIMS[0];
const NARROW: Viewport = { name: 'phone', width: 320, height: 640 };

const MONTHS = 'January February March April May June July August September October November December'.split(' ');
/** '2026-12-05' → '5 December 2026', as the portal writes dates in words. */
function inWords(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

type Demo = { part: string; declined: string; info: string; neededBy: string; reviewBy: string };

/** The demo's three answered reimbursements, by outcome, read through the claimant API. */
async function demoItems(token: string): Promise<Demo> {
  const api = new ApiClient(suite.baseURL, suite.server.knownDevice);
  const sent = await api.post('/api/documentupload/getsentitems', { AccessToken: token, Offset: 0, Amount: 10 });
  const items = (sent.body as { SentItems: { Id: string; Decision: { Outcome: string; NeededBy: string } | null }[] })
    .SentItems;
  const of = (outcome: string) => {
    const found = items.find((i) => i.Decision?.Outcome === outcome);
    if (!found) throw new Error(`the demo has no ${outcome} sent item`);
    return found;
  };
  const declined = of('declined').Id;
  const progress = await api.post('/api/payments/getsentitemprogress', { AccessToken: token, SentItemId: declined });
  const reviewBy = (progress.body as { Decision: { ReviewBy: string | null } }).Decision.ReviewBy;
  if (!reviewBy) throw new Error('the demo decline has no review date');
  return {
    part: of('partly-approved').Id,
    declined,
    info: of('more-information-needed').Id,
    neededBy: of('more-information-needed').Decision?.NeededBy as string,
    reviewBy,
  };
}

async function expectNoOverflow(page: Page): Promise<void> {
  const { overflow, culprits } = await horizontalOverflow(page);
  expect(overflow, culprits.join(', ')).toBe(0);
}

function item(page: Page, id: string) {
  return page.locator(`[data-testid="sent-item"][data-sent-item-id="${id}"]`);
}

async function openItem(page: Page, id: string, label: string): Promise<void> {
  await item(page, id).click();
  await expectVisible(page.getByTestId('sent-progress-decision'), `the decision of ${label}`);
  await settle(page);
  await expectNoSeriousA11yViolations(page, `${label} (${page.viewportSize()?.width} px)`);
}

describe('decisions in words at 375 px', () => {
  test('Sent items says each decision; the decline is kind and says what to do; the home opens with the task', async () => {
    const { page } = await suite.open(PHONE);
    const token = await seedSession(page, suite.baseURL, DEMO.alex, { claim: DEMO_CLAIM.number });
    const demo = await demoItems(token);

    // Sent items: the decision in words, and by when something is needed.
    await visit(page, '/sentitems', '/sentitems, the demo decisions (375 px)');
    await expectVisible(item(page, demo.part), 'the part approval');
    expect(await item(page, demo.part).getByTestId('sent-item-status').textContent()).toBe('Status: Partly approved');
    expect(await item(page, demo.declined).getByTestId('sent-item-status').textContent()).toBe('Status: Declined');
    const info = item(page, demo.info);
    expect(await info.getByTestId('sent-item-status').textContent()).toBe('Status: We need something from you');
    expect(await info.getByTestId('sent-item-state-note').textContent()).toBe(`Needed by ${inWords(demo.neededBy)}`);
    const list = (await page.getByTestId('sent-list').textContent()) ?? '';
    expect(list).not.toContain('Completed');
    expect(list).not.toContain('In progress');
    expect(list).not.toContain('Pay me');
    await expectNoOverflow(page);

    // The part approval: each receipt's amount and why, and whom we pay.
    await openItem(page, demo.part, 'a part approval');
    expect(await page.getByTestId('sent-progress-line').count()).toBe(2);
    expect(await page.getByTestId('sent-detail-pay-to').textContent()).toContain('Who we pay: You: Alex Citizen');
    await expectNoOverflow(page);
    await page.getByTestId('sent-detail-back').click();

    // The decline: sorry first, why, what could change it, how to ask for a review and until when.
    await openItem(page, demo.declined, 'a decline');
    const decision = page.getByTestId('sent-progress-decision');
    expect(await decision.locator('h4 + p').textContent()).toBe('We’re sorry, this is not the answer you hoped for.');
    expect(await decision.getByTestId('sent-progress-reason').textContent()).toContain('gym membership');
    expect(await decision.getByTestId('sent-progress-change').textContent()).toContain('look at the decision again');
    expect(await decision.getByRole('link', { name: 'Upload documents' }).getAttribute('href')).toBe(
      `/submitdocuments?respondsTo=${demo.declined}`,
    );
    expect(await decision.getByTestId('sent-progress-review').textContent()).toContain('internal review');
    expect(await decision.getByTestId('sent-progress-review-by').textContent()).toBe(
      `You can ask for a review until ${inWords(demo.reviewBy)}.`,
    );
    expect(await decision.getByTestId('sent-progress-call').getByRole('link').getAttribute('href')).toMatch(
      /^tel:\+?[0-9]+$/,
    );
    // No green tick on a decline, and no "Pay me".
    const markers = page.getByTestId('sent-progress-step').locator('[aria-hidden="true"]');
    const marks = await markers.evaluateAll((els) =>
      els.map((el) => ({ text: el.textContent, background: getComputedStyle(el).backgroundColor })),
    );
    expect(marks[3]?.text).toBe('4');
    expect(marks.some((m) => m.text === '✓' && m.background === 'rgb(30, 107, 58)')).toBe(false);
    const detail = (await page.getByTestId('sent-detail').textContent()) ?? '';
    expect(detail).not.toContain('Pay me');
    expect(detail).not.toContain('Who we pay');
    await expectNoOverflow(page);
    await page.getByTestId('sent-detail-back').click();

    // More information needed: what, by when, and the form that answers it.
    await openItem(page, demo.info, 'more information needed');
    expect(await page.getByTestId('sent-progress-needed-by').textContent()).toBe(
      `Please send it by ${inWords(demo.neededBy)}.`,
    );
    expect(await page.getByTestId('sent-progress-reply').getAttribute('href')).toBe(
      `/reimbursementform?respondsTo=${demo.info}`,
    );

    // The claim home opens with the task, above the panels: its date and its one button.
    await visit(page, '/claim', '/claim with a task (375 px)');
    const tasks = page.getByRole('region', { name: 'You have something to do' });
    await expectVisible(tasks, 'the tasks');
    const task = tasks.getByTestId('home-task');
    expect(await task.count()).toBe(1);
    expect(await task.getByTestId('home-task-date').textContent()).toBe(`Send it by ${inWords(demo.neededBy)}.`);
    const button = task.getByRole('link');
    expect(await button.count()).toBe(1);
    expect(await button.textContent()).toBe('Send what we need');
    const tasksBox = await tasks.boundingBox();
    const panelsBox = await page.getByRole('heading', { name: 'What would you like to do?' }).boundingBox();
    expect(tasksBox && panelsBox && tasksBox.y < panelsBox.y).toBe(true);
    // Within the first screen at 375 px, not below the panels.
    expect(tasksBox && tasksBox.y < PHONE.height).toBe(true);
    await expectNoOverflow(page);
    await button.click();
    await page.waitForURL((url) => url.pathname === '/reimbursementform');
    expect(new URL(page.url()).searchParams.get('respondsTo')).toBe(demo.info);
    await settle(page);
    await expectNoSeriousA11yViolations(page, 'the reimbursement form answering a task (375 px)');
  });

  test('another claim of Alex’s, and Sam, have nothing to do; Alex’s items answer "not found" to Sam', async () => {
    const { page } = await suite.open(PHONE);
    const demo = await demoItems(await seedSession(page, suite.baseURL, DEMO.alex, { claim: DEMO_CLAIM.number }));
    await seedSession(page, suite.baseURL, DEMO.alex, { claim: OTHER_CLAIM.number });
    await visit(page, '/claim', '/claim of another claim (375 px)');
    await page.getByRole('heading', { name: 'What would you like to do?' }).waitFor();
    expect(await page.getByTestId('home-tasks').count()).toBe(0);
    expect(await page.getByTestId('home-tasks-error').count()).toBe(0);

    const sam = await seedSession(page, suite.baseURL, DEMO.sam, { claim: SAM_CLAIM.number });
    await visit(page, '/claim', '/claim as Sam (375 px)');
    await page.getByRole('heading', { name: 'What would you like to do?' }).waitFor();
    expect(await page.getByTestId('home-tasks').count()).toBe(0);
    const api = new ApiClient(suite.baseURL, suite.server.knownDevice);
    const tasks = await api.post('/api/claim/gettasks', { AccessToken: sam });
    expect(tasks).toEqual({ status: 200, body: { Tasks: [] } });
    for (const id of [demo.info, demo.declined]) {
      const progress = await api.post('/api/payments/getsentitemprogress', { AccessToken: sam, SentItemId: id });
      expect(progress.status).toBe(225);
      expect(progress.body).toEqual([expect.objectContaining({ Number: 451 })]);
    }
  });
});

describe.each([DESKTOP, PHONE, NARROW])('the changed screens at $width px', (viewport) => {
  test('Sent items, each decision, the claim home with and without a task', async () => {
    const { page } = await suite.open(viewport);
    const token = await seedSession(page, suite.baseURL, DEMO.alex, { claim: DEMO_CLAIM.number });
    const demo = await demoItems(token);
    const at = viewport.width;
    await visit(page, '/sentitems', `/sentitems (${at} px)`);
    await expectVisible(item(page, demo.part), 'the sent items');
    await expectNoOverflow(page);
    await screenshot(page, `decisions-sent-items-${at}`);
    for (const [id, name] of [
      [demo.part, 'part-approval'],
      [demo.declined, 'decline'],
      [demo.info, 'more-information'],
    ] as const) {
      await visit(page, `/sentitems?item=${id}`, `/sentitems ${name} (${at} px)`);
      await expectVisible(page.getByTestId('sent-progress-decision'), name);
      await settle(page);
      await expectNoSeriousA11yViolations(page, `${name} (${at} px)`);
      await expectNoOverflow(page);
      await screenshot(page, `decisions-${name}-${at}`);
    }
    await visit(page, '/claim', `/claim with a task (${at} px)`);
    await expectVisible(page.getByTestId('home-tasks'), 'the tasks');
    await expectNoOverflow(page);
    await screenshot(page, `decisions-home-task-${at}`);

    await seedSession(page, suite.baseURL, DEMO.alex, { claim: OTHER_CLAIM.number });
    await visit(page, '/claim', `/claim without a task (${at} px)`);
    await page.getByRole('heading', { name: 'What would you like to do?' }).waitFor();
    expect(await page.getByTestId('home-tasks').count()).toBe(0);
    await screenshot(page, `decisions-home-no-task-${at}`);
  });
});
