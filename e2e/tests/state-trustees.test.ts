/**
 * A claim managed by the State Trustees (spec 000 §6; spec 001 Reimbursement; the departure is
 * docs/decisions/027-claimant-experience.md). Pat's claim is one, with no bank details held. The
 * reimbursement form used to say "please update on the Personal details screen", and that screen
 * then said bank details cannot be edited: a dead end. Now each place says once who is paid and
 * whom to contact (the State Trustees, or the provider's phone number), and no page sends the
 * claimant to change what cannot be changed.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ApiClient, DEMO, PAT_CLAIM } from '../support/api.ts';
import { seedSession } from '../support/auth.ts';
import { VIEWPORTS, type Viewport } from '../support/browser.ts';
import { arriveAt, useSuite, visit } from '../support/harness.ts';
import { settle } from '../support/page.ts';
import { expectVisible, main } from '../support/ui.ts';

const suite = useSuite();
const SHOTS = '/tmp/shots-h4';
/** The demo server's provider phone (PROVIDER_PHONE's default). */
const PHONE = '1300 654 329';
const DEAD_END = /Personal details screen|please update/i;

async function shot(page: Page, name: string, viewport: Viewport): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await settle(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}-${viewport.width}.png`), fullPage: true });
}

/** Pat signed in with the trustee claim selected, and no reimbursement draft left by another test. */
async function openAsPat(viewport: Viewport): Promise<Page> {
  const api = new ApiClient(suite.baseURL, suite.server.knownDevice);
  const { AccessToken } = await api.login(DEMO.pat);
  await api.selectClaim(AccessToken, PAT_CLAIM.number);
  const discarded = await api.post('/api/documentupload/discarddraft/reimbursement', { AccessToken });
  if (discarded.status !== 200) throw new Error(`discarddraft answered ${discarded.status}`);
  const { page } = await suite.open(viewport);
  await seedSession(page, suite.baseURL, DEMO.pat, { claim: PAT_CLAIM.number });
  return page;
}

/** Says who is paid and whom to contact: the State Trustees, and the phone number as a link. */
async function expectWhoIsPaidAndWhomToContact(box: Locator, what: string): Promise<void> {
  const text = (await box.textContent()) ?? '';
  expect(text, `${what}: who is paid`).toContain('We make your payments to the State Trustees, not to you.');
  expect(text, `${what}: whom to contact`).toMatch(/contact the State Trustees/i);
  expect(await box.getByRole('link', { name: PHONE }).getAttribute('href'), `${what}: the phone number`).toMatch(
    /^tel:/,
  );
}

describe.each(VIEWPORTS)('a claim managed by the State Trustees at $name ($width×$height)', (viewport) => {
  test('the reimbursement form says who is paid and whom to contact, never "update on the Personal details screen"', async () => {
    const page = await openAsPat(viewport);
    await visit(page, '/reimbursementform', `/reimbursementform (State Trustees, ${viewport.name})`);
    await page.getByTestId('reimbursement-pay-me').check();
    await expectVisible(
      main(page)
        .getByText(/State Trustees/)
        .first(),
      'the State Trustees named under "Pay me"',
    );
    expect(await main(page).textContent()).not.toMatch(DEAD_END);
    const box = page.getByTestId('reimbursement-bank-trustee');
    await expectVisible(box, 'what "Pay me" means on a trustee claim');
    await expectWhoIsPaidAndWhomToContact(box, 'the reimbursement form');
    // Said once: the spec's "can't be edited" sentence is not repeated beside it.
    expect(
      await main(page)
        .getByText(/managed by the State Trustees/)
        .count(),
    ).toBe(1);
    expect(await page.getByTestId('reimbursement-add-bank-details').count()).toBe(0);
    await shot(page, 'trustee-reimbursement', viewport);

    // Next does not go on, and its message says what can be done instead.
    await page.getByTestId('reimbursement-next').click();
    const errors = page.getByTestId('reimbursement-errors');
    await expectVisible(errors, 'the error summary');
    const summary = (await errors.textContent()) ?? '';
    expect(summary).not.toMatch(DEAD_END);
    expect(summary).toContain('Choose your provider or someone else to pay: we pay the State Trustees, not you');
    expect(await main(page).textContent()).not.toMatch(DEAD_END);
    await arriveAt(page, '/reimbursementform', `/reimbursementform Next (State Trustees, ${viewport.name})`);
    await shot(page, 'trustee-reimbursement-next', viewport);
  });

  test('My Details says who is paid and whom to contact where the bank details are', async () => {
    const page = await openAsPat(viewport);
    await visit(page, '/account', `/account (State Trustees, ${viewport.name})`);
    const bank = page.getByTestId('account-bank');
    await expectVisible(bank, 'the Bank Account Details block');
    expect(await page.getByTestId('account-bank-edit').count()).toBe(0);
    const note = page.getByTestId('bank-permission');
    // The spec's sentence stays, completed by who is paid and whom to contact.
    expect(await note.textContent()).toContain(
      "Bank account details can't be edited on your claim because it is managed by the State Trustees.",
    );
    await expectWhoIsPaidAndWhomToContact(note, 'My Details');
    expect(await main(page).textContent()).not.toMatch(DEAD_END);
    await bank.scrollIntoViewIfNeeded();
    await shot(page, 'trustee-account', viewport);
  });
});
