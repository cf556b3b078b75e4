import { MESSAGES } from '@portal/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAppMode } from '../src/lib/platform/app-mode.ts';
import { checkForAppUpdate } from '../src/lib/platform/service-worker.ts';
import { getCurrentUser, isSignedIn, saveLoginToken } from '../src/lib/session/session.ts';
import { CLAIMS, descriptionOf, mockServer, type Call } from './helpers.ts';
import { renderApp } from './render-app.tsx';

// The service worker exists only in production builds; the mock records the update check.
vi.mock('../src/lib/platform/service-worker.ts', () => ({
  checkForAppUpdate: vi.fn(),
  startServiceWorker: vi.fn(),
  applyWaitingUpdate: vi.fn(),
}));

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => {
  app?.cleanup();
  app = undefined;
  vi.mocked(checkForAppUpdate).mockClear();
});

const HOME = {
  Moniker: 'GAVIC1',
  PartialAddress: 'UNIT 2, 159 TOORONGA ROAD, GLEN IRIS VIC 3146',
  Picklist: 'x',
  Postcode: '3146',
  Score: 100,
};
const POSTAL = {
  Moniker: 'GAVIC2',
  PartialAddress: 'FLAT 14, 5 DUKE STREET, CAULFIELD SOUTH VIC 3162',
  Picklist: 'y',
  Postcode: '3162',
  Score: 100,
};

function server(extra: Parameters<typeof mockServer>[0] = {}) {
  return mockServer({
    '/api/analytics/pageview': { status: 200, body: true },
    '/api/maintenance/checkmessage': { status: 200, body: [] },
    '/api/addresslookup/AddressLookup': (call: Call) => ({
      status: 200,
      body: new URL(call.url, 'http://x').searchParams.get('query')?.includes('duke') ? [POSTAL] : [HOME],
    }),
    '/api/account/generatesecuritycodeforlogin': { status: 200, body: { SMS: false, Email: true } },
    ...extra,
  });
}

const byTestId = (id: string) => screen.getByTestId(id) as HTMLInputElement;
const submit = () => screen.getByTestId('register-submit') as HTMLButtonElement;
const change = (id: string, value: string) => {
  fireEvent.change(byTestId(id), { target: { value } });
  fireEvent.blur(byTestId(id));
};

async function open() {
  app = renderApp('/register');
  await screen.findByTestId('register-form');
}

function fillDetails() {
  change('register-username', 'jordan.doe@example.com');
  change('register-date-of-birth', '01/02/1980');
  change('register-first-name', 'Jordan');
  change('register-last-name', 'Doe');
  fireEvent.change(byTestId('register-claim-number-first'), { target: { value: '12' } });
  fireEvent.change(byTestId('register-claim-number-second'), { target: { value: '34567' } });
  change('register-email', 'jordan.doe@example.com');
  change('register-new-password', 'Portal#2026a');
  change('register-re-enter-password', 'Portal#2026a');
}

async function pick(testId: string, text: string) {
  fireEvent.change(byTestId(testId), { target: { value: text } });
  const option = await screen.findByTestId(`${testId}-option`, {}, { timeout: 2000 });
  fireEvent.click(option);
}

const enabled = () => submit().getAttribute('aria-disabled') === null;

describe('/register (spec 001 §2, §4, §5)', () => {
  it('shows Step 1 of 2, the fixed country and the password rule box', async () => {
    server();
    await open();
    expect(screen.getByText('Step 1 of 2').nextElementSibling?.textContent).toBe('Create your account');
    const country = screen.getByLabelText('Country') as HTMLInputElement;
    expect(country.value).toBe('Australia');
    expect(country.readOnly).toBe(true);
    // The rule box is read with the new password, and nothing in it is met yet.
    const rules = screen.getByTestId('password-rules');
    expect(descriptionOf(byTestId('register-new-password'))).toEqual([rules.textContent]);
    expect(rules.textContent).toMatch(/^Your password must:be 8 to 16 characters long \(not met yet\)/);
    expect(screen.getByLabelText('Username')).toBe(byTestId('register-username'));
    expect(screen.getByRole('combobox', { name: 'Home address' })).toBe(byTestId('register-home-address'));
    const terms = screen.getByTestId('register-terms-link') as HTMLAnchorElement;
    expect(terms.getAttribute('href')).toBe('/disclaimer');
    expect(terms.getAttribute('target')).toBe('_blank');
  });

  it('enables Register only when the form is valid, a home address is chosen, postal chosen or same as home, and the terms ticked', async () => {
    server();
    await open();
    expect(submit().getAttribute('aria-disabled')).toBe('true');
    fillDetails();
    await waitFor(() => expect(byTestId('register-re-enter-password').value).toBe('Portal#2026a'));
    expect(enabled()).toBe(false);

    await pick('register-home-address', 'tooronga');
    expect(byTestId('register-home-address').value).toBe(HOME.PartialAddress);
    expect(enabled()).toBe(false);

    await pick('register-postal-address', 'duke');
    expect(enabled()).toBe(false); // terms not yet ticked
    fireEvent.click(byTestId('register-terms'));
    await waitFor(() => expect(enabled()).toBe(true));

    // Editing the chosen address un-chooses it.
    fireEvent.change(byTestId('register-postal-address'), { target: { value: 'FLAT 14, 5 DUKE' } });
    await waitFor(() => expect(enabled()).toBe(false));
    await pick('register-postal-address', 'duke');
    await waitFor(() => expect(enabled()).toBe(true));

    fireEvent.click(byTestId('register-terms'));
    await waitFor(() => expect(enabled()).toBe(false));
  });

  it('the address picker is a combobox: Down moves through the suggestions, Enter chooses, Escape closes', async () => {
    const api = server();
    await open();
    const home = byTestId('register-home-address');
    expect(home.getAttribute('aria-expanded')).toBe('false');
    fireEvent.change(home, { target: { value: 'tooronga' } });
    await screen.findByTestId('register-home-address-option', {}, { timeout: 2000 });
    expect(home.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('register-home-address-status').textContent).toMatch(/1 address found/);
    const lookup = api.calls.find((c) => c.url.startsWith('/api/addresslookup/AddressLookup?'));
    expect(lookup?.url).toBe('/api/addresslookup/AddressLookup?query=tooronga&isHomeAddress=true');
    fireEvent.keyDown(home, { key: 'ArrowDown' });
    const option = screen.getByRole('option', { name: HOME.PartialAddress });
    expect(home.getAttribute('aria-activedescendant')).toBe(option.id);
    expect(option.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(home, { key: 'Enter' });
    expect(home.value).toBe(HOME.PartialAddress);
    expect(home.getAttribute('aria-expanded')).toBe('false');
    expect(home.getAttribute('data-chosen')).toBe('true');

    fireEvent.change(home, { target: { value: 'tooronga road' } });
    expect(home.getAttribute('data-chosen')).toBe('false');
    await waitFor(() => expect(home.getAttribute('aria-expanded')).toBe('true'), { timeout: 2000 });
    fireEvent.keyDown(home, { key: 'Escape' });
    expect(home.getAttribute('aria-expanded')).toBe('false');
  });

  it('"same as home" uses the home address and hides the postal field; unticking clears it', async () => {
    const api = server({ '/api/account/register': { status: 200, body: { AccessToken: 'reg-9' } } });
    await open();
    fillDetails();
    await pick('register-home-address', 'tooronga');
    fireEvent.click(byTestId('register-same-as-home'));
    expect(screen.queryByTestId('register-postal-address')).toBeNull();
    fireEvent.click(byTestId('register-terms'));
    await waitFor(() => expect(enabled()).toBe(true));

    fireEvent.click(byTestId('register-same-as-home'));
    const postal = await screen.findByTestId('register-postal-address');
    expect((postal as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(enabled()).toBe(false));

    fireEvent.click(byTestId('register-same-as-home'));
    await waitFor(() => expect(enabled()).toBe(true));
    fireEvent.click(submit());
    await waitFor(() => expect(app?.pathname()).toBe('/activate'));
    const body = api.callsTo('/api/account/register')[0]?.body;
    expect(body).toMatchObject({
      Username: 'jordan.doe@example.com',
      DateOfBirth: '01/02/1980',
      TACNumber: '12/34567',
      HomeAddress: { PartialAddress: HOME.PartialAddress, Moniker: 'GAVIC1' },
      PostalAddress: { PartialAddress: HOME.PartialAddress, Moniker: 'GAVIC1' },
    });
    expect(body?.AccessToken).toBeUndefined();
    // spec 000 §4: the registration token, in sessionStorage; not signed in yet.
    expect(getCurrentUser()?.RegistrationToken).toBe('reg-9');
    expect(isSignedIn()).toBe(false);
    expect(window.sessionStorage.getItem('currentUser')).toContain('reg-9');
  });

  it('pressing Register with problems lists what each field says, in the same words, with the help line', async () => {
    const api = server();
    await open();
    change('register-date-of-birth', '31/02/1980');
    fireEvent.click(submit());
    const summary = await screen.findByTestId('register-errors');
    await waitFor(() => expect(summary.textContent).toMatch(/There are \d+ errors in this form/));
    expect(summary.textContent).toContain(MESSAGES.registerUsernameInvalid);
    expect(summary.textContent).toContain(MESSAGES.dateOfBirthInvalid);
    expect(summary.textContent).toContain(MESSAGES.homeAddressRequired001);
    expect(summary.textContent).toContain(MESSAGES.termsRequired);
    expect(summary.textContent).not.toMatch(/is required\.|is invalid\./);
    expect(summary.textContent).toMatch(/Need help\? Call the .+ on 1300 654 329/);
    // A region landmark named by its title (valid under the Nu checker), focused when shown.
    const region = screen.getByRole('region', { name: /There are \d+ errors in this form/ });
    expect(summary.contains(region)).toBe(true);
    await waitFor(() => expect(document.title).toMatch(/^Error: /));
    expect(api.callsTo('/api/account/register')).toHaveLength(0);
    await waitFor(() => expect(document.activeElement?.closest('[data-testid="register-errors"]')).toBe(summary));
    // One error pattern — each entry says exactly what its field says.
    for (const link of Array.from(summary.querySelectorAll('a[href^="#"]'))) {
      const field = document.getElementById(link.getAttribute('href')?.slice(1) ?? '');
      const described = (field?.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
      const messages = described.map((id) => document.getElementById(id)?.textContent?.replace(/^Error: /, ''));
      expect(messages, `the message at ${link.getAttribute('href')}`).toContain(link.textContent);
    }
    const link = screen.getByRole('link', { name: MESSAGES.registerUsernameInvalid });
    expect(link.getAttribute('href')).toBe('#register-username');
  });

  it('errors follow the form: each field corrected takes its summary entry with it, and the count follows', async () => {
    server();
    await open();
    const user = userEvent.setup();
    await user.click(submit());
    const summary = await screen.findByTestId('register-errors');
    await waitFor(() => expect(summary.textContent).toMatch(/There are \d+ errors in this form/));
    const count = () =>
      Number(
        /There are (\d+) errors/.exec(summary.textContent ?? '')?.[1] ??
          (/There is 1 error/.test(summary.textContent ?? '') ? 1 : 0),
      );
    const entries = () => Array.from(summary.querySelectorAll('a[href^="#"]')).map((a) => a.textContent);
    // The fields' own messages (a claim number's two boxes share one).
    const inError = () => document.querySelectorAll('[data-testid="register-form"] p[id$="-error"]').length;
    const before = count();
    expect(entries()).toContain(MESSAGES.postalAddressRequired);
    expect(before).toBe(entries().length);

    await user.type(byTestId('register-username'), 'jordan.doe@example.com');
    await user.tab();
    await waitFor(() => expect(entries()).not.toContain(MESSAGES.registerUsernameInvalid));
    expect(count()).toBe(before - 1);
    await user.type(byTestId('register-first-name'), 'Jordan');
    await user.tab();
    await waitFor(() => expect(count()).toBe(before - 2));
    // The summary lists exactly the fields that say something (the terms box's message included).
    expect(count()).toBe(inError());

    // Same as home: the postal address field goes, and its entry with it.
    await user.click(byTestId('register-same-as-home'));
    await waitFor(() => expect(entries()).not.toContain(MESSAGES.postalAddressRequired));
    expect(document.getElementById('register-postal-address')).toBeNull();
    await user.click(byTestId('register-terms'));
    await waitFor(() => expect(entries()).not.toContain(MESSAGES.termsRequired));
    expect(count()).toBe(inError());

    // A field broken again says so again, and so does the summary.
    await user.clear(byTestId('register-first-name'));
    await user.tab();
    await waitFor(() => expect(count()).toBe(inError()));
    await waitFor(() => expect(document.title).toMatch(/^Error: /));
  });

  it('a date of birth of tomorrow or later is invalid', async () => {
    server();
    await open();
    const tomorrow = new Date(Date.now() + 2 * 86_400_000);
    const text = `${String(tomorrow.getDate()).padStart(2, '0')}/${String(tomorrow.getMonth() + 1).padStart(2, '0')}/${tomorrow.getFullYear()}`;
    change('register-date-of-birth', text);
    await screen.findByText(MESSAGES.dateOfBirthInvalid);
    expect(byTestId('register-date-of-birth').getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(byTestId('register-date-of-birth'))).toEqual([
      'dd/mm/yyyy, for example 27/03/1985',
      `Error: ${MESSAGES.dateOfBirthInvalid}`,
    ]);
  });

  it("lists the server's 56 under 'There is 1 error in this form' and a taken username under the field", async () => {
    const notFound = 'Your information could not be found. Please try again or contact the TAC on 1300 654 329';
    const answers = [
      { status: 225, body: [{ Number: 56, Message: notFound }] },
      { status: 225, body: [{ Number: 110, Message: 'That username is already in use.', Field: 'Username' }] },
    ];
    server({ '/api/account/register': () => answers.shift() ?? answers[0]! });
    await open();
    fillDetails();
    await pick('register-home-address', 'tooronga');
    fireEvent.click(byTestId('register-same-as-home'));
    fireEvent.click(byTestId('register-terms'));
    await waitFor(() => expect(enabled()).toBe(true));

    fireEvent.click(submit());
    const summary = await screen.findByTestId('register-errors');
    await waitFor(() => expect(summary.textContent).toContain('There is 1 error in this form'));
    expect(summary.textContent).toContain(notFound);
    expect(app?.pathname()).toBe('/register');
    expect(getCurrentUser()).toBeNull();

    await waitFor(() => expect(enabled()).toBe(true));
    fireEvent.click(submit());
    await waitFor(() => expect(summary.textContent).toContain('That username is already in use.'));
    const username = byTestId('register-username');
    expect(username.getAttribute('aria-invalid')).toBe('true');
  });

  it('checks for an app update when the page opens (spec 001 §2)', async () => {
    server();
    expect(checkForAppUpdate).not.toHaveBeenCalled();
    await open();
    expect(checkForAppUpdate).toHaveBeenCalled();
  });

  it('a maintenance message replaces the form, with a link to sign in', async () => {
    server({
      '/api/maintenance/checkmessage': { status: 200, body: [{ Message: 'Down for maintenance until 6pm.' }] },
    });
    app = renderApp('/register');
    expect((await screen.findByTestId('maintenance-message')).textContent).toContain('Down for maintenance until 6pm.');
    expect(screen.queryByTestId('register-form')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to Sign in screen' }).getAttribute('href')).toBe('/login');
    // The update check runs whether or not the form is shown.
    expect(checkForAppUpdate).toHaveBeenCalled();
  });

  it('in app mode the terms open in an overlay', async () => {
    setAppMode(true);
    server({
      '/api/content/terms': {
        status: 200,
        body: { Name: 'terms', Html: '<h2>Terms of the portal</h2><p>At least 16 years old.</p>' },
      },
    });
    await open();
    fireEvent.click(screen.getByTestId('register-terms-link'));
    const dialog = await screen.findByTestId('terms-dialog');
    expect(dialog.getAttribute('role')).toBe('dialog');
    // The same server document as /disclaimer.
    expect((await screen.findByTestId('terms-content')).textContent).toContain('At least 16 years old.');
    fireEvent.click(screen.getByTestId('terms-dialog-close'));
    await waitFor(() => expect(screen.queryByTestId('terms-dialog')).toBeNull());
    setAppMode(false);
  });

  it('a signed-in claimant cannot open /register', async () => {
    saveLoginToken('t', false);
    server({ '/api/claim/getclaims': { status: 200, body: CLAIMS } });
    app = renderApp('/register');
    await waitFor(() => expect(app?.pathname()).toBe('/claims'));
  });
});
