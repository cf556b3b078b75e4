import { MESSAGES } from '@portal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getAlerts } from '../src/lib/feedback/alerts.ts';
import { isSignedIn, saveLoginToken } from '../src/lib/session/session.ts';
import { CLAIMS, accountFixture, mockServer } from './helpers.ts';
import { renderApp } from './render-app.tsx';

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => {
  app?.cleanup();
  app = undefined;
});

const ACCOUNT = accountFixture({
  ContactDetails: {
    EmailAddress: 'alex.citizen@example.com',
    PhoneNumber: { IntlNumber: '61', AreaCode: '03', Number: '96641234' },
  },
  BankDetailsVerified: false,
});

function claimServer(claims: typeof CLAIMS) {
  let current = claims.map((c) => ({ ...c }));
  return mockServer({
    '/api/claim/getclaims': () => ({ status: 200, body: current }),
    '/api/claim/selectclaim': (call) => {
      current = current.map((c) => ({ ...c, Selected: c.Number === call.body?.Number }));
      return { status: 200, body: true };
    },
    '/api/claim/deselectclaim': () => {
      current = current.map((c) => ({ ...c, Selected: false }));
      return { status: 200, body: true };
    },
    '/api/account/getaccount': { status: 200, body: ACCOUNT },
    '/api/inbox/getunreadmessagecount': { status: 200, body: 3 },
    '/api/analytics/pageview': { status: 200, body: true },
    '/api/account/logout': { status: 200, body: true },
  });
}

describe('/claims (spec 000 §4 claim selection)', () => {
  it('with exactly one claim selects it automatically and goes to /claim', async () => {
    saveLoginToken('t', false);
    const server = claimServer([CLAIMS[0]!]);
    app = renderApp('/claims');
    await waitFor(() => expect(app?.pathname()).toBe('/claim'));
    const select = server.callsTo('/api/claim/selectclaim');
    expect(select).toHaveLength(1);
    expect(select[0]?.body).toMatchObject({ Number: '12/34567', AccessToken: 't' });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Claim home'));
    // One claim: no SWITCH CLAIM.
    expect(screen.queryByTestId('switch-claim')).toBeNull();
  });

  it('with no claims goes to /claim, which explains there is nothing to manage', async () => {
    saveLoginToken('t', false);
    const server = claimServer([]);
    app = renderApp('/claims');
    await waitFor(() => expect(app?.pathname()).toBe('/claim'));
    const none = await screen.findByTestId('no-claims');
    expect(none.textContent).toBe(
      'We could not find a claim linked to your account. If you think this is wrong, please call us on 1300 654 329.',
    );
    expect(within(none).getByRole('link', { name: '1300 654 329' }).getAttribute('href')).toBe('tel:1300654329');
    expect(server.callsTo('/api/claim/selectclaim')).toHaveLength(0);
  });

  it('with several claims shows the cards; choosing one selects it and opens /claim', async () => {
    saveLoginToken('t', false);
    const server = claimServer(CLAIMS);
    app = renderApp('/claims');
    const cards = await screen.findAllByTestId('claim-card');
    expect(cards).toHaveLength(3);
    expect(screen.getByText('Select the claim you would like to manage').tagName).toBe('P');
    // The sentence names the list of cards.
    const list = screen.getByRole('list', { name: 'Select the claim you would like to manage' });
    expect(cards.every((card) => list.contains(card))).toBe(true);
    expect(cards[0]?.textContent).toContain('Claim no.');
    // Named by what it does and which claim; the date and place describe it.
    const buttons = screen.getAllByRole('button', { name: /^Manage claim \d{2}\/\d{5}$/ });
    expect(buttons.map((b) => b.textContent)).toEqual(CLAIMS.map((c) => `Manage claim ${c.Number}`));
    const describedBy = within(cards[0]!).getByRole('button').getAttribute('aria-describedby') ?? '';
    expect(describedBy.split(' ').map((id) => document.getElementById(id)?.textContent)).toEqual([
      'Date of accident 05/03/2024Location Geelong',
    ]);
    expect(cards[0]?.textContent).toContain('05/03/2024');
    expect(cards[1]?.textContent).toContain('Not listed');
    const note = screen.getByText(/if one of your claims does not appear/);
    expect(note.querySelector('a')?.getAttribute('href')).toBe('tel:1300654329');

    fireEvent.click(buttons[1]!);
    await waitFor(() => expect(app?.pathname()).toBe('/claim'));
    expect(server.callsTo('/api/claim/selectclaim')[0]?.body).toMatchObject({ Number: '23/45678' });
    expect((await screen.findByTestId('claim-summary-number')).textContent).toBe('23/45678');
    expect(screen.getByTestId('claim-summary-date').textContent).toBe('20/11/2023');

    // More than one claim: SWITCH CLAIM deselects and returns to /claims.
    fireEvent.click(await screen.findByTestId('switch-claim'));
    await waitFor(() => expect(app?.pathname()).toBe('/claims'));
    expect(server.callsTo('/api/claim/deselectclaim')).toHaveLength(1);
  });

  it('when the list cannot be fetched: alert, logout, /login', async () => {
    saveLoginToken('t', false);
    const server = mockServer({
      '/api/claim/getclaims': { status: 225, body: [{ Number: 199, Message: 'Something went wrong' }] },
      '/api/account/logout': { status: 200, body: true },
      '/api/analytics/pageview': { status: 200, body: true },
    });
    app = renderApp('/claims');
    await waitFor(() => expect(app?.pathname()).toBe('/login'));
    expect(getAlerts().map((a) => a.entries[0]?.message)).toEqual([MESSAGES.claimsFailed]);
    expect(server.callsTo('/api/account/logout')).toHaveLength(1);
    expect(isSignedIn()).toBe(false);
    const alert = await screen.findByTestId('error-alert');
    expect(alert.getAttribute('role')).toBe('alertdialog');
    expect(within(alert).getByRole('heading').textContent).toBe('Unable to retrieve claims');
    expect(within(alert).getByTestId('error-alert-message').textContent).toBe(MESSAGES.claimsFailed);
  });
});

describe('guards', () => {
  it('signed out: a claim page goes to /login', async () => {
    mockServer({ '/api/analytics/pageview': { status: 200, body: true } });
    app = renderApp('/account');
    await waitFor(() => expect(app?.pathname()).toBe('/login'));
  });

  it('signed out: a public page stays reachable', async () => {
    mockServer({
      '/api/analytics/pageview': { status: 200, body: true },
      '/api/content/terms': { status: 200, body: { Name: 'terms', Html: '<h2>Terms</h2>' } },
    });
    app = renderApp('/disclaimer');
    const terms = await screen.findByTestId('legal-terms');
    // The server's text, shown as the page.
    expect((await within(terms).findByRole('heading', { level: 2 })).textContent).toBe('Terms');
    expect(app.pathname()).toBe('/disclaimer');
  });

  it('signed in on /login goes to /claims', async () => {
    saveLoginToken('t', false);
    claimServer(CLAIMS);
    app = renderApp('/login');
    await waitFor(() => expect(app?.pathname()).toBe('/claims'));
  });

  it('signed in without a selected claim: a claim page goes to /claims', async () => {
    saveLoginToken('t', false);
    claimServer(CLAIMS);
    app = renderApp('/inbox');
    await waitFor(() => expect(app?.pathname()).toBe('/claims'));
  });

  it('an empty path goes to /login; an unknown path is "Page not found", signed out and signed in', async () => {
    mockServer({ '/api/analytics/pageview': { status: 200, body: true } });
    app = renderApp('/');
    await waitFor(() => expect(app?.pathname()).toBe('/login'));
    app.cleanup();
    app = renderApp('/no-such-page');
    expect((await screen.findByTestId('not-found')).textContent).toContain(
      'If you typed the web address, check it is correct.',
    );
    expect(app.pathname()).toBe('/no-such-page');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
    // The title follows the page in an effect, a moment after the render.
    await waitFor(() => expect(document.title).toMatch(/^Page not found \| /));
    expect(
      within(screen.getByTestId('not-found-links')).getByRole('link', { name: 'Sign in' }).getAttribute('href'),
    ).toBe('/login');
    app.cleanup();
    saveLoginToken('t', false);
    claimServer(CLAIMS);
    app = renderApp('/no-such-page/deeper');
    expect((await screen.findByTestId('not-found')).textContent).toContain(
      'If you typed the web address, check it is correct.',
    );
    expect(app.pathname()).toBe('/no-such-page/deeper');
    const links = within(screen.getByTestId('not-found-links'));
    expect(links.getByRole('link', { name: 'My claims' }).getAttribute('href')).toBe('/claims');
    expect(links.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });
});
