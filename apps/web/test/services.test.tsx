import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { saveLoginToken } from '../src/lib/session/session.ts';
import { CLAIMS, mockServer } from './helpers.ts';
import { renderApp } from './render-app.tsx';

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => {
  app?.cleanup();
  app = undefined;
});

const SELECTED = CLAIMS.map((c, i) => ({ ...c, Selected: i === 0 }));
const PHYSIO_PAGE = '<h2>What we pay for</h2><p>Up to 12 sessions.</p><script>window.__pwned = 1</script>';
const SERVICES = [
  {
    id: 1,
    name: 'Medical and hospital treatment',
    ExcessApplies: true,
    iconToShow: 'medical',
    content: '<p>Doctors.</p>',
  },
  { id: 2, name: 'Physiotherapy', ExcessApplies: false, iconToShow: 'physio', content: PHYSIO_PAGE },
  { id: 3, name: 'Something new', ExcessApplies: false, iconToShow: 'no-such-icon', content: '<p>New.</p>' },
];

function servicesServer(extra: Parameters<typeof mockServer>[0] = {}) {
  return mockServer({
    '/api/claim/getclaims': { status: 200, body: SELECTED },
    '/api/inbox/getunreadmessagecount': { status: 200, body: 0 },
    '/api/analytics/pageview': { status: 200, body: true },
    '/api/account/keepalive': { status: 200, body: { IdleTimeoutSeconds: 1200 } },
    '/api/account/getaccount': { status: 225, body: [{ Number: 199, Message: 'not in this test' }] },
    '/api/services/servicelist': { status: 200, body: { approvedService: SERVICES } },
    '/api/content/servicelist': { status: 200, body: { Name: 'servicelist', Html: '<p>This list is a guide.</p>' } },
    '/api/services/servicedetail/2': { status: 200, body: SERVICES[1] },
    '/api/services/servicedetail/999': {
      status: 225,
      body: [{ Number: 451, Message: 'The requested information could not be found.' }],
    },
    ...extra,
  });
}

describe('/services (spec 001 "Services list")', () => {
  it('shows a tile per service with its icon or a circle, a star explained in words, the legend and the notes', async () => {
    saveLoginToken('t', false);
    servicesServer();
    app = renderApp('/services');
    const tiles = await screen.findAllByTestId('service-tile');
    expect(tiles).toHaveLength(3);
    expect(tiles[0]?.getAttribute('href')).toBe('/services/1');
    expect(tiles[0]?.textContent).toBe('Medical and hospital treatment★ (the medical excess applies)');
    expect(tiles[0]?.querySelector('[data-icon]')?.getAttribute('data-icon')).toBe('medical');
    expect(tiles[1]?.textContent).toBe('Physiotherapy');
    expect(tiles[2]?.querySelector('[data-icon]')?.getAttribute('data-icon')).toBe('circle');
    expect(screen.getByTestId('services-legend').textContent).toMatch(/A star means the medical excess applies/);
    expect((await screen.findByTestId('services-notes')).textContent).toBe('This list is a guide.');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('What we can pay for');
  });

  it('a tile opens the service: its name becomes the title and last breadcrumb, its content is sanitised', async () => {
    saveLoginToken('t', false);
    const { callsTo } = servicesServer();
    app = renderApp('/services');
    fireEvent.click((await screen.findAllByTestId('service-tile'))[1] as HTMLElement);
    await waitFor(() => expect(app?.pathname()).toBe('/services/2'));
    const h1 = await screen.findByRole('heading', { level: 1, name: 'Physiotherapy' });
    // The list carried the page: opening it from a tile needs no other call.
    expect(callsTo('/api/services/servicedetail/2')).toHaveLength(0);
    expect(document.activeElement).toBe(h1);
    await waitFor(() => expect(document.title).toBe('Physiotherapy | TAC Claimant Web Portal'));
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(Array.from(crumbs.querySelectorAll('li')).map((li) => li.textContent)).toEqual([
      'Home',
      'What we can pay for',
      'Physiotherapy',
    ]);
    expect(crumbs.querySelector('a[href="/services"]')).toBeTruthy();
    const content = screen.getByTestId('service-content');
    expect(content.textContent).toContain('Up to 12 sessions.');
    expect(content.querySelector('script')).toBeNull();
    expect(screen.getByTestId('service-back').getAttribute('href')).toBe('/services');
  });

  it('a direct visit loads the one service', async () => {
    saveLoginToken('t', false);
    const { callsTo } = servicesServer();
    app = renderApp('/services/2');
    await screen.findByRole('heading', { level: 1, name: 'Physiotherapy' });
    expect(callsTo('/api/services/servicedetail/2')).toHaveLength(1);
    expect(screen.getByTestId('service-content').textContent).toContain('Up to 12 sessions.');
    expect(screen.getByTestId('service-content').querySelector('script')).toBeNull();
  });

  it('an unknown service says so and links back to the list', async () => {
    saveLoginToken('t', false);
    servicesServer();
    app = renderApp('/services/999');
    expect((await screen.findByTestId('service-not-found')).textContent).toMatch(/We could not find that service/);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Service not found');
    expect(screen.getByTestId('service-back').getAttribute('href')).toBe('/services');
  });

  it('needs a signed-in claimant', async () => {
    servicesServer();
    app = renderApp('/services/2');
    await waitFor(() => expect(app?.pathname()).toBe('/login'));
  });
});

describe('legal pages', () => {
  it('the registration form links to /privacypolicy?r=1 in a new tab, as it does the terms', async () => {
    mockServer({
      '/api/analytics/pageview': { status: 200, body: true },
      '/api/maintenance/checkmessage': { status: 200, body: [] },
    });
    app = renderApp('/register');
    await screen.findByTestId('register-form');
    const privacy = screen.getByRole('link', { name: /^Read our privacy policy/ });
    expect(privacy.textContent).toBe('Read our privacy policy (opens in a new tab)');
    expect(privacy.getAttribute('href')).toBe('/privacypolicy?r=1');
    expect(privacy.getAttribute('target')).toBe('_blank');
    // It sits with the terms, before the box that agrees to them.
    const terms = screen.getByTestId('register-terms-link');
    const box = screen.getByTestId('register-terms');
    expect(terms.compareDocumentPosition(privacy) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(privacy.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('/privacypolicy?r=1 has "Back to registration" at the top and the bottom', async () => {
    mockServer({
      '/api/analytics/pageview': { status: 200, body: true },
      '/api/content/privacy': {
        status: 200,
        body: { Name: 'privacy', Html: '<h2>Privacy policy</h2><p>See the <a href="/notice">notice</a>.</p>' },
      },
    });
    app = renderApp('/privacypolicy?r=1');
    expect((await screen.findByTestId('legal-privacy-content')).textContent).toContain('Privacy policy');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Privacy policy');
    const back = screen.getAllByRole('link', { name: 'Back to registration' });
    expect(back.map((a) => a.getAttribute('href'))).toEqual(['/register', '/register']);
    app.cleanup();
    app = renderApp('/privacypolicy');
    await screen.findByTestId('legal-privacy-content');
    expect(screen.queryByRole('link', { name: 'Back to registration' })).toBeNull();
  });

  it('/notice is titled Collection notice; a failed load offers to try again', async () => {
    let calls = 0;
    mockServer({
      '/api/analytics/pageview': { status: 200, body: true },
      '/api/content/notice': () => {
        calls += 1;
        return calls === 1
          ? { status: 500, raw: 'oops' }
          : { status: 200, body: { Name: 'notice', Html: '<p>Why we collect it.</p>' } };
      },
    });
    app = renderApp('/notice');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Collection notice');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fireEvent.click(retry);
    expect((await screen.findByTestId('legal-notice-content')).textContent).toBe('Why we collect it.');
  });
});
