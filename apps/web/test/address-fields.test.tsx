/**
 * The home and postal address pickers in both forms that use them (registration, and My Details'
 * contact details): once the form has shown an address's "required" message, choosing an address
 * takes the message away at once, while focus is still in the picker. Left until the field is
 * left, its removal moved the form under the claimant's next click (found by the e2e test of
 * /register: the "same as home" box was not ticked).
 */
import { MESSAGES, type Account } from '@portal/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { saveLoginToken } from '../src/lib/session/session.ts';
import { CLAIMS, HOME_ADDRESS, accountFixture, mockServer, type Call } from './helpers.ts';
import { renderApp } from './render-app.tsx';

const TOORONGA = {
  Moniker: 'GAVIC1',
  PartialAddress: 'UNIT 2, 159 TOORONGA ROAD, GLEN IRIS VIC 3146',
  Picklist: 'x',
  Postcode: '3146',
  Score: 100,
};
const DUKE = {
  Moniker: 'GAVIC2',
  PartialAddress: 'FLAT 14, 5 DUKE STREET, CAULFIELD SOUTH VIC 3162',
  Picklist: 'y',
  Postcode: '3162',
  Score: 100,
};

const ACCOUNT: Account = accountFixture({
  PersonalDetails: { MiddleNames: 'James', DateOfBirth: '1985-06-14' },
  ContactDetails: { HomeAddressForDB: HOME_ADDRESS, PostalAddressForDB: HOME_ADDRESS },
  BankAccountDetails: {
    BankName: 'Commonwealth Bank of Australia',
    AccountName: 'Alex Citizen',
    Bsb: '063-000',
    AccountNumber: '*****6789',
  },
});

function server(extra: Parameters<typeof mockServer>[0] = {}) {
  return mockServer({
    '/api/analytics/pageview': { status: 200, body: true },
    '/api/maintenance/checkmessage': { status: 200, body: [] },
    '/api/addresslookup/AddressLookup': (call: Call) => ({
      status: 200,
      body: new URL(call.url, 'http://x').searchParams.get('query')?.includes('duke') ? [DUKE] : [TOORONGA],
    }),
    ...extra,
  });
}

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => {
  app?.cleanup();
  app = undefined;
});

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
/** The message shown under the field whose control has this id (none: null). */
const errorOf = (id: string) => document.getElementById(`${id}-error`)?.textContent?.replace(/^Error: /, '') ?? null;

/** Types into the picker (focus moves into it, as a click does) and chooses the suggestion. */
async function pick(testId: string, text: string) {
  const picker = input(testId);
  picker.focus();
  fireEvent.change(picker, { target: { value: text } });
  fireEvent.click(await screen.findByTestId(`${testId}-option`, {}, { timeout: 2000 }));
  expect(picker.getAttribute('data-chosen')).toBe('true');
}

/** The message goes with the choice, while the picker still has focus (no blur has happened). */
async function expectClearedInPlace(testId: string, id: string) {
  await waitFor(() => expect(errorOf(id)).toBeNull(), { timeout: 1000 });
  expect(document.activeElement).toBe(input(testId));
  expect(input(testId).getAttribute('aria-invalid')).toBeNull();
}

describe('choosing an address takes its "required" message away at once', () => {
  it('/register: the home address, then the postal address', async () => {
    server();
    app = renderApp('/register');
    await screen.findByTestId('register-form');
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(errorOf('register-home-address')).toBe(MESSAGES.homeAddressRequired001));
    expect(errorOf('register-postal-address')).toBe(MESSAGES.postalAddressRequired);
    // The list of problems takes focus first (so the picker is entered, never left, below).
    await waitFor(() => expect(document.activeElement?.closest('[data-testid="register-errors"]')).not.toBeNull());

    await pick('register-home-address', 'tooronga');
    await expectClearedInPlace('register-home-address', 'register-home-address');
    // Only the chosen field is checked: the postal address still says what is missing.
    expect(errorOf('register-postal-address')).toBe(MESSAGES.postalAddressRequired);

    await pick('register-postal-address', 'duke');
    await expectClearedInPlace('register-postal-address', 'register-postal-address');

    // Un-choosing by typing keeps the usual rule: no message while typing, one when left.
    fireEvent.change(input('register-postal-address'), { target: { value: 'FLAT 14, 5 DUKE' } });
    expect(input('register-postal-address').getAttribute('data-chosen')).toBe('false');
    expect(errorOf('register-postal-address')).toBeNull();
    fireEvent.blur(input('register-postal-address'));
    await waitFor(() =>
      expect(errorOf('register-postal-address')).toMatch(new RegExp(`^${MESSAGES.postalAddressRequired}`)),
    );
  });

  it('/register: leaving a picker without choosing keeps the message', async () => {
    server();
    app = renderApp('/register');
    await screen.findByTestId('register-form');
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(errorOf('register-home-address')).toBe(MESSAGES.homeAddressRequired001));
    const home = input('register-home-address');
    home.focus();
    fireEvent.change(home, { target: { value: 'toor' } });
    fireEvent.blur(home);
    await waitFor(() =>
      expect(errorOf('register-home-address')).toBe(
        `${MESSAGES.homeAddressRequired001} Choose an address from the list.`,
      ),
    );
    fireEvent.change(home, { target: { value: '' } });
    fireEvent.blur(home);
    await waitFor(() => expect(errorOf('register-home-address')).toBe(MESSAGES.homeAddressRequired001));
    expect(home.getAttribute('aria-invalid')).toBe('true');
  });

  it('/account contact details: the home address, then the postal address', async () => {
    saveLoginToken('session-1', false);
    server({
      '/api/claim/getclaims': { status: 200, body: CLAIMS.map((c, i) => ({ ...c, Selected: i === 0 })) },
      '/api/inbox/getunreadmessagecount': { status: 200, body: 0 },
      '/api/account/keepalive': { status: 200, body: { IdleTimeoutSeconds: 1200 } },
      '/api/account/getaccount': { status: 200, body: ACCOUNT },
    });
    app = renderApp('/account');
    fireEvent.click(await screen.findByTestId('account-contact-edit', {}, { timeout: 3000 }));
    const home = await screen.findByTestId('contact-home-address');
    home.focus();
    fireEvent.change(home, { target: { value: '' } });
    fireEvent.click(screen.getByTestId('contact-same-as-home'));
    const save = screen.getByTestId('contact-save');
    expect(save.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(save);
    await waitFor(() => expect(errorOf('account-contact-home-address')).toBe(MESSAGES.homeAddressRequired));
    expect(errorOf('account-contact-postal-address')).toBe(MESSAGES.postalAddressRequired);

    await pick('contact-home-address', 'tooronga');
    await expectClearedInPlace('contact-home-address', 'account-contact-home-address');
    expect(errorOf('account-contact-postal-address')).toBe(MESSAGES.postalAddressRequired);

    await pick('contact-postal-address', 'duke');
    await expectClearedInPlace('contact-postal-address', 'account-contact-postal-address');
  });
});
