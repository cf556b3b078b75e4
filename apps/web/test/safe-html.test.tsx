import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExternalLink } from '../src/components/external-link.tsx';
import { SafeHtml } from '../src/components/safe-html.tsx';
import { answerConfirm, getCurrentConfirm } from '../src/lib/feedback/confirm.ts';
import { sanitizeHtml } from '../src/lib/content/sanitize-html.ts';

const ORIGIN = window.location.origin;

/** Known XSS payloads (OWASP cheat sheet and DOMPurify's own test set, abridged). */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<body onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<style>@import "javascript:alert(1)";</style>',
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<details open ontoggle=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<p onclick="alert(1)" onmouseover="alert(1)">x</p>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<a href="//evil.example/x">x</a>',
];

function hasDanger(html: string): string[] {
  const host = document.createElement('template');
  host.innerHTML = html;
  const found: string[] = [];
  for (const el of Array.from(host.content.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase();
    if (
      [
        'script',
        'iframe',
        'object',
        'embed',
        'form',
        'button',
        'input',
        'style',
        'link',
        'meta',
        'base',
        'svg',
        'math',
        'template',
        'noscript',
      ].includes(tag)
    )
      found.push(`<${tag}>`);
    for (const attr of Array.from(el.attributes)) {
      if (/^on/i.test(attr.name)) found.push(`${tag}[${attr.name}]`);
      if (attr.name === 'style' || attr.name === 'srcdoc' || attr.name === 'formaction')
        found.push(`${tag}[${attr.name}]`);
      if (
        ['href', 'src', 'action', 'data'].includes(attr.name) &&
        !/^(https?:|mailto:|tel:|\/(?!\/)|#|\?)/i.test(attr.value.trim())
      ) {
        found.push(`${tag}[${attr.name}=${attr.value}]`);
      }
    }
  }
  return found;
}

describe('sanitizeHtml (the browser-side second pass)', () => {
  it.each(PAYLOADS)('leaves nothing that runs: %s', (payload) => {
    const clean = sanitizeHtml(`<p>before</p>${payload}<p>after</p>`, ORIGIN);
    expect(hasDanger(clean)).toEqual([]);
    expect(clean).not.toMatch(/javascript:|vbscript:|onerror|onload|alert\(1\)>/i);
  });

  it('keeps ordinary content: headings, lists, tables, mailto and tel links, same-origin links', () => {
    const html =
      '<h2>Privacy</h2><ul><li>One</li></ul><table><tr><td>a</td></tr></table>' +
      '<p><a href="mailto:privacy@example.org">mail</a> <a href="tel:1300654329">call</a> <a href="/notice">notice</a></p>';
    const clean = sanitizeHtml(html, ORIGIN);
    expect(clean).toContain('<h2>Privacy</h2>');
    expect(clean).toContain('<li>One</li>');
    expect(clean).toContain('<td>a</td>');
    expect(clean).toContain('href="mailto:privacy@example.org"');
    expect(clean).toContain('href="tel:1300654329"');
    expect(clean).toContain('<a href="/notice">notice</a>');
  });

  it('marks links to other websites and says so to screen readers; an h1 becomes an h2', () => {
    const clean = sanitizeHtml(
      '<h1>Title</h1><a href="https://www.example.gov.au/help" target="_self">help</a>',
      ORIGIN,
    );
    expect(clean).toContain('<h2>Title</h2>');
    const host = document.createElement('div');
    host.innerHTML = clean;
    const link = host.querySelector('a');
    expect(link?.getAttribute('data-external')).toBe('true');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link?.textContent).toBe('help (opens another website in a new tab)');
    // An absolute link to this very site is not "another website".
    expect(sanitizeHtml(`<a href="${ORIGIN}/notice">n</a>`, ORIGIN)).not.toContain('data-external');
  });
});

describe('<SafeHtml>', () => {
  const opened = vi.fn();
  afterEach(() => {
    const pending = getCurrentConfirm();
    if (pending) answerConfirm(pending.id, false, 1000);
    opened.mockReset();
  });

  function renderAt(html: string) {
    const router = createMemoryRouter(
      [
        { path: '/start', element: <SafeHtml html={html} data-testid="doc" /> },
        { path: '/notice', element: <p>Notice page</p> },
      ],
      { initialEntries: ['/start'] },
    );
    render(<RouterProvider router={router} />);
    return router;
  }

  it('asks the leave-site question before opening a link to another website', async () => {
    vi.stubGlobal('open', opened);
    renderAt('<p><a href="https://www.example.gov.au/help">help</a></p>');
    fireEvent.click(screen.getByRole('link', { name: /help/ }));
    const question = getCurrentConfirm();
    expect(question?.message).toMatch(/You are about to leave the website of/);
    expect(opened).not.toHaveBeenCalled();
    answerConfirm(question?.id ?? 0, true, 1000);
    await waitFor(() =>
      expect(opened).toHaveBeenCalledWith('https://www.example.gov.au/help', '_blank', 'noopener,noreferrer'),
    );
  });

  it('does not leave when the answer is no', async () => {
    vi.stubGlobal('open', opened);
    renderAt('<p><a href="https://www.example.gov.au/help">help</a></p>');
    fireEvent.click(screen.getByRole('link', { name: /help/ }));
    const question = getCurrentConfirm();
    answerConfirm(question?.id ?? 0, false, 1000);
    await new Promise((r) => setTimeout(r, 0));
    expect(opened).not.toHaveBeenCalled();
  });

  // Ctrl/Cmd/Shift/Alt-click and the middle button open a link in a new tab: to another website,
  // that still needs the question (spec 000 §2).
  it.each([
    ['Ctrl-click', (link: HTMLElement) => fireEvent.click(link, { ctrlKey: true })],
    ['Cmd-click', (link: HTMLElement) => fireEvent.click(link, { metaKey: true })],
    ['Shift-click', (link: HTMLElement) => fireEvent.click(link, { shiftKey: true })],
    [
      'a middle click',
      (link: HTMLElement) =>
        fireEvent(link, new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 1 })),
    ],
  ])('asks before leaving on %s too, and the browser does not open the site itself', async (_how, press) => {
    vi.stubGlobal('open', opened);
    renderAt('<p><a href="https://www.example.gov.au/help">help</a></p>');
    const notCancelled = press(screen.getByRole('link', { name: /help/ }));
    expect(notCancelled).toBe(false);
    const question = getCurrentConfirm();
    expect(question?.message).toMatch(/You are about to leave the website of/);
    expect(opened).not.toHaveBeenCalled();
    answerConfirm(question?.id ?? 0, true, 1000);
    await waitFor(() =>
      expect(opened).toHaveBeenCalledWith('https://www.example.gov.au/help', '_blank', 'noopener,noreferrer'),
    );
  });

  it('leaves a modified click on a portal link to the browser (a new tab of the portal)', () => {
    const router = renderAt('<p>Read the <a href="/notice">collection notice</a>.</p>');
    const notCancelled = fireEvent.click(screen.getByRole('link', { name: 'collection notice' }), { ctrlKey: true });
    expect(notCancelled).toBe(true);
    expect(router.state.location.pathname).toBe('/start');
    expect(getCurrentConfirm()).toBeUndefined();
  });

  it('follows a link to a page of the portal inside the app', async () => {
    const router = renderAt('<p>Read the <a href="/notice">collection notice</a>.</p>');
    fireEvent.click(screen.getByRole('link', { name: 'collection notice' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notice'));
    expect(getCurrentConfirm()).toBeUndefined();
  });

  it('renders no script or handler even if the server sent one', () => {
    renderAt('<p>Hi</p><img src="x" onerror="window.__pwned = true"><script>window.__pwned = true</script>');
    const doc = screen.getByTestId('doc');
    expect(doc.querySelector('script')).toBeNull();
    expect(doc.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  });
});

describe('<ExternalLink>', () => {
  const opened = vi.fn();
  afterEach(() => {
    const pending = getCurrentConfirm();
    if (pending) answerConfirm(pending.id, false, 1000);
    opened.mockReset();
  });

  it.each([
    ['a click', (link: HTMLElement) => fireEvent.click(link)],
    ['Ctrl-click', (link: HTMLElement) => fireEvent.click(link, { ctrlKey: true })],
    ['Cmd-click', (link: HTMLElement) => fireEvent.click(link, { metaKey: true })],
    ['Shift-click', (link: HTMLElement) => fireEvent.click(link, { shiftKey: true })],
    [
      'a middle click',
      (link: HTMLElement) =>
        fireEvent(link, new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 1 })),
    ],
  ])('asks the leave-site question on %s before opening the site', async (_how, press) => {
    vi.stubGlobal('open', opened);
    render(<ExternalLink href="https://www.example.org/visit">example.org/visit</ExternalLink>);
    expect(press(screen.getByRole('link', { name: /example\.org\/visit/ }))).toBe(false);
    const question = getCurrentConfirm();
    expect(question?.title).toBe('Leaving this website');
    expect(opened).not.toHaveBeenCalled();
    answerConfirm(question?.id ?? 0, true, 1000);
    await waitFor(() =>
      expect(opened).toHaveBeenCalledWith('https://www.example.org/visit', '_blank', 'noopener,noreferrer'),
    );
  });

  it('does not open the site when the answer is no', async () => {
    vi.stubGlobal('open', opened);
    render(<ExternalLink href="https://www.example.org/visit">visit</ExternalLink>);
    fireEvent.click(screen.getByRole('link', { name: /visit/ }), { ctrlKey: true });
    answerConfirm(getCurrentConfirm()?.id ?? 0, false, 1000);
    await new Promise((r) => setTimeout(r, 0));
    expect(opened).not.toHaveBeenCalled();
  });
});
