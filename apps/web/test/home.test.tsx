/**
 * The claim home's bank-details banner (spec 000 §2, §4; decision 027): it asks rather than being
 * closed. "Yes, these are correct" calls verifybankdetails; "Review my bank details" leads to the
 * bank block of My Details and calls nothing; nothing else hides it.
 */
import { MESSAGES } from '@portal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { saveLoginToken } from '../src/lib/session/session.ts';
import { CLAIMS, accountFixture, mockServer } from './helpers.ts';
import { renderApp } from './render-app.tsx';

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => {
  app?.cleanup();
  app = undefined;
});

const UNVERIFIED = accountFixture({
  BankDetailsVerified: false,
  BankAccountDetails: {
    BankName: 'Commonwealth Bank of Australia',
    AccountName: 'Alex Citizen',
    Bsb: '063000',
    AccountNumber: '*****6789',
  },
});

function homeServer(account = UNVERIFIED, verify: { status: number; body: unknown } = { status: 200, body: true }) {
  return mockServer({
    '/api/claim/getclaims': { status: 200, body: CLAIMS.map((c, i) => ({ ...c, Selected: i === 0 })) },
    '/api/inbox/getunreadmessagecount': { status: 200, body: 0 },
    '/api/analytics/pageview': { status: 200, body: true },
    '/api/account/keepalive': { status: 200, body: { IdleTimeoutSeconds: 1200 } },
    '/api/account/getaccount': { status: 200, body: account },
    '/api/account/verifybankdetails': verify,
  });
}

async function openHome() {
  saveLoginToken('t', false);
  app = renderApp('/claim');
  return screen.findByRole('region', { name: 'Check your bank details' });
}

describe('the bank-details banner', () => {
  it('shows the details it asks about and asks; there is no Close', async () => {
    homeServer();
    const banner = await openHome();
    expect(banner.textContent).toContain(MESSAGES.bankVerifyBanner);
    const details = within(banner).getByTestId('bank-verify-banner-details');
    expect(details.textContent).toContain('Commonwealth Bank of Australia');
    expect(details.textContent).toContain('Alex Citizen');
    expect(details.textContent).toContain('063-000');
    expect(details.textContent).toContain('ending in 6789');
    expect(details.textContent).not.toContain('*****6789');
    const answers = within(banner).getByRole('group', { name: 'Are these details correct?' });
    const yes = within(answers).getByRole('button', { name: 'Yes, these are correct' });
    expect(yes.textContent).toBe('Yes, these are correct');
    expect(yes.getAttribute('aria-disabled')).toBeNull();
    expect(within(answers).getByRole('link', { name: 'Review my bank details' }).getAttribute('href')).toBe(
      '/account#account-bank',
    );
    expect(within(banner).queryByRole('button', { name: /close|dismiss/i })).toBeNull();
    expect(screen.queryByTestId('bank-verify-banner-close')).toBeNull();
  });

  it('"Review my bank details" goes to My Details and verifies nothing', async () => {
    const server = homeServer();
    const banner = await openHome();
    fireEvent.click(within(banner).getByRole('link', { name: 'Review my bank details' }));
    await waitFor(() => expect(app?.pathname()).toBe('/account'));
    expect(app?.router.state.location.hash).toBe('#account-bank');
    await screen.findByTestId('account-bank');
    expect(server.callsTo('/api/account/verifybankdetails')).toHaveLength(0);
  });

  it('"Yes, these are correct" verifies once, thanks the claimant and puts the keyboard there', async () => {
    const server = homeServer();
    const banner = await openHome();
    fireEvent.click(within(banner).getByRole('button', { name: 'Yes, these are correct' }));
    const thanks = await screen.findByTestId('bank-verify-confirmed');
    await waitFor(() => expect(screen.queryByTestId('bank-verify-banner')).toBeNull());
    expect(thanks.getAttribute('role')).toBe('status');
    expect(thanks.textContent).toBe('Thank you for confirming your bank details.');
    await waitFor(() => expect(document.activeElement).toBe(thanks));
    expect(server.callsTo('/api/account/verifybankdetails')).toHaveLength(1);
  });

  it('stays, still asking, when the confirmation could not be sent', async () => {
    homeServer(UNVERIFIED, { status: 225, body: [{ Number: 1, Message: 'Not now' }] });
    const banner = await openHome();
    fireEvent.click(within(banner).getByRole('button', { name: 'Yes, these are correct' }));
    await screen.findByRole('alertdialog');
    // Still asking (behind the alert): the question and its Yes, which can be pressed again.
    const stillThere = screen.getByTestId('bank-verify-banner');
    expect(within(stillThere).getByText('Are these details correct?').id).toBe('bank-banner-question');
    await waitFor(() =>
      expect(within(stillThere).getByTestId('bank-verify-banner-yes').getAttribute('aria-disabled')).toBeNull(),
    );
    expect(screen.queryByTestId('bank-verify-confirmed')).toBeNull();
  });

  it('is not shown once the details are verified, or when none are held', async () => {
    for (const account of [
      accountFixture({ BankDetailsVerified: true, BankAccountDetails: UNVERIFIED.BankAccountDetails }),
      accountFixture({ BankDetailsVerified: false, BankAccountDetails: null }),
    ]) {
      homeServer(account);
      saveLoginToken('t', false);
      app = renderApp('/claim');
      await screen.findByRole('heading', { name: 'What would you like to do?' });
      expect(screen.queryByTestId('bank-verify-banner')).toBeNull();
      app.cleanup();
      app = undefined;
    }
  });
});
