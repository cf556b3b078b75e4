/**
 * The helper's side (decision 041): the invitation link's page, the helped claim on the claims
 * list, the banner while helping, and what each scope offers.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { getAlerts } from '../src/lib/feedback/alerts.ts';
import { signOut } from '../src/lib/session/sign-out.ts';
import { INVITATION_KEY, keepInvitation, keptInvitation } from '../src/lib/session/helping-invitation.ts';
import { saveLoginToken } from '../src/lib/session/session.ts';
import { CLAIMS, accountFixture, mockServer } from './helpers.ts';
import { renderApp } from './render-app.tsx';

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => {
  app?.cleanup();
  app = undefined;
});

const TOKEN = 'tok_AbC-123_secret';
const INVITATION = {
  ClaimantName: 'Alex Citizen',
  ClaimNumber: '19/12345',
  Scope: 'View',
  EndsOn: '2027-01-31',
  ExpiresAt: '2026-12-16T01:00:00.000Z',
  Contact: 'p***@example.org',
};
const HELPED = {
  Number: '19/12345',
  Date: '2019-06-01',
  Location: 'Bendigo',
  Selected: false,
  Helping: { HelperId: 'g-1', ClaimantName: 'Alex Citizen', Scope: 'View' as const },
};
type Scope = 'View' | 'Send' | 'Act';
const OWN = CLAIMS[0]!;

function helperServer(claims: unknown[], extra: Parameters<typeof mockServer>[0] = {}) {
  let current = claims;
  return mockServer({
    '/api/claim/getclaims': () => ({ status: 200, body: current }),
    '/api/claim/selectclaim': (call) => {
      current = current.map((c) => ({
        ...(c as object),
        Selected: (c as { Number: string }).Number === call.body?.Number,
      }));
      return { status: 200, body: true };
    },
    '/api/claim/deselectclaim': () => {
      current = current.map((c) => ({ ...(c as object), Selected: false }));
      return { status: 200, body: true };
    },
    '/api/helpers/accept': () => {
      current = [...current, HELPED];
      return { status: 200, body: current };
    },
    '/api/helpers/leave': () => {
      current = current.filter((c) => !(c as { Helping?: unknown }).Helping);
      return { status: 200, body: true };
    },
    '/api/inbox/getunreadmessagecount': { status: 200, body: 0 },
    '/api/analytics/pageview': { status: 200, body: true },
    '/api/account/keepalive': { status: 200, body: { IdleTimeoutSeconds: 1200 } },
    '/api/account/getaccount': { status: 200, body: accountFixture({ PersonalDetails: { FirstName: 'Sam' } }) },
    '/api/account/logout': { status: 200, body: true },
    '/api/security/getfactors': {
      status: 200,
      body: { Passkeys: [], MaxPasskeys: 5, Authenticator: { SetUp: false, CreatedAt: null }, RecoveryCodesLeft: 0 },
    },
    ...extra,
  });
}

/** Nothing the page sends carries the token in an address. */
function expectTokenNeverInAnAddress(server: ReturnType<typeof mockServer>) {
  expect(server.calls.some((c) => c.url.includes(TOKEN))).toBe(false);
}

describe('/helping, the invitation link', () => {
  it('signed in: says who asks, the scope and the last day, clears the address bar; Accept takes it and opens the claims list', async () => {
    saveLoginToken('t', false);
    const server = helperServer([OWN], {
      '/api/helpers/getinvitation': { status: 200, body: INVITATION },
    });
    app = renderApp(`/helping#invitation=${TOKEN}`);
    expect((await screen.findByTestId('invitation-ask')).textContent).toBe(
      'Alex Citizen has asked you to help with claim 19/12345.',
    );
    expect(screen.getByTestId('invitation-scope').textContent).toMatch(/^View only: read messages/);
    expect(screen.getByTestId('invitation-last-day').textContent).toBe('31 January 2027 (31/01/2027)');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Help with a claim');
    await waitFor(() => expect(app?.router.state.location.hash).toBe(''));
    expect(server.callsTo('/api/helpers/getinvitation')[0]?.body).toMatchObject({ Invitation: TOKEN });
    expect(screen.queryByTestId('invitation-sign-in')).toBeNull();

    fireEvent.click(screen.getByTestId('invitation-accept'));
    await waitFor(() => expect(app?.pathname()).toBe('/claims'));
    expect(server.callsTo('/api/helpers/accept')[0]?.body).toMatchObject({ Invitation: TOKEN, AccessToken: 't' });
    expect((await screen.findByTestId('claim-card-helping')).textContent).toBe(
      'Helping Alex Citizen — claim 19/12345 (View)',
    );
    expect(keptInvitation()).toBeUndefined();
    expectTokenNeverInAnAddress(server);
  });

  it('signed out: Sign in to accept keeps the token across the sign-in, which comes back to the invitation', async () => {
    const server = helperServer([OWN], {
      '/api/helpers/getinvitation': { status: 200, body: { ...INVITATION, EndsOn: null } },
      '/api/account/login': { status: 200, body: { AccessToken: 'tok-2', AccountActivated: 2 } },
    });
    app = renderApp(`/helping#invitation=${TOKEN}`);
    await screen.findByTestId('invitation-ask');
    expect(screen.getByTestId('invitation-last-day').textContent).toBe('No last day: until Alex Citizen or you end it');
    expect(screen.queryByTestId('invitation-accept')).toBeNull();
    expect(screen.getByTestId('invitation-no-account').textContent).toBe(
      'Create your own account to help. We will send a code to p***@example.org to finish it.',
    );

    fireEvent.click(screen.getByTestId('invitation-sign-in'));
    await waitFor(() => expect(app?.pathname()).toBe('/login'));
    expect(keptInvitation()).toBe(TOKEN);

    fireEvent.change(await screen.findByTestId('login-username'), { target: { value: 'sam@example.com' } });
    fireEvent.blur(screen.getByTestId('login-username'));
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'Helper#2026' } });
    fireEvent.blur(screen.getByTestId('login-password'));
    fireEvent.submit(screen.getByTestId('login-form'));
    await waitFor(() => expect(app?.pathname()).toBe('/helping'));
    const accept = (await screen.findByTestId('invitation-accept')) as HTMLButtonElement;
    expect(accept.textContent).toBe('Accept');
    expect(accept.disabled).toBe(false);
    expect(server.callsTo('/api/helpers/getinvitation').at(-1)?.body).toMatchObject({ Invitation: TOKEN });
    // Back once only: the claims list is the claims list again (its one claim opens).
    expect(keptInvitation()).toBe(TOKEN);
    await app.router.navigate('/claims');
    await waitFor(() => expect(app?.pathname()).toBe('/claim'));
    expectTokenNeverInAnAddress(server);
  });

  it('no account yet: the helper creates one from the invitation, finishes it with the code, and comes back to accept', async () => {
    const user = userEvent.setup();
    const server = helperServer([], {
      '/api/helpers/getinvitation': { status: 200, body: INVITATION },
      '/api/helpers/register': (call) =>
        call.body?.Username === 'alex.citizen@example.com'
          ? { status: 225, body: [{ Number: 110, Message: 'That username is taken.', Field: 'Username' }] }
          : { status: 200, body: { AccessToken: 'reg-1' } },
      '/api/account/generatesecuritycodeforlogin': { status: 200, body: { SMS: false, Email: true } },
      '/api/account/validatesecuritycodeforlogin': { status: 200, body: { AccessToken: 'login-1' } },
    });
    app = renderApp(`/helping#invitation=${TOKEN}`);
    await user.click(await screen.findByTestId('invitation-create-account'));
    // The keyboard goes to what opened.
    await waitFor(() => expect(document.activeElement?.id).toBe('helper-register-heading'));

    // Pressing before anything is typed lists every field, each linked to its control.
    await user.click(screen.getByTestId('helper-register-submit'));
    const summary = await screen.findByTestId('helper-register-errors');
    const fields = within(summary)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'))
      .filter((href) => href?.startsWith('#'));
    // The re-entry matches an empty password: it has nothing to say until the password has.
    expect(fields).toEqual([
      '#helper-register-first-name',
      '#helper-register-last-name',
      '#helper-register-username',
      '#helper-register-new-password',
    ]);
    expect(server.callsTo('/api/helpers/register')).toHaveLength(0);

    await user.type(screen.getByTestId('helper-register-first-name'), 'Pat');
    await user.type(screen.getByTestId('helper-register-last-name'), 'Helper');
    // A space typed in the username is dropped, as registration does.
    await user.type(screen.getByTestId('helper-register-username'), 'alex.citizen@example.com ');
    expect((screen.getByTestId('helper-register-username') as HTMLInputElement).value).toBe('alex.citizen@example.com');
    await user.type(screen.getByTestId('helper-register-new-password'), 'Fresh#Start1');
    const reEntry = () => screen.getByTestId('helper-register-re-enter-password');
    // Nothing is said about the re-entry as the keyboard reaches it, before it is typed.
    await user.click(reEntry());
    expect(reEntry().getAttribute('aria-invalid')).not.toBe('true');
    await user.type(screen.getByTestId('helper-register-re-enter-password'), 'Fresh#Start1');
    await user.tab();
    expect(reEntry().getAttribute('aria-invalid')).not.toBe('true');
    // A password changed after its re-entry is checked against it again.
    await user.type(screen.getByTestId('helper-register-new-password'), '2');
    await waitFor(() => expect(reEntry().getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('Password must match').length).toBeGreaterThan(0);
    await user.type(screen.getByTestId('helper-register-new-password'), '{Backspace}');
    await waitFor(() => expect(reEntry().getAttribute('aria-invalid')).not.toBe('true'));
    await user.click(screen.getByTestId('helper-register-submit'));
    // The server's answer is the form's: the username field says it, and the summary links to it.
    await waitFor(() =>
      expect(within(screen.getByTestId('helper-register-errors')).getAllByRole('link')[0]?.textContent).toMatch(
        /taken/,
      ),
    );
    expect(app.pathname()).toBe('/helping');

    await user.clear(screen.getByTestId('helper-register-username'));
    await user.type(screen.getByTestId('helper-register-username'), 'pat.helper@example.org');
    await user.click(screen.getByTestId('helper-register-submit'));
    await waitFor(() => expect(app?.pathname()).toBe('/activate'), { timeout: 5000 });
    expect(server.callsTo('/api/helpers/register').at(-1)?.body).toEqual({
      Invitation: TOKEN,
      FirstName: 'Pat',
      LastName: 'Helper',
      Username: 'pat.helper@example.org',
      NewPassword: 'Fresh#Start1',
      ReEnterPassword: 'Fresh#Start1',
    });

    // The code finishes the account, and the sign-in comes back to the invitation to accept it.
    await user.type(await screen.findByTestId('access-code-input'), '1234');
    // The sign-in, the claims list's loader and /helping's lazy page in turn: more than waitFor's
    // second on a loaded machine.
    await waitFor(() => expect(app?.pathname()).toBe('/helping'), { timeout: 5000 });
    const accept = (await screen.findByTestId('invitation-accept')) as HTMLButtonElement;
    expect(accept.textContent).toBe('Accept');
    expect(accept.disabled).toBe(false);
    await user.click(screen.getByTestId('invitation-accept'));
    await waitFor(() =>
      expect(server.callsTo('/api/helpers/accept')[0]?.body).toMatchObject({ AccessToken: 'login-1' }),
    );
    expectTokenNeverInAnAddress(server);
  });

  it('a taken, withdrawn, expired or unknown invitation is explained in plain words, with no alert, and forgotten', async () => {
    const server = helperServer([], {
      '/api/helpers/getinvitation': { status: 225, body: [{ Number: 451, Message: 'not found' }] },
    });
    app = renderApp(`/helping#invitation=${TOKEN}`);
    const spent = await screen.findByTestId('invitation-spent');
    expect(spent.textContent).toMatch(/This invitation cannot be used/);
    expect(spent.textContent).toMatch(/more than 14 days old/);
    expect(within(spent).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByTestId('error-alert')).toBeNull();
    await waitFor(() => expect(window.sessionStorage.getItem(INVITATION_KEY)).toBeNull());
    expect(server.callsTo('/api/helpers/getinvitation')).toHaveLength(1);
  });

  it('an invitation taken elsewhere meanwhile: Accept says so in plain words and the keyboard goes there', async () => {
    saveLoginToken('t', false);
    const server = helperServer([OWN], {
      '/api/helpers/getinvitation': { status: 200, body: INVITATION },
      '/api/helpers/accept': { status: 225, body: [{ Number: 451, Message: 'not found' }] },
    });
    app = renderApp(`/helping#invitation=${TOKEN}`);
    fireEvent.click(await screen.findByTestId('invitation-accept'));
    const spent = await screen.findByTestId('invitation-spent');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('This invitation cannot be used.'));
    expect(within(spent).getByRole('link', { name: 'My claims' }).getAttribute('href')).toBe('/claims');
    expect(screen.queryByTestId('error-alert')).toBeNull();
    expect(keptInvitation()).toBeUndefined();
    expect(server.callsTo('/api/helpers/accept')).toHaveLength(1);
  });

  it('Not now puts the invitation aside: it is forgotten and the claims list opens', async () => {
    saveLoginToken('t', false);
    const server = helperServer([OWN, CLAIMS[1]!], {
      '/api/helpers/getinvitation': { status: 200, body: INVITATION },
    });
    app = renderApp(`/helping#invitation=${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(app?.pathname()).toBe('/claims'));
    expect(keptInvitation()).toBeUndefined();
    expect(server.callsTo('/api/helpers/accept')).toHaveLength(0);
  });

  it('signing out forgets a kept invitation', async () => {
    mockServer({ '/api/account/logout': { status: 200, body: true } });
    saveLoginToken('t', false);
    keepInvitation(TOKEN, true);
    await signOut('chosen');
    expect(keptInvitation()).toBeUndefined();
  });
});

describe('helping with a claim', () => {
  it('the claims list shows the helped claim beside one’s own; choosing it selects it', async () => {
    saveLoginToken('t', false);
    const server = helperServer([OWN, HELPED]);
    app = renderApp('/claims');
    const helped = await screen.findByTestId('claim-card-helping');
    expect(helped.textContent).toBe('Helping Alex Citizen — claim 19/12345 (View)');
    const button = screen.getByRole('button', { name: 'Help with claim 19/12345' });
    // The person's own claim beside it is managed, not helped with.
    const own = screen.getByRole('button', { name: 'Manage claim 12/34567' });
    expect(own.textContent).toBe('Manage claim 12/34567');
    expect(own.closest('[data-testid="claim-card"]')?.getAttribute('data-helping')).toBeNull();
    expect(button.closest('[data-testid="claim-card"]')?.getAttribute('data-helping')).toBe('true');
    fireEvent.click(button);
    await waitFor(() => expect(app?.pathname()).toBe('/claim'));
    expect(server.callsTo('/api/claim/selectclaim')[0]?.body).toMatchObject({ Number: '19/12345' });
    expect((await screen.findByTestId('helping-banner')).textContent).toContain(
      'You are helping Alex Citizen with claim 19/12345 — View only',
    );
  });

  it('every signed-in page says so; Stop helping asks, leaves, and the claims list opens the one claim left', async () => {
    saveLoginToken('t', false);
    const server = helperServer([OWN, { ...HELPED, Selected: true }]);
    app = renderApp('/payments');
    const banner = await screen.findByRole('region', { name: /You are helping Alex Citizen/ });
    expect(within(banner).getByTestId('helping-back').textContent).toBe('Back to my own claims');
    fireEvent.click(within(banner).getByTestId('helping-stop'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toMatch(/no longer see or do anything for Alex Citizen on claim 19\/12345/);
    fireEvent.click(within(dialog).getByTestId('confirm-yes'));
    await waitFor(() => expect(server.callsTo('/api/helpers/leave')).toHaveLength(1));
    expect(server.callsTo('/api/helpers/leave')[0]?.body).toMatchObject({ Id: 'g-1' });
    await waitFor(() => expect(app?.pathname()).toBe('/claim'));
    await waitFor(() => expect(screen.queryByTestId('helping-banner')).toBeNull());
  });

  it('help ended elsewhere: the next call answers "not found", and the helper is taken to the claims list without it', async () => {
    saveLoginToken('t', false);
    let ended = false;
    const notFound = () => {
      ended = true;
      return { status: 225, body: [{ Number: 451, Message: 'not found' }] };
    };
    const claims = () => [OWN, CLAIMS[1]!, ...(ended ? [] : [{ ...HELPED, Selected: true }])];
    mockServer({
      '/api/claim/getclaims': () => ({ status: 200, body: claims() }),
      '/api/payments/getpayments': notFound,
      '/api/payments/getsummary': notFound,
      '/api/inbox/getunreadmessagecount': { status: 200, body: 0 },
      '/api/analytics/pageview': { status: 200, body: true },
      '/api/account/getaccount': { status: 200, body: accountFixture() },
    });
    app = renderApp('/payments');
    await waitFor(() => expect(app?.pathname()).toBe('/claims'));
    expect(await screen.findAllByTestId('claim-card')).toHaveLength(2);
    expect(screen.queryByTestId('claim-card-helping')).toBeNull();
    expect(screen.queryByTestId('helping-banner')).toBeNull();
    expect(getAlerts().map((a) => a.entries[0]?.message)).toContain(
      'Your help with Alex Citizen’s claim 19/12345 has ended.',
    );
  });

  it('Back to my own claims deselects the helped claim and opens the claims list', async () => {
    saveLoginToken('t', false);
    const server = helperServer([OWN, { ...HELPED, Selected: true }]);
    app = renderApp('/claim');
    fireEvent.click(await screen.findByTestId('helping-back'));
    await waitFor(() => expect(app?.pathname()).toBe('/claims'));
    expect(server.callsTo('/api/claim/deselectclaim')).toHaveLength(1);
    expect(screen.queryByTestId('helping-banner')).toBeNull();
  });
});

const TASK = {
  Kind: 'send-information',
  SentItemId: 's-1',
  Type: 'Documents',
  Subject: 'GP letter',
  Needed: 'A letter from your GP',
  NeededBy: null,
  Asked: '2026-11-20',
};

async function openHomeAs(scope: Scope) {
  saveLoginToken('t', false);
  helperServer([{ ...HELPED, Selected: true, Helping: { ...HELPED.Helping, Scope: scope } }], {
    '/api/claim/gettasks': { status: 200, body: { Tasks: [TASK] } },
  });
  app = renderApp('/claim');
  await screen.findByTestId('helping-banner');
  await screen.findByRole('heading', { name: 'What would you like to do?' });
}

const navTargets = () => screen.getAllByRole('navigation', { name: 'Main' })[0]!.querySelectorAll('a');
const homeLinks = () =>
  [...document.querySelectorAll('main a')].map((a) => a.getAttribute('href')).filter((h) => h?.startsWith('/'));

const CLAIMANT_DETAILS = {
  PersonalDetails: { Title: 2, FirstName: 'Alex', MiddleNames: '', Surname: 'Citizen', DateOfBirth: '1985-04-12' },
  ContactDetails: {
    PhoneNumber: { IntlNumber: '61', AreaCode: '03', Number: '91234567' },
    HomeAddressForDB: {
      ExperianSingleSelectedLine: '1 MAIN ST, BENDIGO VIC 3550',
      AddressLine1: '1 MAIN ST',
      AddressLine2: 'BENDIGO VIC 3550',
      AddressLine3: '',
    },
    PostalAddressForDB: null,
    AreAddressesSame: true,
  },
  PersonalDetailsPendingSince: null,
};

/** An Act helper on /claimant-details, with the claimant's details as the server holds them. */
async function openClaimantDetails(extra: Parameters<typeof mockServer>[0] = {}) {
  saveLoginToken('t', false);
  const server = helperServer([{ ...HELPED, Selected: true, Helping: { ...HELPED.Helping, Scope: 'Act' } }], {
    '/api/account/getclaimantdetails': { status: 200, body: CLAIMANT_DETAILS },
    '/api/dropdownlistdatasource/list': {
      status: 200,
      body: { Items: [{ ElementNumber: 1, Id: 1, Item: 'Marriage' }] },
    },
    ...extra,
  });
  app = renderApp('/claimant-details');
  await screen.findByTestId('claimant-details-intro');
  return server;
}

describe('Act: the claimant’s details', () => {
  it('shows the claimant’s name, date of birth, phone and address — and nothing of their e-mail, mobile or bank', async () => {
    const server = await openClaimantDetails();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Personal details');
    expect(screen.getByTestId('claimant-details-intro').textContent).toMatch(
      /^These are the details we hold for Alex Citizen\..*Their email address, mobile number, bank details and password stay theirs to change\.$/,
    );
    const personal = within(screen.getByTestId('claimant-personal'));
    expect(personal.getByTestId('personal-name').textContent).toBe('Mr Alex Citizen');
    expect(personal.getByTestId('personal-dob').textContent).toBe('12/04/1985');
    const contact = within(screen.getByTestId('claimant-contact'));
    expect(contact.getByTestId('contact-phone-value').textContent).toBe('(03) 9123 4567');
    expect(contact.getByTestId('contact-home-value').textContent).toContain('1 MAIN ST');
    // The helper's own account is never asked for here, nor shown as the claimant's.
    expect(screen.queryByTestId('account-email')).toBeNull();
    expect(screen.queryByTestId('account-bank')).toBeNull();
    expect(server.callsTo('/api/account/getclaimantdetails')).toHaveLength(1);
  });

  it('changes the claimant’s phone number: only the landline and addresses are sent, and the toast names them', async () => {
    const server = await openClaimantDetails({
      '/api/account/updateclaimantcontactdetails': { status: 200, body: true },
    });
    const user = userEvent.setup();
    await user.click(screen.getByTestId('claimant-contact-edit'));
    expect(within(await screen.findByTestId('contact-form')).getByText("Change Alex's contact details").tagName).toBe(
      'LEGEND',
    );
    const number = screen.getByTestId('contact-phone-number') as HTMLInputElement;
    await user.clear(number);
    await user.type(number, '9876 5432');
    expect(number.value).toBe('98765432');
    await user.click(screen.getByTestId('contact-save'));
    await waitFor(() => expect(server.callsTo('/api/account/updateclaimantcontactdetails')).toHaveLength(1));
    const body = server.callsTo('/api/account/updateclaimantcontactdetails')[0]!.body!;
    expect(Object.keys(body).sort()).toEqual([
      'AccessToken',
      'AreAddressesSame',
      'HomeAddressForDB',
      'PhoneNumber',
      'PostalAddressForDB',
    ]);
    expect(body.PhoneNumber).toEqual({ IntlNumber: '61', AreaCode: '03', Number: '98765432' });
    expect(server.callsTo('/api/account/updatecontactdetails')).toHaveLength(0);
    expect((await screen.findByTestId('account-toast')).textContent).toContain(
      "Alex's contact details have been updated",
    );
    // Read again after the save; focus is on the page title with the toast.
    await waitFor(() => expect(server.callsTo('/api/account/getclaimantdetails')).toHaveLength(2));
    expect(screen.getByTestId('claimant-contact').getAttribute('data-mode')).toBe('read');
  });

  it('a number marked wrong by the area code’s check clears as it is typed right, before it is left', async () => {
    await openClaimantDetails({
      '/api/account/getclaimantdetails': {
        status: 200,
        body: {
          ...CLAIMANT_DETAILS,
          ContactDetails: {
            ...CLAIMANT_DETAILS.ContactDetails,
            PhoneNumber: { IntlNumber: '61', AreaCode: '', Number: '' },
          },
        },
      },
    });
    const user = userEvent.setup();
    await user.click(screen.getByTestId('claimant-contact-edit'));
    await user.type(await screen.findByTestId('contact-area-code'), '03');
    const number = screen.getByTestId('contact-phone-number');
    // Leaving the area code checks the number with it: empty, it is marked.
    await user.click(number);
    await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'));
    await user.type(number, '5320123');
    expect(number.getAttribute('aria-invalid')).toBe('true');
    await user.type(number, '4');
    await waitFor(() => expect(number.getAttribute('aria-invalid')).not.toBe('true'));
    expect(document.activeElement).toBe(number);
  });

  it('asks to change the claimant’s name for them, sent for approval, with their name in the words', async () => {
    const server = await openClaimantDetails({
      '/api/documentupload/uploaddetailsrequest': { status: 200, body: { Identifier: 'form-1' } },
      '/api/documentupload/submitdetailsrequest': { status: 200, body: { SentItemId: 'sent-1' } },
    });
    fireEvent.click(screen.getByTestId('claimant-personal-edit'));
    expect(
      within(await screen.findByTestId('personal-form')).getByText("Ask to change Alex's name or date of birth")
        .tagName,
    ).toBe('LEGEND');
    fireEvent.change(screen.getByTestId('personal-surname'), { target: { value: 'Citizen-Smith' } });
    const reason = screen.getByTestId('personal-reason') as HTMLSelectElement;
    await waitFor(() => expect(reason.options.length).toBe(2));
    fireEvent.change(reason, { target: { value: '1' } });
    fireEvent.blur(reason);
    await waitFor(() => expect(screen.getByTestId('personal-save').getAttribute('aria-disabled')).toBeNull());
    fireEvent.click(screen.getByTestId('personal-save'));
    await waitFor(() => expect(server.callsTo('/api/documentupload/submitdetailsrequest')).toHaveLength(1));
    expect(server.callsTo('/api/documentupload/uploaddetailsrequest')[0]!.body).toMatchObject({
      Surname: 'Citizen-Smith',
    });
    expect((await screen.findByTestId('account-toast')).textContent).toContain(
      "Alex's request to change their name or date of birth has been sent for approval",
    );
    expect(app?.pathname()).toBe('/claimant-details');
  });

  it('on one’s own claim the page is one’s own Personal details', async () => {
    saveLoginToken('t', false);
    helperServer([{ ...OWN, Selected: true }, HELPED]);
    app = renderApp('/claimant-details');
    await waitFor(() => expect(app?.pathname()).toBe('/account'));
  });
});

describe('what each scope offers', () => {
  it('View: no sending, no reimbursement, no personal details, in the menu or on the home page', async () => {
    await openHomeAs('View');
    const nav = [...navTargets()].map((a) => a.getAttribute('href'));
    expect(nav).toEqual(['/claim', '/inbox', '/payments', '/services']);
    expect(homeLinks()).not.toEqual(expect.arrayContaining(['/forms']));
    for (const closed of ['/forms', '/reimbursementform', '/contactus', '/account']) {
      expect(homeLinks()).not.toContain(closed);
    }
    expect(homeLinks()).toEqual(expect.arrayContaining(['/inbox', '/services']));
    // The bank banner is the account's, never shown for the claimant.
    expect(screen.queryByRole('region', { name: 'Check your bank details' })).toBeNull();
    // What the claim needs is shown, with no button to a form View does not reach.
    expect(screen.getByTestId('home-task').textContent).toContain('A letter from your GP');
    expect(screen.queryByTestId('home-task-button')).toBeNull();
    expect(screen.getByTestId('home-task-not-in-help').textContent).toMatch(/not part of your help/);
  });

  it('View: a closed page by its address goes to the claim home', async () => {
    saveLoginToken('t', false);
    helperServer([{ ...HELPED, Selected: true }]);
    app = renderApp('/contactus');
    await waitFor(() => expect(app?.pathname()).toBe('/claim'));
    app.cleanup();
    app = renderApp('/account');
    await waitFor(() => expect(app?.pathname()).toBe('/claim'));
  });

  it('Send: sending documents, a message and a reimbursement are offered; the authority form and personal details are not', async () => {
    await openHomeAs('Send');
    const nav = [...navTargets()].map((a) => a.getAttribute('href'));
    expect(nav).toEqual(['/claim', '/inbox', '/payments', '/forms', '/reimbursementform', '/contactus', '/services']);
    expect(homeLinks()).not.toContain('/account');
    expect(screen.getByTestId('home-task-button').getAttribute('href')).toMatch(/^\/submitdocuments/);
    fireEvent.click(within(screen.getAllByRole('navigation', { name: 'Main' })[0]!).getByText('Send documents'));
    await screen.findByTestId('forms-send-documents');
    expect(screen.queryByTestId('forms-authority')).toBeNull();
  });

  it('Act: the authority form too, and the claimant’s details — never the claimant’s own account', async () => {
    await openHomeAs('Act');
    const nav = [...navTargets()].map((a) => a.getAttribute('href'));
    expect(nav).not.toContain('/account');
    expect(nav).toContain('/claimant-details');
    expect(homeLinks()).toContain('/claimant-details');
    expect(homeLinks()).not.toContain('/account');
    fireEvent.click(within(screen.getAllByRole('navigation', { name: 'Main' })[0]!).getByText('Send documents'));
    const authority = await screen.findByTestId('forms-authority');
    expect(authority.textContent).toBe('Authority to release information form');
    expect(authority.getAttribute('href')).toBe('/authorityform');
  });

  it('Act: the banner says acting needs a passkey or an authenticator app, and Sign-in and security opens while helping', async () => {
    await openHomeAs('Act');
    const note = screen.getByTestId('helping-act-factor');
    expect(note.textContent).toBe(
      'Acting for Alex Citizen needs a passkey or an authenticator app on your own account: Sign-in and security.',
    );
    fireEvent.click(within(note).getByRole('link', { name: 'Sign-in and security' }));
    await waitFor(() => expect(app?.pathname()).toBe('/security'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign-in and security');
    // The helper's own factors, asked for with the helper's own session: nothing of the claimant's.
    const setUp = (await screen.findByRole('button', { name: 'Set up an authenticator app' })) as HTMLButtonElement;
    expect(setUp.disabled).toBe(false);
    expect(screen.getByTestId('security-block').contains(setUp)).toBe(true);
    // Still helping: the banner stays, naming whom.
    expect(
      screen.getByRole('region', { name: 'You are helping Alex Citizen with claim 19/12345 — View, send and act' }),
    ).toBe(screen.getByTestId('helping-banner'));
  });

  it.each(['View', 'Send'] as const)(
    '%s: the claimant’s details are not offered, and by their address go to the claim home',
    async (scope) => {
      await openHomeAs(scope);
      expect([...navTargets()].map((a) => a.getAttribute('href'))).not.toContain('/claimant-details');
      expect(homeLinks()).not.toContain('/claimant-details');
      app?.cleanup();
      app = renderApp('/claimant-details');
      await waitFor(() => expect(app?.pathname()).toBe('/claim'));
    },
  );

  it('Act with an authenticator app of their own: the banner says nothing of a factor', async () => {
    saveLoginToken('t', false);
    const server = helperServer([{ ...HELPED, Selected: true, Helping: { ...HELPED.Helping, Scope: 'Act' } }], {
      '/api/claim/gettasks': { status: 200, body: { Tasks: [TASK] } },
      '/api/security/getfactors': {
        status: 200,
        body: {
          Passkeys: [],
          MaxPasskeys: 5,
          Authenticator: { SetUp: true, CreatedAt: '2026-12-01T00:00:00.000Z' },
          RecoveryCodesLeft: 10,
        },
      },
    });
    app = renderApp('/claim');
    await screen.findByTestId('helping-banner');
    await waitFor(() => expect(server.callsTo('/api/security/getfactors')).toHaveLength(1));
    expect(screen.queryByTestId('helping-act-factor')).toBeNull();
  });

  it('View and Send: no word of a second factor in the banner', async () => {
    await openHomeAs('Send');
    expect(screen.queryByTestId('helping-act-factor')).toBeNull();
  });

  it.each([
    ['View', false],
    ['Send', true],
  ] as const)('%s: the inbox offers Send a message: %s', async (scope, offered) => {
    saveLoginToken('t', false);
    helperServer([{ ...HELPED, Selected: true, Helping: { ...HELPED.Helping, Scope: scope } }], {
      '/api/inbox/getmessages': { status: 200, body: { Start: 0, End: 0, Total: 0, Items: [] } },
    });
    app = renderApp('/inbox');
    await screen.findByTestId('inbox-view-sent');
    expect(screen.queryByTestId('inbox-send-message') !== null).toBe(offered);
  });

  it('on one’s own claim everything is offered and no banner shows', async () => {
    saveLoginToken('t', false);
    helperServer([{ ...OWN, Selected: true }, HELPED]);
    app = renderApp('/claim');
    await screen.findByRole('heading', { name: 'What would you like to do?' });
    const nav = [...navTargets()].map((a) => a.getAttribute('href'));
    expect(nav).toContain('/account');
    expect(nav).toContain('/forms');
    expect(screen.queryByTestId('helping-banner')).toBeNull();
  });
});
