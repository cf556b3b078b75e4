import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { saveLoginToken } from '../src/lib/session.ts';
import { validateDocuments } from '../src/features/documents/pages/submit-documents-page.tsx';
import { CLAIMS, mockServer, type Call } from './helpers.ts';
import { renderApp } from './render-app.tsx';

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => {
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
    '/api/content/submitdocs': { status: 200, body: { Name: 'submitdocs', Html: '<p>You can send letters and forms.</p>' } },
    '/api/dropdownlistdatasource/list': { status: 200, body: { Items: TYPES } },
    '/api/documentupload/getdraftdocumentform': { status: 200, body: null },
    '/api/documentupload/updatedocumentform': { status: 200, body: { FormId: 'form-1', UpdatedAt: '2026-11-21T10:00:00Z', Submitted: false } },
    '/api/documentupload/getdraftdates': { status: 200, body: { DocumentsDate: null } },
    ...extra,
  });
}

const DRAFT = {
  FormId: 'form-7',
  UpdatedAt: '2026-11-20T09:00:00Z',
  Draft: { DocumentType: { Id: 10, Item: 'Medical certificate' }, Description: 'My certificate', Documents: [{ Filename: 'cert.pdf', FileID: 'F1' }] },
};

describe('validateDocuments (spec 001 Submit documents)', () => {
  const item = (id: string) => ({ key: id, filename: `${id}.pdf`, fileId: id, progress: 100, inProgress: false });
  it('asks for a type, a message, a document and the authorisation', () => {
    expect(validateDocuments({ type: null, message: '', items: [], authorised: false })).toEqual({
      DocumentType: 'Please select a document type',
      Description: 'Please provide a message (max 1000 characters)',
      Documents: 'Please upload at least one document',
      Authorised: 'Please provide your authorisation',
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
    expect(validateDocuments({ type: { Id: 12, Item: 'Reimbursement' }, message: '', items: [item('a')], authorised: true })).toEqual({
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
    expect(await screen.findByTestId('content-submitdocs')).toBeTruthy();
    fireEvent.change(select, { target: { value: '10' } });
    fireEvent.change(screen.getByTestId('documents-message'), { target: { value: 'Hello' } });
    expect(screen.getByTestId('documents-message-count').textContent).toBe('5 of 1000 characters');
    await new Promise((r) => setTimeout(r, 500));
    expect(server.callsTo('/api/documentupload/updatedocumentform')).toHaveLength(0);
    await waitFor(() => expect(server.callsTo('/api/documentupload/updatedocumentform')).toHaveLength(1), { timeout: 2000 });
    expect(server.callsTo('/api/documentupload/updatedocumentform')[0]?.body).toMatchObject({
      Draft: { DocumentType: { Id: 10, Item: 'Medical certificate' }, Description: 'Hello', Documents: [] },
    });
    fireEvent.change(screen.getByTestId('documents-message'), { target: { value: 'Hello again' } });
    await waitFor(() => expect(server.callsTo('/api/documentupload/updatedocumentform')).toHaveLength(2), { timeout: 2000 });
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
    expect(screen.getByTestId('documents-reimbursement-note').querySelector('a')?.getAttribute('href')).toBe('/reimbursementform');
  });

  it('shows each problem tied to its field, then submits once with an idempotency key', async () => {
    saveLoginToken('t', false);
    const server = documentsServer({
      '/api/documentupload/getdraftdocumentform': { status: 200, body: DRAFT },
      '/api/documentupload/submitdocumentform': { status: 200, body: { SentItemId: 'S1' } },
    });
    app = renderApp('/submitdocuments');
    fireEvent.click(await screen.findByTestId('documents-submit'));
    expect((await screen.findByTestId('documents-errors')).textContent).toContain('Please provide your authorisation');
    expect(screen.getByTestId('documents-authorised').getAttribute('aria-invalid')).toBe('true');
    expect(server.callsTo('/api/documentupload/submitdocumentform')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('documents-authorised'));
    fireEvent.click(screen.getByTestId('documents-submit'));
    await waitFor(() => expect(app?.pathname()).toBe('/thankyou-documents'));
    const calls: Call[] = server.callsTo('/api/documentupload/submitdocumentform');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toMatchObject({ FormId: 'form-7', Authorised: true, Draft: DRAFT.Draft });
    expect(String(calls[0]?.body?.IdempotencyKey).length).toBeGreaterThan(8);
    expect(await screen.findByTestId('thankyou-documents')).toBeTruthy();
    expect(screen.getByTestId('thankyou-upload').getAttribute('href')).toBe('/forms');
  });

  it('shows a server validation error under its field', async () => {
    saveLoginToken('t', false);
    documentsServer({
      '/api/documentupload/getdraftdocumentform': { status: 200, body: DRAFT },
      '/api/documentupload/submitdocumentform': { status: 225, body: [{ Number: 300, Message: 'Please upload at least one document', Field: 'Documents' }] },
    });
    app = renderApp('/submitdocuments');
    fireEvent.click(await screen.findByTestId('documents-authorised'));
    fireEvent.click(screen.getByTestId('documents-submit'));
    expect((await screen.findByTestId('documents-upload-error')).textContent).toContain('Please upload at least one document');
    expect(app.pathname()).toBe('/submitdocuments');
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
    const server = documentsServer({ '/api/documentupload/getdraftdocumentform': { status: 200, body: DRAFT } });
    app = renderApp('/submitdocuments');
    fireEvent.change(await screen.findByTestId('documents-message'), { target: { value: 'Changed' } });
    void app.router.navigate('/claim');
    const dialog = await screen.findByTestId('confirm-dialog');
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
    expect(saves.at(-1)?.body).toMatchObject({ FormId: 'form-7', SavedUnsubmitted: true, Draft: { Description: 'Changed again' } });
  });
});
