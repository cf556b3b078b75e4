/**
 * My Details → "People who help" in Chromium at 375 px: Alex invites a helper after the Security
 * step-up (the 4-digit code read from the test's SMTP server), the form's problems in its error
 * summary and at its fields first, then the invitation (its e-mail reaches the helper's address),
 * the list showing it Invited, what it offers lowered from View and send to View (no code for
 * less), and the invitation withdrawn after its question. axe on each state.
 * The helper's side (the /helping page, taking the invitation) is tested where it is built.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { nextMatching } from '../../apps/server/test/mail-sink.ts';
import { ALEX_CLAIMS, DEMO } from '../support/api.ts';
import { seedSession } from '../support/auth.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { PHONE } from '../support/browser.ts';
import { nextCode } from '../support/codes.ts';
import { arriveAt, useSuite } from '../support/harness.ts';
import { settle } from '../support/page.ts';
import { expectVisible } from '../support/ui.ts';

const suite = useSuite();
const HELPER_EMAIL = 'kim.helper@example.com';

async function typeCode(page: Page, code: string): Promise<void> {
  const field = page.getByTestId('access-code-input');
  await field.fill('');
  await field.pressSequentially(code);
}

const SHOTS = path.join(import.meta.dirname, '..', 'screenshots', 'helpers');

/** Axe, then the block at 375 px as it is (to look at). */
async function check(page: Page, label: string, shot: string): Promise<void> {
  await settle(page);
  await expectNoSeriousA11yViolations(page, label);
  mkdirSync(SHOTS, { recursive: true });
  await page.getByTestId('account-helpers').screenshot({ path: path.join(SHOTS, `${shot}-375.png`) });
}

/** A year from today, as dd/mm/yyyy. */
function aYearFromNow(): string {
  const d = new Date(Date.now() + 365 * 24 * 60 * 60 * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
}

describe('People who help (the claimant)', () => {
  test('Alex invites someone to help after the step-up, sees the invitation listed, and withdraws it', async () => {
    const { page } = await suite.open(PHONE);
    await seedSession(page, suite.baseURL, DEMO.alex, { claim: ALEX_CLAIMS[0].number });
    await page.goto('/account');
    await arriveAt(page, '/account', 'My Details with People who help');
    const block = page.getByTestId('account-helpers');
    await expectVisible(block.getByTestId('helpers-empty'), 'the empty state');

    // The Security step-up first: no factor yet, so the 4-digit code.
    await block.getByTestId('helpers-invite-start').click();
    await expectVisible(block.getByTestId('helpers-step-up'), 'the step-up');
    await typeCode(page, await nextCode(suite.server, DEMO.alex));
    const form = block.getByTestId('helper-invite-form');
    await expectVisible(form, 'the invitation form');
    await check(page, 'Invite someone to help', 'invite-form');

    // Sent too early: the summary lists the problems, each field says its own.
    await block.getByTestId('helper-invite-submit').click();
    await expectVisible(block.getByTestId('helper-invite-errors'), 'the error summary');
    expect(await block.getByTestId('helper-invite-name').getAttribute('aria-invalid')).toBe('true');
    await check(page, 'Invite someone to help, with its problems listed', 'invite-errors');

    await block.getByLabel('Their name').fill('Kim Helper');
    await block.getByLabel('Their e-mail address or mobile number').fill(HELPER_EMAIL);
    await block.getByLabel('Which claim').selectOption(ALEX_CLAIMS[1].number);
    await block.getByTestId('helper-invite-scope-send').check();
    await block.getByLabel('Last day of access (optional)').fill(aYearFromNow());
    await block.getByTestId('helper-invite-submit').click();

    const said = block.getByTestId('helpers-said');
    await expect.poll(() => said.textContent(), { timeout: 10_000 }).toMatch(/^We have sent Kim Helper an invitation/);
    const item = block.getByTestId('helper-item');
    expect(await item.getAttribute('data-state')).toBe('Invited');
    expect(await item.textContent()).toContain(`Claim ${ALEX_CLAIMS[1].number}`);
    expect(await item.textContent()).not.toContain(HELPER_EMAIL);
    const invitation = await nextMatching(suite.server.mail, HELPER_EMAIL, /invited to help/);
    expect(invitation.text).toContain('/helping#invitation=');
    await check(page, 'People who help with an invitation', 'invited');

    // Less access at once, with no code: the invitation now offers View.
    await item.getByRole('button', { name: 'Change what they can do for Kim Helper' }).click();
    await expectVisible(block.getByTestId('helper-change-form'), 'the change form');
    expect(await block.getByTestId('helper-change-scope-send').isChecked()).toBe(true);
    await block.getByTestId('helper-change-scope-view').check();
    await check(page, 'Change what Kim Helper can do', 'change-scope');
    await block.getByTestId('helper-change-submit').click();
    await expect
      .poll(() => said.textContent())
      .toBe('The invitation to Kim Helper now offers View. It still works until they accept it.');
    await expect.poll(() => item.textContent()).toContain('View. They can see your messages');

    // Withdrawn after its question, in one step.
    await item.getByTestId('helper-withdraw').click();
    await expectVisible(block.getByTestId('helpers-confirm'), 'the question');
    await check(page, 'Withdraw the invitation?', 'withdraw-question');
    await block.getByTestId('helpers-confirm-yes').click();
    await expect.poll(() => said.textContent()).toBe('The invitation to Kim Helper is withdrawn.');
    await expect.poll(() => item.getAttribute('data-state')).toBe('Ended');
    await check(page, 'People who help after the withdrawal', 'withdrawn');
  });
});
