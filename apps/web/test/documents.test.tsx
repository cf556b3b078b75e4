import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIMITS } from '@portal/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAlerts } from '../src/lib/feedback/alerts.ts';
import { draftMirrorKey, setDraftMirrorStorage, type StoredDraft } from '../src/lib/forms/draft-mirror.ts';
import { saveLoginToken } from '../src/lib/session/session.ts';
import { signOut } from '../src/lib/session/sign-out.ts';
import { RESTORED_MESSAGE, validateDocuments } from '../src/features/documents/pages/submit-documents-page.tsx';
import { CLAIMS, accountFixture, mockServer, type Call } from './helpers.ts';
import { memoryStorage } from './memory-draft-storage.ts';
import { renderApp } from './render-app.tsx';
import { installFakeTus } from './fake-tus.ts';

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => {
  vi.useRealTimers();
  app?.cleanup();
  app = undefined;
});

const SELECTED = CLAIMS.map((c, i) => ({ ...c, Selected: i === 0 }));
const TYPES = [
  { ElementNumber: 1, Id: 10, Item: 'Medical certificate' },
  { ElementNumber: 2, Id: 11, Item: 'Tax File Declaration Form' },
  { ElementNumber: 3, Id: 12, Item: 'Reimbursement' },
];

function documentsServer(extra: Parameters<typeof mockServer>[0] = {}) {
  return mockServer({
    '/api/claim/getclaims': { status: 200, body: SELECTED },
    '/api/inbox/getunreadmessagecount': { status: 200, body: 0 },
    '/api/analytics/pageview': { status: 200, body: true },
    '/api/account/keepalive': { status: 200, body: { IdleTimeoutSeconds: 1200 } },
    '/api/account/getaccount': { status: 225, body: [{ Number: 199, Message: 'not in this test' }] },
    '/api/content/submitdocs': {
      status: 200,
      body: { Name: 'submitdocs', Html: '<p>You can send letters and forms.</p>' },
    },
    '/api/dropdownlistdatasource/list': { status: 200, body: { Items: TYPES } },
    '/api/documentupload/getdraftdocumentform': { status: 200, body: null },
    '/api/documentupload/updatedocumentform': {
      status: 200,
      body: { FormId: 'form-1', UpdatedAt: '2026-11-21T10:00:00Z', Submitted: false },
    },
    '/api/documentupload/getdraftdates': { status: 200, body: { DocumentsDate: null } },
    ...extra,
  });
}

const DRAFT = {
  FormId: 'form-7',
  UpdatedAt: '2026-11-20T09:00:00Z',
  Draft: {
    DocumentType: { Id: 10, Item: 'Medical certificate' },
    Description: 'My certificate',
    Documents: [{ Filename: 'cert.pdf', FileID: 'F1' }],
  },
};

describe('validateDocuments (spec 001 Submit documents)', () => {
  const item = (id: string) => ({ key: id, filename: `${id}.pdf`, fileId: id, progress: 100, inProgress: false });
  it('asks for a type, a message, a document and the authorisation', () => {
    expect(validateDocuments({ type: null, message: '', items: [], authorised: false })).toEqual({
      DocumentType: 'Please select a document type',
      Description: 'Please provide a message (max 1000 characters)',
      Documents: 'Please upload at least one document',
      Authorised: 'Tick the box to confirm your declaration',
    });
  });
  it('a Tax File Declaration Form needs no message and allows one document only', () => {
    const tfd = { Id: 11, Item: 'Tax File Declaration Form' };
    expect(validateDocuments({ type: tfd, message: '', items: [item('a')], authorised: true })).toEqual({});
    expect(validateDocuments({ type: tfd, message: '', items: [item('a'), item('b')], authorised: true })).toEqual({
      Documents: 'Please upload only one document for a Tax File Declaration Form',
    });
  });
  it('the Reimbursement type points to the reimbursement form', () => {
    expect(
      validateDocuments({ type: { Id: 12, Item: 'Reimbursement' }, message: '', items: [item('a')], authorised: true }),
    ).toEqual({
      DocumentType: 'To claim a reimbursement, please use the Claim reimbursement form',
    });
  });
});

describe('/submitdocuments', () => {
  it('saves the draft once, a second after the last change, and keeps the FormId', async () => {
    saveLoginToken('t', false);
    const server = documentsServer();
    app = renderApp('/submitdocuments');
    const select = await screen.findByTestId('documents-type');
    expect((await screen.findByTestId('content-submitdocs')).textContent).toBe('You can send letters and forms.');
    // The debounce on a clock the test moves: nothing a moment before the second, the save at it.
    vi.useFakeTimers();
    fireEvent.change(select, { target: { value: '10' } });
    fireEvent.change(screen.getByTestId('documents-message'), { target: { value: 'Hello' } });
    expect(screen.getByTestId('documents-message-count').textContent).toBe('5 of 1000 characters');
    await act(() => vi.advanceTimersByTimeAsync(LIMITS.draftDebounceMs - 1));
    expect(server.callsTo('/api/documentupload/updatedocumentform')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();
    await waitFor(() => expect(server.callsTo('/api/documentupload/updatedocumentform')).toHaveLength(1));
    expect(server.callsTo('/api/documentupload/updatedocumentform')[0]?.body).toMatchObject({
      Draft: { DocumentType: { Id: 10, Item: 'Medical certificate' }, Description: 'Hello', Documents: [] },
    });
    fireEvent.change(screen.getByTestId('documents-message'), { target: { value: 'Hello again' } });
    await waitFor(() => expect(server.callsTo('/api/documentupload/updatedocumentform')).toHaveLength(2), {
      timeout: 2000,
    });
    expect(server.callsTo('/api/documentupload/updatedocumentform')[1]?.body).toMatchObject({ FormId: 'form-1' });
  });

  it('restores the draft, and the reimbursement type disables the message and links to the form', async () => {
    saveLoginToken('t', false);
    documentsServer({ '/api/documentupload/getdraftdocumentform': { status: 200, body: DRAFT } });
    app = renderApp('/submitdocuments');
    const message = (await screen.findByTestId('documents-message')) as HTMLTextAreaElement;
    expect(message.value).toBe('My certificate');
    expect((screen.getByTestId('documents-type') as HTMLSelectElement).value).toBe('10');
    expect(screen.getByTestId('documents-upload-item').getAttribute('data-filename')).toBe('cert.pdf');
    fireEvent.change(screen.getByTestId('documents-type'), { target: { value: '12' } });
    expect(message.disabled).toBe(true);
    expect(screen.getByTestId('documents-reimbursement-note').querySelector('a')?.getAttribute('href')).toBe(
      '/reimbursementform',
    );
  });

  it('shows each problem tied to its field, then submits once with an idempotency key', async () => {
    saveLoginToken('t', false);
    const server = documentsServer({
      '/api/documentupload/getdraftdocumentform': { status: 200, body: DRAFT },
      '/api/documentupload/submitdocumentform': { status: 200, body: { SentItemId: 'S1' } },
    });
    app = renderApp('/submitdocuments');
    fireEvent.click(await screen.findByTestId('documents-submit'));
    expect((await screen.findByTestId('documents-errors')).textContent).toContain(
      'Tick the box to confirm your declaration',
    );
    expect(screen.getByTestId('documents-authorised').getAttribute('aria-invalid')).toBe('true');
    expect(server.callsTo('/api/documentupload/submitdocumentform')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('documents-authorised'));
    fireEvent.click(screen.getByTestId('documents-submit'));
    await waitFor(() => expect(app?.pathname()).toBe('/thankyou-documents'));
    const calls: Call[] = server.callsTo('/api/documentupload/submitdocumentform');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toMatchObject({ FormId: 'form-7', Authorised: true, Draft: DRAFT.Draft });
    expect(String(calls[0]?.body?.IdempotencyKey).length).toBeGreaterThan(8);
    expect(await screen.findByRole('region', { name: 'Your documents have been sent' })).toBe(
      screen.getByTestId('thankyou-documents'),
    );
    expect(screen.getByTestId('thankyou-upload').getAttribute('href')).toBe('/forms');
  });

  it('sends the item it answers when opened from a decision asking for more information', async () => {
    saveLoginToken('t', false);
    const server = documentsServer({
      '/api/documentupload/getdraftdocumentform': { status: 200, body: DRAFT },
      '/api/documentupload/submitdocumentform': { status: 200, body: { SentItemId: 'S2' } },
    });
    app = renderApp('/submitdocuments?respondsTo=S1');
    fireEvent.click(await screen.findByTestId('documents-authorised'));
    fireEvent.click(screen.getByTestId('documents-submit'));
    await waitFor(() => expect(app?.pathname()).toBe('/thankyou-documents'));
    expect(server.callsTo('/api/documentupload/submitdocumentform')[0]?.body).toMatchObject({ RespondsTo: 'S1' });
  });

  it('shows a server validation error under its field', async () => {
    saveLoginToken('t', false);
    documentsServer({
      '/api/documentupload/getdraftdocumentform': { status: 200, body: DRAFT },
      '/api/documentupload/submitdocumentform': {
        status: 225,
        body: [{ Number: 300, Message: 'Please upload at least one document', Field: 'Documents' }],
      },
    });
    app = renderApp('/submitdocuments');
    fireEvent.click(await screen.findByTestId('documents-authorised'));
    fireEvent.click(screen.getByTestId('documents-submit'));
    expect((await screen.findByTestId('documents-upload-error')).textContent).toContain(
      'Please upload at least one document',
    );
    expect(app.pathname()).toBe('/submitdocuments');
  });
});

describe('/submitdocuments: errors follow the form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('each field put right takes its message and its summary entry with it; a file added clears "no documents"', async () => {
    saveLoginToken('t', false);
    documentsServer();
    const tus = installFakeTus();
    const user = userEvent.setup();
    app = renderApp('/submitdocuments');
    await user.click(await screen.findByTestId('documents-submit'));
    const summary = await screen.findByTestId('documents-errors');
    const title = () => summary.querySelector('h2')?.textContent;
    const messages = () => document.querySelectorAll('[data-testid="documents-form"] [id$="-error"]').length;
    await waitFor(() => expect(title()).toBe('There are 4 errors in this form'));
    expect(messages()).toBe(4);
    await waitFor(() => expect(document.title).toMatch(/^Error: /));

    await user.selectOptions(screen.getByTestId('documents-type'), 'Medical certificate');
    await waitFor(() => expect(title()).toBe('There are 3 errors in this form'));
    await user.type(screen.getByTestId('documents-message'), 'My certificate');
    await waitFor(() => expect(title()).toBe('There are 2 errors in this form'));
    expect(messages()).toBe(2);

    await user.upload(
      screen.getByTestId('documents-upload-input'),
      new File(['%PDF-1.4'], 'cert.pdf', { type: 'application/pdf' }),
    );
    await waitFor(() => expect(tus.patches()).toHaveLength(1));
    act(() => tus.patches()[0]?.stored());
    await waitFor(() => expect(title()).toBe('There is 1 error in this form'));
    expect(screen.queryByText('Please upload at least one document')).toBeNull();

    await user.click(screen.getByTestId('documents-authorised'));
    await waitFor(() => expect(summary.textContent).toBe(''));
    expect(messages()).toBe(0);
    await waitFor(() => expect(document.title).not.toMatch(/^Error: /));
  });
});

describe('/forms', () => {
  it('shows the two panels, the draft date and the toast after a save', async () => {
    saveLoginToken('t', false);
    documentsServer({ '/api/documentupload/getdraftdates': { status: 200, body: { DocumentsDate: '2026-11-20' } } });
    app = renderApp('/forms');
    expect((await screen.findByTestId('forms-send-documents')).getAttribute('href')).toBe('/submitdocuments');
    expect(screen.getByTestId('forms-authority').getAttribute('href')).toBe('/authorityform');
    expect((await screen.findByTestId('forms-draft-date')).textContent).toBe('Draft - edited 20/11/2026');
    await app.router.navigate('/forms', { state: { draftSaved: true } });
    expect((await screen.findByTestId('forms-toast')).textContent).toBe('Your draft has been saved');
  });
});

describe('/submitdocuments leave confirmation (50 ms rule)', () => {
  it('asks before leaving with unsaved changes; staying keeps the page, leaving saves the draft as saved-unsubmitted', async () => {
    saveLoginToken('t', false);
    // Saving form-7 answers form-7 (a debounced save may land first on a slow machine).
    const server = documentsServer({
      '/api/documentupload/getdraftdocumentform': { status: 200, body: DRAFT },
      '/api/documentupload/updatedocumentform': {
        status: 200,
        body: { FormId: 'form-7', UpdatedAt: '2026-11-21T10:00:00Z', Submitted: false },
      },
    });
    app = renderApp('/submitdocuments');
    fireEvent.change(await screen.findByTestId('documents-message'), { target: { value: 'Changed' } });
    void app.router.navigate('/claim');
    // The confirm host is loaded lazily: its first import can be slow on a busy machine.
    const dialog = await screen.findByTestId('confirm-dialog', {}, { timeout: 5000 });
    expect(dialog.textContent).toContain('You are about to lose your recent changes');
    await new Promise((r) => setTimeout(r, 80));
    fireEvent.click(screen.getByTestId('confirm-no'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(app.pathname()).toBe('/submitdocuments');
    fireEvent.change(screen.getByTestId('documents-message'), { target: { value: 'Changed again' } });
    void app.router.navigate('/claim');
    await screen.findByTestId('confirm-dialog');
    await new Promise((r) => setTimeout(r, 80));
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(app?.pathname()).toBe('/claim'));
    const saves = server.callsTo('/api/documentupload/updatedocumentform');
    expect(saves.at(-1)?.body).toMatchObject({
      FormId: 'form-7',
      SavedUnsubmitted: true,
      Draft: { Description: 'Changed again' },
    });
  });
});

describe('/submitdocuments and a forced logout', () => {
  it('with unsaved changes, a forced logout still lands on /login without asking', async () => {
    saveLoginToken('t', false);
    documentsServer({
      '/api/documentupload/getdraftdocumentform': { status: 200, body: DRAFT },
      // The save never answers: the change stays unsaved.
      '/api/documentupload/updatedocumentform': () => new Promise(() => undefined),
    });
    app = renderApp('/submitdocuments');
    fireEvent.change(await screen.findByTestId('documents-message'), { target: { value: 'Typed, not yet saved' } });
    act(() => void signOut('server-idle'));
    await waitFor(() => expect(app?.pathname()).toBe('/login'));
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
  });
});

describe('/submitdocuments draft mirror', () => {
  afterEach(() => setDraftMirrorStorage(null));

  const SAVE = '/api/documentupload/updatedocumentform';
  const ACCOUNT = accountFixture();
  // The selected claim of SELECTED is the first.
  const KEY = draftMirrorKey({ account: 'alex@example.com', claim: '12/34567', form: 'documents' });
  const SAM_KEY = draftMirrorKey({ account: 'sam@example.com', claim: '12/34567', form: 'documents' });
  const entry = (key: string, over: Partial<StoredDraft> = {}): StoredDraft => ({
    key,
    account: key === KEY ? 'alex@example.com' : 'sam@example.com',
    draft: { ...DRAFT.Draft, Description: 'My certificate, and what I typed after' },
    formId: 'form-7',
    updatedAt: Date.parse('2026-11-20T09:05:00Z'),
    baseUpdatedAt: DRAFT.UpdatedAt,
    synced: false,
    revision: 'r-1',
    ...over,
  });
  const savedAnswer = { status: 200, body: { FormId: 'form-7', UpdatedAt: '2026-11-20T09:06:00Z', Submitted: false } };

  function mirrored(...entries: StoredDraft[]) {
    const storage = memoryStorage();
    for (const e of entries) storage.entries.set(e.key, e);
    setDraftMirrorStorage(storage);
    return storage;
  }

  it('mirrors every change at once; a save lost to the connection is re-sent when it comes back', async () => {
    saveLoginToken('t', false);
    const storage = mirrored();
    let connected = false;
    const server = documentsServer({
      '/api/account/getaccount': { status: 200, body: ACCOUNT },
      [SAVE]: () =>
        connected
          ? { status: 200, body: { FormId: 'form-1', UpdatedAt: '2026-11-21T10:00:00Z', Submitted: false } }
          : Promise.reject(new TypeError('Failed to fetch')),
    });
    app = renderApp('/submitdocuments');
    fireEvent.change(await screen.findByTestId('documents-message'), { target: { value: 'Typed on the train' } });
    // At once: the server save is still a second away.
    expect(storage.entries.get(KEY)).toMatchObject({
      draft: { Description: 'Typed on the train', Documents: [] },
      synced: false,
      formId: null,
    });
    expect(server.callsTo(SAVE)).toHaveLength(0);
    await waitFor(() => expect(server.callsTo(SAVE)).toHaveLength(1), { timeout: 2000 });
    await new Promise((r) => setTimeout(r, 50));
    expect(storage.entries.get(KEY)?.synced).toBe(false);
    expect(getAlerts()).toHaveLength(0);
    expect(screen.getByTestId('documents-draft-status').textContent).toBe('');

    connected = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(storage.entries.get(KEY)?.synced).toBe(true));
    expect(server.callsTo(SAVE)).toHaveLength(2);
    expect(server.callsTo(SAVE)[1]?.body).toMatchObject({ Draft: { Description: 'Typed on the train' } });
    expect(storage.entries.get(KEY)).toMatchObject({ formId: 'form-1', baseUpdatedAt: '2026-11-21T10:00:00Z' });
    await waitFor(() => expect(screen.getByTestId('documents-draft-status').textContent).toBe('Draft saved'));
    expect(screen.getByTestId('documents-restored').textContent).toBe('');
  });

  it('restores a newer change made on this device, sends it and says so quietly', async () => {
    saveLoginToken('t', false);
    const storage = mirrored(entry(KEY));
    const server = documentsServer({
      '/api/account/getaccount': { status: 200, body: ACCOUNT },
      '/api/documentupload/getdraftdocumentform': { status: 200, body: DRAFT },
      [SAVE]: savedAnswer,
    });
    app = renderApp('/submitdocuments');
    const message = (await screen.findByTestId('documents-message')) as HTMLTextAreaElement;
    expect(message.value).toBe('My certificate, and what I typed after');
    expect(screen.getByTestId('documents-upload-item').getAttribute('data-filename')).toBe('cert.pdf');
    const notice = await screen.findByText(RESTORED_MESSAGE);
    expect(notice.getAttribute('role')).toBe('status');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.callsTo(SAVE)).toHaveLength(1);
    expect(server.callsTo(SAVE)[0]?.body).toMatchObject({
      FormId: 'form-7',
      Draft: { Description: 'My certificate, and what I typed after' },
    });
    expect(storage.entries.get(KEY)).toMatchObject({ synced: true, baseUpdatedAt: '2026-11-20T09:06:00Z' });
  });

  it("shows the server draft when it is newer, and never another claimant's mirrored draft", async () => {
    saveLoginToken('t', false);
    const storage = mirrored(
      entry(KEY, { updatedAt: Date.parse('2026-11-20T08:00:00Z'), baseUpdatedAt: '2026-11-20T07:00:00Z' }),
      entry(SAM_KEY, { draft: { ...DRAFT.Draft, Description: 'Sam typed this' } }),
    );
    const server = documentsServer({
      '/api/account/getaccount': { status: 200, body: ACCOUNT },
      '/api/documentupload/getdraftdocumentform': { status: 200, body: DRAFT },
      [SAVE]: savedAnswer,
    });
    app = renderApp('/submitdocuments');
    expect(((await screen.findByTestId('documents-message')) as HTMLTextAreaElement).value).toBe('My certificate');
    expect(screen.getByTestId('documents-restored').textContent).toBe('');
    expect(server.callsTo(SAVE)).toHaveLength(0);
    expect(storage.entries.has(KEY)).toBe(false);
    expect(storage.entries.get(SAM_KEY)?.draft).toMatchObject({ Description: 'Sam typed this' });
  });

  it('submit clears the mirror', async () => {
    saveLoginToken('t', false);
    const storage = mirrored();
    documentsServer({
      '/api/account/getaccount': { status: 200, body: ACCOUNT },
      '/api/documentupload/getdraftdocumentform': { status: 200, body: DRAFT },
      '/api/documentupload/submitdocumentform': { status: 200, body: { SentItemId: 'S1' } },
      [SAVE]: savedAnswer,
    });
    app = renderApp('/submitdocuments');
    fireEvent.change(await screen.findByTestId('documents-message'), { target: { value: 'Last words' } });
    expect(storage.entries.has(KEY)).toBe(true);
    fireEvent.click(screen.getByTestId('documents-authorised'));
    fireEvent.click(screen.getByTestId('documents-submit'));
    await waitFor(() => expect(app?.pathname()).toBe('/thankyou-documents'));
    await waitFor(() => expect(storage.entries.has(KEY)).toBe(false));
  });

  it('discard clears the mirror', async () => {
    saveLoginToken('t', false);
    const storage = mirrored(entry(KEY, { synced: true }));
    const server = documentsServer({
      '/api/account/getaccount': { status: 200, body: ACCOUNT },
      '/api/documentupload/getdraftdocumentform': { status: 200, body: DRAFT },
      '/api/documentupload/discarddraftdocuments': { status: 200, body: true },
    });
    app = renderApp('/submitdocuments');
    fireEvent.click(await screen.findByTestId('documents-discard'));
    await screen.findByTestId('confirm-dialog', {}, { timeout: 5000 });
    await new Promise((r) => setTimeout(r, 80));
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(app?.pathname()).toBe('/forms'));
    expect(server.callsTo('/api/documentupload/discarddraftdocuments')).toHaveLength(1);
    await waitFor(() => expect(storage.entries.has(KEY)).toBe(false));
  });

  it("sign-out forgets the account's mirrored drafts and only those", async () => {
    saveLoginToken('t', false);
    const storage = mirrored(entry(KEY, { synced: true, draft: DRAFT.Draft }), entry(SAM_KEY));
    documentsServer({
      '/api/account/getaccount': { status: 200, body: ACCOUNT },
      '/api/documentupload/getdraftdocumentform': { status: 200, body: DRAFT },
      '/api/account/logout': { status: 200, body: true },
    });
    app = renderApp('/submitdocuments');
    await screen.findByTestId('documents-message');
    fireEvent.click(await screen.findByTestId('toolbar-sign-out'));
    await waitFor(() => expect(app?.pathname()).toBe('/login'));
    await waitFor(() => expect(storage.entries.has(KEY)).toBe(false));
    expect(storage.entries.has(SAM_KEY)).toBe(true);
  });
});
