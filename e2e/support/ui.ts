/** Locators for the portal's screens, by role and visible text (spec 000 §2 texts). */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export const PANEL_TITLES = [
  'Inbox',
  'What we can pay for',
  'Claim reimbursement',
  'Send a message',
  'Send documents',
  'Personal details',
] as const;

export const BANK_BANNER_TEXT = 'Please check that the bank account details we hold for you are correct.';

export function main(page: Page): Locator {
  return page.getByRole('main');
}

export function header(page: Page): Locator {
  return page.getByRole('banner');
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** A claim card on /claims: the button named "Manage claim" and the claim number. */
export function claimCard(page: Page, claimNumber: string): Locator {
  return main(page).getByRole('button', { name: `Manage claim ${claimNumber}`, exact: true });
}

/** The claim cards on /claims. */
export function claimCards(page: Page): Locator {
  return main(page).getByRole('button', { name: /^Manage claim \d{2}\/\d{5}$/ });
}

/** A link panel on /claim, by its title (the link's accessible name starts with it). */
export function panel(page: Page, title: string): Locator {
  return main(page)
    .getByRole('link', { name: new RegExp(`^${escapeRegExp(title)}\\b`, 'i') })
    .first();
}

/** The unread count of the selected claim, as the claim home shows it. */
export function unreadText(page: Page, count: number): Locator {
  return count === 0
    ? main(page)
        .getByText(/no unread messages/i)
        .first()
    : main(page)
        .getByText(new RegExp(`\\b${count} unread`, 'i'))
        .first();
}

/** The sign-in form's error region (role alert) once it carries an error. */
export function loginError(page: Page): Locator {
  return page
    .getByRole('alert')
    .filter({ hasText: /quote error \d+/ })
    .first();
}

export function switchClaimButton(page: Page): Locator {
  return page.getByRole('button', { name: /switch claim/i }).first();
}

export function menuButton(page: Page): Locator {
  return page.getByRole('button', { name: /menu/i }).first();
}

/** The open side menu (a dialog or a navigation region that appears on narrow screens). */
export function sideMenu(page: Page): Locator {
  return page
    .getByRole('dialog')
    .filter({ has: page.getByRole('button', { name: /sign out/i }).or(page.getByRole('link', { name: /sign out/i })) })
    .first();
}

export function signOutControl(scope: Page | Locator): Locator {
  return scope
    .getByRole('button', { name: /^sign out$/i })
    .or(scope.getByRole('link', { name: /^sign out$/i }))
    .first();
}

/** Closes the error alert dialog with its own button. */
export async function dismissAlert(page: Page): Promise<void> {
  const dialog = page.getByRole('alertdialog').first();
  await dialog.waitFor();
  const button = dialog.getByRole('button').last();
  await button.click();
  await dialog.waitFor({ state: 'hidden' });
}

export async function expectVisible(locator: Locator, what: string, timeout = 10_000): Promise<void> {
  try {
    await locator.waitFor({ state: 'visible', timeout });
  } catch (error) {
    throw new Error(
      `${what}: expected to be visible, but it was not within ${timeout} ms (${(error as Error).message.split('\n')[0]})`,
      { cause: error },
    );
  }
}

export async function expectHidden(locator: Locator, what: string, timeout = 10_000): Promise<void> {
  try {
    await locator.waitFor({ state: 'hidden', timeout });
  } catch (error) {
    throw new Error(
      `${what}: expected to be hidden, but it was still visible after ${timeout} ms (${(error as Error).message.split('\n')[0]})`,
      { cause: error },
    );
  }
}

export async function expectCount(locator: Locator, count: number, what: string, timeout = 10_000): Promise<void> {
  const deadline = Date.now() + timeout;
  let last = -1;
  while (Date.now() < deadline) {
    last = await locator.count();
    if (last === count) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(last, what).toBe(count);
}
