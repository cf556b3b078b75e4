/**
 * Messaging: the preview cut, paging offsets, the contact-us enable rule and sending
 * sequence, the call-line note at its boundaries, the linkifier, and the inbox / sent items /
 * contact us pages against a scripted server.
 */
import { LIMITS, MESSAGES } from '@portal/contracts';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CallLineNote } from '../src/features/messaging/components/call-line-note.tsx';
import { canSendEnquiry, type EnquiryValues } from '../src/features/messaging/lib/enquiry.ts';
import { formatTime } from '../src/features/messaging/lib/format.ts';
import { linkify, trimAddress } from '../src/features/messaging/lib/linkify.ts';
import { flattenPages, nextOffset, pageRequest, showingText } from '../src/features/messaging/lib/paging.ts';
import { previewOf } from '../src/features/messaging/lib/preview.ts';
import { sendEnquiry, type EnquiryDeps, type EnquiryProgress } from '../src/features/messaging/lib/send-enquiry.ts';
import { RequestError } from '../src/lib/request/request-error.ts';
import { setAppMode } from '../src/lib/platform/app-mode.ts';
import { draftMirrorKey, setDraftMirrorStorage } from '../src/lib/forms/draft-mirror.ts';
import { saveLoginToken } from '../src/lib/session/session.ts';
import { RESTORED_MESSAGE } from '../src/lib/forms/use-form-draft.ts';
import { CLAIMS, accountFixture, descriptionOf, mockServer, type Call } from './helpers.ts';
import { memoryStorage } from './memory-draft-storage.ts';
import { renderApp } from './render-app.tsx';

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => {
  app?.cleanup();
  app = undefined;
});

const SELECTED = CLAIMS.map((c, i) => ({ ...c, Selected: i === 0 }));

describe('previewOf (spec 001 §9: cut to 67 characters plus "..." when the text is 70 or longer)', () => {
  it('keeps a text of 69 characters whole', () => {
    const text = 'a'.repeat(69);
    expect(previewOf(text)).toBe(text);
  });
  it('cuts a text of exactly 70 characters to 67 plus "..."', () => {
    const text = `${'b'.repeat(67)}xyz`;
    expect(text).toHaveLength(LIMITS.previewCutFrom);
    expect(previewOf(text)).toBe(`${'b'.repeat(67)}...`);
  });
  it('cuts a long text the same way, and leaves a short one and an empty one alone', () => {
    expect(previewOf('x'.repeat(500))).toBe(`${'x'.repeat(67)}...`);
    expect(previewOf('Short')).toBe('Short');
    expect(previewOf('')).toBe('');
  });
  it('cuts at the end of a word, never inside one (docs/decisions/027)', () => {
    const text = 'Your physiotherapy appointments have been approved for another eight sessions.';
    expect(text.charAt(67)).not.toBe(' ');
    expect(previewOf(text)).toBe('Your physiotherapy appointments have been approved for another...');
  });
  it('keeps a word that ends exactly at 67 characters, without its trailing comma', () => {
    const text = `${'a'.repeat(30)} ${'b'.repeat(35)}, and then some more words`;
    expect(previewOf(text)).toBe(`${'a'.repeat(30)} ${'b'.repeat(35)}...`);
    const spaced = `${'c'.repeat(67)} more words after it`;
    expect(previewOf(spaced)).toBe(`${'c'.repeat(67)}...`);
  });
  it('never grows past 67 characters plus "..."', () => {
    const text = 'word '.repeat(40);
    expect(previewOf(text).length).toBeLessThanOrEqual(70);
    expect(previewOf(text).endsWith('word...')).toBe(true);
  });
});

describe('paging (spec 001 §4: first 0-10, then End to End+10)', () => {
  it('asks for ten from the offset', () => {
    expect(pageRequest(0)).toEqual({ Offset: 0, Amount: 10 });
    expect(pageRequest(10)).toEqual({ Offset: 10, Amount: 10 });
  });
  it('the next offset is the End of the last page until End reaches Total', () => {
    expect(nextOffset({ Start: 0, End: 10, Total: 25 })).toBe(10);
    expect(nextOffset({ Start: 10, End: 20, Total: 25 })).toBe(20);
    expect(nextOffset({ Start: 20, End: 25, Total: 25 })).toBeUndefined();
    expect(nextOffset({ Start: 0, End: 3, Total: 3 })).toBeUndefined();
    // An empty page ends the paging (no endless "Load more").
    expect(nextOffset({ Start: 30, End: 30, Total: 40 })).toBeUndefined();
  });
  it("'Showing a - b of N', and each item once across pages", () => {
    expect(showingText(10, 25)).toBe('Showing 1 - 10 of 25');
    expect(showingText(0, 0)).toBeNull();
    const pages = [{ items: ['a', 'b'] }, { items: ['b', 'c'] }];
    expect(
      flattenPages(
        pages,
        (p) => p.items,
        (i) => i,
      ),
    ).toEqual(['a', 'b', 'c']);
  });
});

describe('canSendEnquiry (spec 001 §4: a category, a valid message and, for Other, a reason)', () => {
  const general = { Item: 'General enquiry', ElementNumber: 10 };
  const other = { Item: 'Other', ElementNumber: 60 };
  const values = (v: Partial<EnquiryValues>): EnquiryValues => ({
    Category: general,
    Message: 'Hello',
    CustomCategory: '',
    ...v,
  });
  it('needs a category', () => {
    expect(canSendEnquiry(values({ Category: null }))).toBe(false);
    expect(canSendEnquiry(values({}))).toBe(true);
  });
  it('needs a message of 1 to 950 characters (spaces alone do not count)', () => {
    expect(canSendEnquiry(values({ Message: '' }))).toBe(false);
    expect(canSendEnquiry(values({ Message: '   ' }))).toBe(false);
    expect(canSendEnquiry(values({ Message: 'x' }))).toBe(true);
    expect(canSendEnquiry(values({ Message: 'x'.repeat(950) }))).toBe(true);
    expect(canSendEnquiry(values({ Message: 'x'.repeat(951) }))).toBe(false);
  });
  it('Other needs a reason of 1 to 25 characters; other types ignore the reason field', () => {
    expect(canSendEnquiry(values({ Category: other }))).toBe(false);
    expect(canSendEnquiry(values({ Category: other, CustomCategory: 'Travel costs' }))).toBe(true);
    expect(canSendEnquiry(values({ Category: other, CustomCategory: 'x'.repeat(26) }))).toBe(false);
    expect(canSendEnquiry(values({ CustomCategory: 'x'.repeat(40) }))).toBe(true);
  });
});

const CALL_NOTE =
  'Would you rather talk to us? Call 1300 654 329 — our call line is open now, until 5:30pm Melbourne time today.';

describe('the call-line note (8:30am–5:30pm Mon–Fri, Melbourne time)', () => {
  // Monday 23 November 2026: Melbourne is on daylight saving (UTC+11).
  const at = (iso: string) => () => new Date(iso);
  it('is hidden at 8:29am and shown from 8:30am', () => {
    const { rerender } = render(<CallLineNote clock={at('2026-11-22T21:29:00Z')} />);
    expect(screen.queryByTestId('contact-call-note')).toBeNull();
    rerender(<CallLineNote clock={at('2026-11-22T21:30:00Z')} />);
    expect(screen.getByTestId('contact-call-note').textContent).toContain('1300 654 329');
  });
  it('is shown at 5:29pm and hidden from 5:30pm', () => {
    const { rerender } = render(<CallLineNote clock={at('2026-11-23T06:29:00Z')} />);
    expect(screen.getByTestId('contact-call-note').textContent).toBe(CALL_NOTE);
    rerender(<CallLineNote clock={at('2026-11-23T06:30:00Z')} />);
    expect(screen.queryByTestId('contact-call-note')).toBeNull();
  });
  it('is hidden on a Saturday at noon, and appears while the page stays open', () => {
    vi.useFakeTimers();
    let now = new Date('2026-11-28T01:00:00Z'); // Saturday 12:00 Melbourne
    render(<CallLineNote clock={() => now} />);
    expect(screen.queryByTestId('contact-call-note')).toBeNull();
    now = new Date('2026-11-29T22:00:00Z'); // Monday 9:00
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(screen.getByTestId('contact-call-note').textContent).toBe(CALL_NOTE);
  });
});

describe('linkify', () => {
  it('links web and e-mail addresses and leaves the sentence punctuation outside', () => {
    expect(linkify('See https://example.org/claims?a=1, or write to help@example.org.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'url', text: 'https://example.org/claims?a=1', href: 'https://example.org/claims?a=1' },
      { kind: 'text', text: ', or write to ' },
      { kind: 'email', text: 'help@example.org', href: 'mailto:help@example.org' },
      { kind: 'text', text: '.' },
    ]);
  });
  it('gives www. addresses https and keeps a bracket that is not part of the address', () => {
    expect(linkify('(see www.example.org/a)')).toEqual([
      { kind: 'text', text: '(see ' },
      { kind: 'url', text: 'www.example.org/a', href: 'https://www.example.org/a' },
      { kind: 'text', text: ')' },
    ]);
    expect(trimAddress('https://en.wikipedia.org/wiki/Foo_(bar)')).toBe('https://en.wikipedia.org/wiki/Foo_(bar)');
  });
  it('never links other schemes and keeps plain text as it is', () => {
    expect(linkify('javascript:alert(1) and <b>x</b>')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) and <b>x</b>' },
    ]);
    expect(linkify('No links here.')).toEqual([{ kind: 'text', text: 'No links here.' }]);
  });
});

it('formatTime shows 12-hour times', () => {
  expect(formatTime('00:05')).toBe('12:05am');
  expect(formatTime('09:30')).toBe('9:30am');
  expect(formatTime('12:00')).toBe('12:00pm');
  expect(formatTime('17:45')).toBe('5:45pm');
});

describe('sendEnquiry (spec 001 §4: form, then each file with its FormId, then submit)', () => {
  const body = { Category: { Item: 'General enquiry', ElementNumber: 10 }, Message: 'Hello' };
  const fileA = { key: 'a', file: new File(['a'], 'a.pdf', { type: 'application/pdf' }) };
  const fileB = { key: 'b', file: new File(['b'], 'b.png', { type: 'image/png' }) };

  function fakeDeps(overrides: Partial<EnquiryDeps> = {}) {
    const log: string[] = [];
    const deps: EnquiryDeps = {
      createForm: vi.fn(async () => {
        log.push('form');
        return { Identifier: 'F1' };
      }),
      uploadFile: vi.fn(
        (file: File, formId: string, onProgress: (p: number) => void, onStatus: (s: 'sending' | 'paused') => void) => {
          log.push(`upload ${file.name} ${formId}`);
          onProgress(50);
          // A moment without a connection, said and over, is only what the file shows.
          onStatus('paused');
          onStatus('sending');
          onProgress(100);
          return { promise: Promise.resolve(`id-${file.name}`), abort: () => undefined };
        },
      ),
      submitForm: vi.fn(async (formId: string, key: string) => {
        log.push(`submit ${formId} ${key}`);
        return { SentItemId: 'S1' };
      }),
      discardFile: vi.fn(async (id: string) => {
        log.push(`discard ${id}`);
      }),
      newKey: () => 'key-1',
      ...overrides,
    };
    return { deps, log };
  }

  function progress() {
    const seen: string[] = [];
    const p: EnquiryProgress = {
      onFileStart: (key, n, m) => seen.push(`start ${key} ${n}/${m}`),
      onFileProgress: (key, percent) => seen.push(`${key} ${percent}%`),
      onFileStatus: (key, status) => seen.push(`${key} ${status}`),
      onFileDone: (key) => seen.push(`done ${key}`),
      onStep: (step) => seen.push(step),
      onUploadHandle: () => undefined,
    };
    return { p, seen };
  }

  it('runs the three steps in order, each file in turn with the form Identifier', async () => {
    const { deps, log } = fakeDeps();
    const { p, seen } = progress();
    const outcome = await sendEnquiry({ body, files: [fileA, fileB], previous: null }, p, deps);
    expect(outcome).toEqual({ ok: true, sentItemId: 'S1' });
    expect(log).toEqual(['form', 'upload a.pdf F1', 'upload b.png F1', 'submit F1 key-1']);
    expect(seen).toEqual([
      'form',
      'start a 1/2',
      'a 50%',
      'a paused',
      'a sending',
      'a 100%',
      'done a',
      'start b 2/2',
      'b 50%',
      'b paused',
      'b sending',
      'b 100%',
      'done b',
      'submit',
    ]);
  });

  it('a failed form creation uploads nothing', async () => {
    const { deps, log } = fakeDeps({ createForm: vi.fn(async () => Promise.reject(new RequestError('network', []))) });
    const outcome = await sendEnquiry({ body, files: [fileA], previous: null }, progress().p, deps);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.step).toBe('form');
    expect(log).toEqual([]);
  });

  it('a failed upload stops, discards what was uploaded and keeps no run', async () => {
    const { deps, log } = fakeDeps({
      uploadFile: vi.fn((file: File) => {
        log.push(`upload ${file.name}`);
        return file.name === 'b.png'
          ? {
              promise: Promise.reject(
                new RequestError('server', [{ Number: 111, Message: 'Document type is not accepted' }], 225),
              ),
              abort: () => undefined,
            }
          : { promise: Promise.resolve('id-a'), abort: () => undefined };
      }),
    });
    const outcome = await sendEnquiry({ body, files: [fileA, fileB], previous: null }, progress().p, deps);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.error.step).toBe('files');
      expect(outcome.run).toBeNull();
    }
    expect(log).toEqual(['form', 'upload a.pdf', 'upload b.png', 'discard id-a']);
  });

  it('an unanswered submit is retried with the same key only; a refused one or a changed message starts again', async () => {
    let fail = true;
    const { deps, log } = fakeDeps({
      submitForm: vi.fn(async (formId: string, key: string) => {
        log.push(`submit ${formId} ${key}`);
        if (fail) throw new RequestError('timeout', []);
        return { SentItemId: 'S1' };
      }),
    });
    const first = await sendEnquiry({ body, files: [fileA], previous: null }, progress().p, deps);
    expect(first.ok).toBe(false);
    const run = first.ok ? null : first.run;
    expect(run).toMatchObject({ formId: 'F1', idempotencyKey: 'key-1' });
    fail = false;
    log.length = 0;
    const retry = await sendEnquiry({ body, files: [fileA], previous: run }, progress().p, deps);
    expect(retry.ok).toBe(true);
    expect(log).toEqual(['submit F1 key-1']);

    log.length = 0;
    const changed = await sendEnquiry(
      { body: { ...body, Message: 'Hello again' }, files: [fileA], previous: run },
      progress().p,
      deps,
    );
    expect(changed.ok).toBe(true);
    expect(log[0]).toBe('form');

    fail = true;
    const refused = fakeDeps({
      submitForm: vi.fn(async () =>
        Promise.reject(new RequestError('server', [{ Number: 119, Message: 'sent' }], 225)),
      ),
    });
    const outcome = await sendEnquiry({ body, files: [], previous: null }, progress().p, refused.deps);
    expect(outcome.ok ? 'ok' : outcome.run).toBeNull();
  });
});

const MESSAGES_PAGE_1 = {
  Start: 0,
  End: 10,
  Total: 12,
  Items: Array.from({ length: 10 }, (_, i) => ({
    messageId: `m${i + 1}`,
    Subject: `Subject ${i + 1}`,
    Message: i === 0 ? `Please see https://example.org/help for more. ${'x'.repeat(80)}` : `Body ${i + 1}`,
    ReceivedTime: '14:05',
    ReceivedDate: '2026-11-21',
    SentTime: '13:00',
    SentDate: '2026-11-21',
    Read: i !== 0,
    Attachments: i === 0 ? [{ Filename: 'letter.pdf', FileID: 'F9' }] : [],
  })),
};
const MESSAGES_PAGE_2 = {
  Start: 10,
  End: 12,
  Total: 12,
  Items: [11, 12].map((n) => ({
    ...MESSAGES_PAGE_1.Items[1],
    messageId: `m${n}`,
    Subject: `Subject ${n}`,
    Read: true,
    Attachments: [],
  })),
};

function inboxServer(options: { page2?: 'ok' | 'fail'; onMarkAsRead?: () => void } = {}) {
  let unread = 1;
  const server = mockServer({
    '/api/claim/getclaims': { status: 200, body: SELECTED },
    '/api/inbox/getunreadmessagecount': () => ({ status: 200, body: unread }),
    '/api/analytics/pageview': { status: 200, body: true },
    '/api/account/keepalive': { status: 200, body: { IdleTimeoutSeconds: 1200 } },
    '/api/account/getaccount': { status: 225, body: [{ Number: 199, Message: 'not in this test' }] },
    '/api/inbox/getmessages': (call: Call) => {
      if (call.body?.Offset === 0) return { status: 200, body: MESSAGES_PAGE_1 };
      if (options.page2 === 'fail') return { status: 225, body: [{ Number: 1, Message: 'endpoint not available' }] };
      return { status: 200, body: MESSAGES_PAGE_2 };
    },
    '/api/inbox/markasread': () => {
      options.onMarkAsRead?.();
      unread = 0;
      return { status: 200, body: true };
    },
  });
  return server;
}

describe('/inbox', () => {
  it('shows the counts and panels, loads ten then the next from End, and a failed load only stops loading', async () => {
    saveLoginToken('t', false);
    const server = inboxServer({ page2: 'fail' });
    app = renderApp('/inbox');
    expect((await screen.findByTestId('inbox-count')).textContent).toBe('You have 12 messages');
    expect(screen.getByTestId('inbox-showing').textContent).toBe('Showing 1 - 10 of 12');
    expect(server.callsTo('/api/inbox/getmessages')[0]?.body).toMatchObject({ Offset: 0, Amount: 10 });
    const items = screen.getAllByTestId('inbox-item');
    expect(items).toHaveLength(10);
    expect(within(items[0] as HTMLElement).getByTestId('inbox-item-preview').textContent).toBe(
      // Cut at the end of a word (docs/decisions/027), not inside the run of x.
      'Please see https://example.org/help for more...',
    );
    expect(items[0]?.getAttribute('data-read')).toBe('false');
    expect(within(items[0] as HTMLElement).getByTestId('inbox-item-unread').textContent).toBe('Unread: ');
    expect(within(items[0] as HTMLElement).getByTestId('attachment-icon').textContent).toBe('1 attached file');
    expect(screen.getByTestId('inbox-notice').textContent).toContain('Switch claim');

    fireEvent.click(screen.getByTestId('inbox-load-more'));
    await waitFor(() => expect(server.callsTo('/api/inbox/getmessages')).toHaveLength(2));
    expect(server.callsTo('/api/inbox/getmessages')[1]?.body).toMatchObject({ Offset: 10, Amount: 10 });
    await waitFor(() => expect(screen.queryByTestId('inbox-load-more-loading')).toBeNull());
    // No alert, the ten stay, "Load more" is there to try again.
    expect(screen.getAllByTestId('inbox-item')).toHaveLength(10);
    expect(screen.getByTestId('inbox-load-more').textContent).toBe('Load more');
    expect(document.querySelector('[data-testid="error-alert"]')).toBeNull();
  });

  it('loads the next page and moves focus to the first new message, announcing the count', async () => {
    saveLoginToken('t', false);
    inboxServer();
    app = renderApp('/inbox');
    fireEvent.click(await screen.findByTestId('inbox-load-more'));
    await waitFor(() => expect(screen.getAllByTestId('inbox-item')).toHaveLength(12));
    expect(screen.queryByTestId('inbox-load-more')).toBeNull();
    expect(screen.getByTestId('inbox-load-more-status').textContent).toBe('Showing 1 - 12 of 12');
    await waitFor(() => expect(document.activeElement?.id).toBe('inbox-item-m11'));
  });

  it('opening an unread message marks it read on screen before the server is called, and the badge follows', async () => {
    saveLoginToken('t', false);
    // What the screen's data says when the server hears of it: already read, no unread left.
    let atCall: { read: boolean | undefined; unread: unknown } | undefined;
    const server = inboxServer({
      onMarkAsRead: () => {
        const pages = app?.queryClient.getQueryData<{
          pages: Array<{ Items: Array<{ messageId: string; Read: boolean }> }>;
        }>(['session', 'inbox', '12/34567']);
        atCall = {
          read: pages?.pages[0]?.Items.find((m) => m.messageId === 'm1')?.Read,
          unread: app?.queryClient.getQueryData(['session', 'unread-count', '12/34567']),
        };
      },
    });
    app = renderApp('/inbox');
    await waitFor(() => expect(screen.getByTestId('toolbar-unread-badge').textContent).toBe('1 unread'));
    const first = (await screen.findAllByTestId('inbox-item'))[0] as HTMLElement;
    expect(first.getAttribute('data-read')).toBe('false');
    fireEvent.click(first);
    // The message pressed is the one opened.
    const detail = await screen.findByTestId('inbox-detail');
    expect(detail.getAttribute('data-message-id')).toBe('m1');
    expect(within(detail).getByRole('heading', { level: 2 }).textContent).toBe('Subject 1');
    await waitFor(() => expect(server.callsTo('/api/inbox/markasread')).toHaveLength(1));
    expect(atCall).toEqual({ read: true, unread: 0 });
    await waitFor(() => expect(first.getAttribute('data-read')).toBe('true'));
    expect(screen.queryByTestId('toolbar-unread-badge')).toBeNull();
    expect(server.callsTo('/api/inbox/markasread')[0]?.body).toMatchObject({ MessageId: 'm1' });
    await waitFor(() => expect(server.callsTo('/api/inbox/getunreadmessagecount').length).toBeGreaterThanOrEqual(2));
    expect(screen.queryByTestId('toolbar-unread-badge')).toBeNull();

    // The detail: the focus, the facts, the linked text, the attachment.
    expect(document.activeElement?.id).toBe('inbox-detail-heading');
    expect(screen.getByTestId('inbox-detail-subject').textContent).toBe('Subject 1');
    expect(screen.getByTestId('inbox-detail-received').textContent).toBe('2:05pm, 21/11/2026');
    expect(screen.getByTestId('inbox-detail-sent').textContent).toBe('1:00pm, 21/11/2026');
    expect(screen.getByTestId('inbox-detail-claim').textContent).toBe('12/34567');
    const link = within(screen.getByTestId('inbox-detail-message')).getByRole('link');
    expect(link.getAttribute('href')).toBe('https://example.org/help');
    expect(screen.getByTestId('inbox-attachments-download').textContent).toContain('letter.pdf');
    expect(app.router.state.location.search).toBe('?message=m1');
  });

  it('in app mode a message opens on its own page and is marked read there', async () => {
    saveLoginToken('t', false);
    setAppMode(true);
    const server = inboxServer();
    app = renderApp('/inbox');
    expect(screen.queryByTestId('inbox-view-sent')).toBeNull();
    fireEvent.click((await screen.findAllByTestId('inbox-item'))[0] as HTMLElement);
    await waitFor(() => expect(app?.pathname()).toBe('/inboxitemdetail'));
    expect((await screen.findByTestId('inbox-detail-subject')).textContent).toBe('Subject 1');
    await waitFor(() => expect(server.callsTo('/api/inbox/markasread')).toHaveLength(1));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Message');
  });
});

describe('/sentitems', () => {
  const ITEM = {
    Id: 's1',
    Time: '09:15',
    Date: '2026-11-20',
    SubjectMain: 'Enquiry',
    SubjectOther: 'Payments',
    Message: 'When will I be paid?',
    Files: [],
    Status: 'In progress',
    ReplyBy: '2026-12-04',
    Decision: null,
    PayTo: '',
    SentBy: null,
  };
  it('filters by kind (RequestType) and shows status and reply-by; the detail page needs the route data', async () => {
    saveLoginToken('t', false);
    const server = mockServer({
      '/api/claim/getclaims': { status: 200, body: SELECTED },
      '/api/inbox/getunreadmessagecount': { status: 200, body: 0 },
      '/api/analytics/pageview': { status: 200, body: true },
      '/api/account/getaccount': { status: 225, body: [{ Number: 199, Message: 'not in this test' }] },
      '/api/dropdownlistdatasource/list': {
        status: 200,
        body: {
          Items: [
            { ElementNumber: 20, Id: 3, Item: 'Enquiry' },
            { ElementNumber: 10, Id: 1, Item: 'Documents' },
          ],
        },
      },
      '/api/documentupload/getsentitems': (call: Call) =>
        call.body?.RequestType === 1
          ? { status: 200, body: { Start: 0, End: 0, Total: 0, SentItems: [] } }
          : { status: 200, body: { Start: 0, End: 1, Total: 1, SentItems: [ITEM] } },
    });
    app = renderApp('/sentitems');
    expect((await screen.findByTestId('sent-count')).textContent).toBe('You have 1 sent item');
    const item = screen.getByTestId('sent-item');
    expect(within(item).getByTestId('sent-item-status').textContent).toContain('In progress');
    expect(within(item).getByTestId('sent-item-reply-by').textContent).toBe('We aim to reply by 04/12/2026');
    const filter = screen.getByTestId('sent-filter') as HTMLSelectElement;
    await waitFor(() => expect(filter.options).toHaveLength(3));
    expect(Array.from(filter.options).map((o) => o.textContent)).toEqual([
      'Everything I have sent',
      'Documents',
      'Enquiry',
    ]);
    fireEvent.change(filter, { target: { value: '1' } });
    expect((await screen.findByTestId('sent-empty')).textContent).toBe(
      'There are no messages to display.' +
        'Nothing of this kind has been sent from the portal for this claim. Choose another kind to see the rest.',
    );
    expect(screen.getByTestId('sent-empty').textContent).toContain('There are no messages to display.');
    expect(screen.getByTestId('sent-empty').textContent).toContain('Choose another kind to see the rest.');
    expect(server.callsTo('/api/documentupload/getsentitems').at(-1)?.body).toMatchObject({
      Offset: 0,
      Amount: 10,
      RequestType: 1,
    });
    expect(server.callsTo('/api/documentupload/getsentitems')[0]?.body).not.toHaveProperty('RequestType');

    // Without route data flagged sent: /login (and on to /claims, signed in).
    await app.router.navigate('/sentitemdetail');
    await waitFor(() => expect(app?.pathname()).toBe('/claims'));
    await app.router.navigate('/sent-item-detail', { state: { sent: true, item: ITEM } });
    expect((await screen.findByTestId('sent-detail-subject')).textContent).toBe('Enquiry: Payments');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sent message');
    expect(screen.queryByTestId('sent-detail-sent-by')).toBeNull();
  });

  it('says which were sent for the claimant by someone who helps them, in the list and the detail', async () => {
    saveLoginToken('t', false);
    const byHelper = { ...ITEM, Id: 's2', SentBy: 'Sam Single' };
    mockServer({
      '/api/claim/getclaims': { status: 200, body: SELECTED },
      '/api/inbox/getunreadmessagecount': { status: 200, body: 0 },
      '/api/analytics/pageview': { status: 200, body: true },
      '/api/account/getaccount': { status: 225, body: [{ Number: 199, Message: 'not in this test' }] },
      '/api/dropdownlistdatasource/list': { status: 200, body: { Items: [] } },
      '/api/documentupload/getsentitems': {
        status: 200,
        body: { Start: 0, End: 2, Total: 2, SentItems: [byHelper, ITEM] },
      },
    });
    app = renderApp('/sentitems');
    await screen.findByTestId('sent-count');
    const [first, second] = screen.getAllByTestId('sent-item');
    expect(within(first!).getByTestId('sent-item-sent-by').textContent).toBe(
      'Sent by Sam Single, who helps with this claim',
    );
    expect(within(second!).queryByTestId('sent-item-sent-by')).toBeNull();
    await app.router.navigate('/sent-item-detail', { state: { sent: true, item: byHelper } });
    expect((await screen.findByTestId('sent-detail-sent-by')).textContent).toBe(
      'Sam Single, who helps with this claim',
    );
  });
});

describe('/contactus', () => {
  const CATEGORIES = [
    { ElementNumber: 60, Id: 6, Item: 'Other' },
    { ElementNumber: 10, Id: 1, Item: 'General enquiry' },
    { ElementNumber: 30, Id: 3, Item: 'Reimbursement' },
  ];
  function contactServer() {
    return mockServer({
      '/api/claim/getclaims': { status: 200, body: SELECTED },
      '/api/inbox/getunreadmessagecount': { status: 200, body: 0 },
      '/api/analytics/pageview': { status: 200, body: true },
      '/api/account/getaccount': { status: 225, body: [{ Number: 199, Message: 'not in this test' }] },
      '/api/dropdownlistdatasource/list': { status: 200, body: { Items: CATEGORIES } },
      '/api/documentupload/uploadcontactform': { status: 200, body: { Identifier: 'F1' } },
      '/api/documentupload/submitcontactform': { status: 200, body: { SentItemId: 'S1' } },
    });
  }

  it('sorts the types, enables the upload with a type and Submit only when the enquiry is complete, and sends it', async () => {
    saveLoginToken('t', false);
    const server = contactServer();
    app = renderApp('/contactus');
    const type = (await screen.findByTestId('contact-type')) as HTMLSelectElement;
    await waitFor(() => expect(type.options).toHaveLength(4));
    expect(Array.from(type.options).map((o) => o.textContent)).toEqual([
      'Please select',
      'General enquiry',
      'Reimbursement',
      'Other',
    ]);
    const submit = screen.getByTestId('contact-submit') as HTMLButtonElement;
    const upload = screen.getByTestId('contact-upload-input') as HTMLInputElement;
    expect(submit.getAttribute('aria-disabled') === 'true').toBe(true);
    expect(upload.disabled).toBe(true);
    expect((screen.getByTestId('contact-message') as HTMLTextAreaElement).placeholder).toBe('Max 950 characters');

    fireEvent.change(type, { target: { value: '30' } });
    expect(upload.disabled).toBe(false);
    expect(screen.getByTestId('contact-reimbursement-link').getAttribute('href')).toBe('/reimbursementform');
    expect(submit.getAttribute('aria-disabled') === 'true').toBe(true);

    fireEvent.change(type, { target: { value: '60' } });
    expect(screen.queryByTestId('contact-reimbursement')).toBeNull();
    fireEvent.change(screen.getByTestId('contact-message'), { target: { value: 'Where is my payment?' } });
    expect(screen.getByTestId('contact-message-count').textContent).toBe('20 of 950 characters');
    expect(submit.getAttribute('aria-disabled') === 'true').toBe(true);
    expect(screen.getByTestId('contact-submit-hint').textContent).toContain('give the reason');
    const reason = screen.getByTestId('contact-reason');
    fireEvent.blur(reason);
    await waitFor(() =>
      expect(descriptionOf(reason)).toEqual([
        'In a few words, up to 25 characters.',
        'Error: Reason must be between 1 - 25 characters',
      ]),
    );
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(reason, { target: { value: 'Travel' } });
    await waitFor(() => expect(submit.getAttribute('aria-disabled') === 'true').toBe(false));

    fireEvent.click(submit);
    await waitFor(() => expect(app?.pathname()).toBe('/thankyou-contact-us'));
    expect(server.callsTo('/api/documentupload/uploadcontactform')[0]?.body).toMatchObject({
      Category: { Item: 'Other', ElementNumber: 60 },
      Message: 'Where is my payment?',
      CustomCategory: 'Travel',
    });
    expect(server.callsTo('/api/documentupload/submitcontactform')[0]?.body).toMatchObject({ FormId: 'F1' });
    await waitFor(() =>
      expect(server.callsTo('/api/analytics/pageview').some((c) => c.body?.Path === '/contactus/sent')).toBe(true),
    );
  });

  it('a press while waiting lists each field in error in a summary that follows the form as fields are put right', async () => {
    saveLoginToken('t', false);
    const server = contactServer();
    app = renderApp('/contactus');
    const type = (await screen.findByTestId('contact-type')) as HTMLSelectElement;
    await waitFor(() => expect(type.options).toHaveLength(4));
    const submit = screen.getByTestId('contact-submit');
    const links = () =>
      Array.from(screen.getByTestId('contact-errors').querySelectorAll('a[href^="#"]')).map((a) => a.textContent);
    expect(links()).toEqual([]);

    fireEvent.click(submit);
    const summary = await screen.findByRole('region', { name: 'There are 2 errors in this form' });
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(links()).toEqual([MESSAGES.enquiryTypeRequired, MESSAGES.enquiryMessageRequired]);
    expect(screen.getByRole('link', { name: MESSAGES.enquiryTypeRequired }).getAttribute('href')).toBe('#contact-type');
    expect(type.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(type, { target: { value: '10' } });
    await screen.findByRole('region', { name: 'There is 1 error in this form' });
    expect(links()).toEqual([MESSAGES.enquiryMessageRequired]);
    fireEvent.change(screen.getByTestId('contact-message'), { target: { value: 'Where is my payment?' } });
    await waitFor(() => expect(links()).toEqual([]));
    expect(screen.queryByRole('region', { name: /error/ })).toBeNull();
    expect(server.callsTo('/api/documentupload/uploadcontactform')).toHaveLength(0);
  });

  it("sends no CustomCategory for other types, and shows 'Failed to upload form' when the form cannot be created", async () => {
    saveLoginToken('t', false);
    const server = mockServer({
      '/api/claim/getclaims': { status: 200, body: SELECTED },
      '/api/inbox/getunreadmessagecount': { status: 200, body: 0 },
      '/api/analytics/pageview': { status: 200, body: true },
      '/api/account/getaccount': { status: 225, body: [{ Number: 199, Message: 'not in this test' }] },
      '/api/dropdownlistdatasource/list': { status: 200, body: { Items: CATEGORIES } },
      '/api/documentupload/uploadcontactform': {
        status: 225,
        body: [{ Number: 1, Message: 'endpoint not available' }],
      },
    });
    app = renderApp('/contactus');
    const type = (await screen.findByTestId('contact-type')) as HTMLSelectElement;
    await waitFor(() => expect(type.options).toHaveLength(4));
    fireEvent.change(type, { target: { value: '10' } });
    fireEvent.change(screen.getByTestId('contact-message'), { target: { value: 'Hello' } });
    const submit = screen.getByTestId('contact-submit') as HTMLButtonElement;
    await waitFor(() => expect(submit.getAttribute('aria-disabled') === 'true').toBe(false));
    fireEvent.click(submit);
    expect((await screen.findByTestId('error-alert')).textContent).toContain('Failed to upload form');
    expect(server.callsTo('/api/documentupload/uploadcontactform')[0]?.body).not.toHaveProperty('CustomCategory');
    expect(server.callsTo('/api/documentupload/submitcontactform')).toHaveLength(0);
    expect(app.pathname()).toBe('/contactus');
  });
});

describe('/contactus keeps what is typed on this device until it is sent or left (the server keeps no draft of it)', () => {
  const ACCOUNT = accountFixture();
  const KEY = draftMirrorKey({ account: 'alex@example.com', claim: '12/34567', form: 'contact' });
  const CATEGORIES = [{ ElementNumber: 10, Id: 1, Item: 'General enquiry' }];
  afterEach(() => setDraftMirrorStorage(null));

  function server(extra: Parameters<typeof mockServer>[0] = {}) {
    return mockServer({
      '/api/claim/getclaims': { status: 200, body: SELECTED },
      '/api/inbox/getunreadmessagecount': { status: 200, body: 0 },
      '/api/analytics/pageview': { status: 200, body: true },
      '/api/account/getaccount': { status: 200, body: ACCOUNT },
      '/api/dropdownlistdatasource/list': { status: 200, body: { Items: CATEGORIES } },
      '/api/documentupload/uploadcontactform': { status: 200, body: { Identifier: 'F1' } },
      '/api/documentupload/submitcontactform': { status: 200, body: { SentItemId: 'S1' } },
      ...extra,
    });
  }

  async function typeEnquiry() {
    const type = (await screen.findByTestId('contact-type')) as HTMLSelectElement;
    await waitFor(() => expect(type.options).toHaveLength(2));
    fireEvent.change(type, { target: { value: '10' } });
    fireEvent.change(screen.getByTestId('contact-message'), { target: { value: 'Hello there' } });
  }

  it('kept at once for the account and claim, put back with a notice, and dropped once sent', async () => {
    const storage = memoryStorage();
    setDraftMirrorStorage(storage);
    saveLoginToken('t', false);
    server();
    app = renderApp('/contactus');
    await typeEnquiry();
    await waitFor(() =>
      expect(storage.entries.get(KEY)?.draft).toEqual({
        Category: { Item: 'General enquiry', ElementNumber: 10 },
        Message: 'Hello there',
        CustomCategory: '',
      }),
    );
    app.cleanup();

    // Opened again (a reload, or after the session timed out): the enquiry is back.
    app = renderApp('/contactus');
    await waitFor(() =>
      expect((screen.getByTestId('contact-message') as HTMLTextAreaElement).value).toBe('Hello there'),
    );
    await waitFor(() => expect(screen.getByTestId('contact-restored').textContent).toBe(RESTORED_MESSAGE));
    const submit = screen.getByTestId('contact-submit') as HTMLButtonElement;
    await waitFor(() => expect(submit.getAttribute('aria-disabled') === 'true').toBe(false));
    fireEvent.click(submit);
    await waitFor(() => expect(app?.pathname()).toBe('/thankyou-contact-us'));
    await waitFor(() => expect(storage.entries.has(KEY)).toBe(false));
  }, 20_000);

  it('staying after the leave warning keeps it; leaving drops it', async () => {
    const storage = memoryStorage();
    setDraftMirrorStorage(storage);
    saveLoginToken('t', false);
    server();
    app = renderApp('/contactus');
    await typeEnquiry();
    await waitFor(() => expect(storage.entries.has(KEY)).toBe(true));

    fireEvent.click(within(screen.getByTestId('contact-intro')).getByRole('link', { name: 'Inbox' }));
    await screen.findByTestId('confirm-dialog');
    await new Promise((r) => setTimeout(r, 80));
    fireEvent.click(screen.getByTestId('confirm-no'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(storage.entries.has(KEY)).toBe(true);

    fireEvent.click(within(screen.getByTestId('contact-intro')).getByRole('link', { name: 'Inbox' }));
    await screen.findByTestId('confirm-dialog');
    await new Promise((r) => setTimeout(r, 80));
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(app?.pathname()).toBe('/inbox'));
    await waitFor(() => expect(storage.entries.has(KEY)).toBe(false));
  }, 20_000);
});
