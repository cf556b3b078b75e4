/**
 * The error summary of the forms whose fields carry their own messages (decision 039): My Details'
 * sections, the password change and the survey check. A press while waiting lists every field in
 * error at the form's top with the focus on the list; each entry goes as its field is put right,
 * so the count is always the number of fields in error; a refusal about a field is listed too.
 */
import { CodeType, type Account } from '@portal/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { saveSecureToken } from '../src/lib/session/access-code.ts';
import { saveLoginToken } from '../src/lib/session/session.ts';
import { CLAIMS, HOME_ADDRESS, accountFixture, mockServer } from './helpers.ts';
import { renderApp } from './render-app.tsx';

const ACCOUNT: Account = accountFixture({
  PersonalDetails: { MiddleNames: 'James', DateOfBirth: '1985-06-14' },
  ContactDetails: { HomeAddressForDB: HOME_ADDRESS, PostalAddressForDB: HOME_ADDRESS },
});

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => {
  app?.cleanup();
  app = undefined;
});

function signedInServer(extra: Parameters<typeof mockServer>[0] = {}) {
  saveLoginToken('session-1', false);
  return mockServer({
    '/api/claim/getclaims': { status: 200, body: CLAIMS.map((c, i) => ({ ...c, Selected: i === 0 })) },
    '/api/inbox/getunreadmessagecount': { status: 200, body: 0 },
    '/api/analytics/pageview': { status: 200, body: true },
    '/api/account/keepalive': { status: 200, body: { IdleTimeoutSeconds: 1200 } },
    '/api/account/getaccount': { status: 200, body: ACCOUNT },
    '/api/dropdownlistdatasource/list': {
      status: 200,
      body: {
        Items: [
          { ElementNumber: 1, Id: 1, Item: 'Marriage' },
          { ElementNumber: 2, Id: 2, Item: 'Other' },
        ],
      },
    },
    ...extra,
  });
}

/** The summary's title and the text and target of each entry. */
function summaryOf(testId: string) {
  const summary = screen.getByTestId(testId);
  // The entries link to fields; the help line's phone link is not one.
  const links = within(summary)
    .queryAllByRole('link')
    .filter((a) => a.getAttribute('href')?.startsWith('#'));
  return {
    title: summary.querySelector('h2')?.textContent ?? null,
    entries: links.map((a) => [a.textContent, a.getAttribute('href')]),
  };
}

const focusIsOnSummary = (testId: string) =>
  expect(document.activeElement, `focus on ${document.activeElement?.getAttribute('data-testid')}`).toBe(
    screen.getByTestId(testId).querySelector('[role="region"]'),
  );

const type = (testId: string, value: string) => {
  const input = screen.getByTestId(testId);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

describe('My Details: Name & Date of Birth', () => {
  it('a press while waiting lists each field in error, focused; each goes as it is put right', async () => {
    signedInServer();
    app = renderApp('/account');
    fireEvent.click(await screen.findByTestId('account-personal-edit', {}, { timeout: 3000 }));
    await screen.findByTestId('personal-form');
    type('personal-first-name', '');
    type('personal-date-of-birth', '31/02/1990');
    fireEvent.click(screen.getByTestId('personal-save'));

    await waitFor(() => expect(summaryOf('personal-errors').title).toBe('There are 3 errors in this form'));
    expect(summaryOf('personal-errors').entries).toEqual([
      ['Enter your First Name between 1-60 characters', '#account-personal-first-name'],
      ['Enter a valid Date of Birth', '#account-personal-date-of-birth'],
      ['Please select a reason', '#account-personal-reason'],
    ]);
    focusIsOnSummary('personal-errors');
    expect(document.title.startsWith('Error: ')).toBe(true);

    type('personal-first-name', 'Alexandra');
    await waitFor(() => expect(summaryOf('personal-errors').title).toBe('There are 2 errors in this form'));
    type('personal-date-of-birth', '14/06/1985');
    await waitFor(() => expect(summaryOf('personal-errors').title).toBe('There is 1 error in this form'));
    expect(summaryOf('personal-errors').entries).toEqual([['Please select a reason', '#account-personal-reason']]);
    const reason = screen.getByTestId('personal-reason') as HTMLSelectElement;
    await waitFor(() => expect(reason.options.length).toBeGreaterThan(1));
    const marriage = Array.from(reason.options).find((o) => o.textContent === 'Marriage');
    fireEvent.change(reason, { target: { value: marriage?.value } });
    fireEvent.blur(reason);
    await waitFor(() => expect(summaryOf('personal-errors').title).toBeNull());
    expect(document.title.startsWith('Error: ')).toBe(false);
  });
});

describe('My Details: bank details', () => {
  it('a BSB that is no bank is listed in its own words with the other fields, and goes when it is changed', async () => {
    signedInServer({
      '/api/account/verifybsb': (call) => ({
        status: 200,
        body: { BankName: call.body?.['Bsb'] === '063-000' ? 'Commonwealth Bank of Australia' : '' },
      }),
    });
    app = renderApp('/claim');
    await screen.findByTestId('enquiries-note');
    saveSecureToken({ SecureToken: 'secure-1', CodeType: CodeType.Bank, ExpiresInSeconds: 600 });
    await act(() => app?.router.navigate('/account', { state: { codeType: CodeType.Bank } }));
    await screen.findByTestId('bank-form');
    // Back from the code, the page puts the claimant in the first field; they start there.
    await waitFor(() => expect(document.activeElement?.getAttribute('data-testid')).toBe('bank-account-name'));
    type('bank-account-name', 'Alex Citizen');
    type('bank-bsb', '999999');
    fireEvent.click(screen.getByTestId('bank-save'));
    await waitFor(() => expect(summaryOf('bank-errors').title).toBe('There are 2 errors in this form'));
    expect(summaryOf('bank-errors').entries).toEqual([
      ['We cannot find a bank with BSB 999-999. Check the BSB and try again.', '#account-bank-bsb'],
      ['Enter an Account Number between 6-9 digits', '#account-bank-account-number'],
    ]);
    focusIsOnSummary('bank-errors');
    type('bank-bsb', '063000');
    await waitFor(() => expect(summaryOf('bank-errors').title).toBe('There is 1 error in this form'));
    expect(summaryOf('bank-errors').entries.map(([, href]) => href)).toEqual(['#account-bank-account-number']);
  });
});

describe('the password change', () => {
  it('lists the missing fields at a press, and the wrong current password the server names', async () => {
    const server = signedInServer({
      '/api/account/updatepassword': {
        status: 225,
        body: [{ Number: 80, Message: 'Invalid password. Try again' }],
      },
    });
    app = renderApp('/updatepassword');
    await screen.findByTestId('password-form');
    fireEvent.click(screen.getByTestId('password-save'));
    await waitFor(() => expect(summaryOf('password-errors').entries).toHaveLength(3));
    expect(summaryOf('password-errors').entries.map(([, href]) => href)).toEqual([
      '#password-old',
      '#password-new',
      '#password-re-enter',
    ]);
    focusIsOnSummary('password-errors');

    type('password-old', 'Old-password1');
    type('password-new-password', 'New-password1');
    type('password-re-enter-password', 'New-password1');
    await waitFor(() => expect(summaryOf('password-errors').title).toBeNull());
    await waitFor(() => expect(screen.getByTestId('password-save').getAttribute('aria-disabled')).toBeNull());
    fireEvent.click(screen.getByTestId('password-save'));
    await waitFor(() => expect(server.callsTo('/api/account/updatepassword')).toHaveLength(1));
    await waitFor(() =>
      expect(summaryOf('password-errors').entries).toEqual([['Invalid password. Try again', '#password-old']]),
    );
    focusIsOnSummary('password-errors');
    expect((screen.getByTestId('password-old') as HTMLInputElement).value).toBe('');
  });
});

describe('the survey check', () => {
  it('lists both fields at a press with nothing typed, focused; each goes as it is typed', async () => {
    mockServer({ '/api/analytics/pageview': { status: 200, body: true } });
    app = renderApp('/surveyvalidation');
    await screen.findByTestId('survey-login-form');
    fireEvent.click(screen.getByTestId('survey-submit'));
    await waitFor(() => expect(summaryOf('survey-login-errors').title).toBe('There are 2 errors in this form'));
    expect(summaryOf('survey-login-errors').entries.map(([, href]) => href)).toEqual([
      '#survey-claim-number-first',
      '#survey-date-of-birth',
    ]);
    focusIsOnSummary('survey-login-errors');
    type('survey-date-of-birth', '02/02/1980');
    await waitFor(() => expect(summaryOf('survey-login-errors').title).toBe('There is 1 error in this form'));
  });
});
