/**
 * The file lists that send their files with the form (Name & Date of Birth's supporting documents,
 * Send a message's documents) go over tus like every upload (decision 040): offline part-way, the
 * file says it is paused and waits; back online it goes on from where the server stopped, and the
 * form is sent once every file has arrived. The real tus-js-client drives a scripted tus server
 * (fake-tus.ts).
 */
import type { Account } from '@portal/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { saveLoginToken } from '../src/lib/session/session.ts';
import { installFakeTus, type FakeTusXhr } from './fake-tus.ts';
import { CLAIMS, accountFixture, mockServer } from './helpers.ts';
import { renderApp } from './render-app.tsx';

const ACCOUNT: Account = accountFixture({ PersonalDetails: { MiddleNames: '', DateOfBirth: '1985-06-14' } });

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => {
  app?.cleanup();
  app = undefined;
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => true });
});

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('Name & Date of Birth: a supporting document on a weak signal', () => {
  it('pauses offline, says so at the file, and goes on by itself from the server offset', async () => {
    const tus = installFakeTus();
    saveLoginToken('session-1', false);
    document.cookie = '__Host-XSRF-TOKEN=xsrf-9; path=/; secure';
    const server = mockServer({
      '/api/claim/getclaims': { status: 200, body: CLAIMS.map((c, i) => ({ ...c, Selected: i === 0 })) },
      '/api/inbox/getunreadmessagecount': { status: 200, body: 0 },
      '/api/analytics/pageview': { status: 200, body: true },
      '/api/account/keepalive': { status: 200, body: { IdleTimeoutSeconds: 1200 } },
      '/api/account/getaccount': { status: 200, body: ACCOUNT },
      '/api/dropdownlistdatasource/list': {
        status: 200,
        body: { Items: [{ ElementNumber: 1, Id: 1, Item: 'Marriage' }] },
      },
      '/api/documentupload/uploaddetailsrequest': { status: 200, body: { Identifier: 'form-1' } },
      '/api/documentupload/submitdetailsrequest': { status: 200, body: { SentItemId: 'sent-1' } },
    });
    app = renderApp('/account');
    fireEvent.click(await screen.findByTestId('account-personal-edit', {}, { timeout: 3000 }));
    await screen.findByTestId('personal-form');
    fireEvent.change(screen.getByTestId('personal-surname'), { target: { value: 'Citizen-Smith' } });
    const reason = screen.getByTestId('personal-reason') as HTMLSelectElement;
    await waitFor(() => expect(reason.options.length).toBe(2));
    fireEvent.change(reason, { target: { value: '1' } });
    fireEvent.blur(reason);
    const file = new File(['x'.repeat(100)], 'certificate.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('personal-files-input'), { target: { files: [file] } });
    await screen.findByTestId('personal-files-item');
    await waitFor(() => expect(screen.getByTestId('personal-save').getAttribute('aria-disabled')).toBeNull());
    fireEvent.click(screen.getByTestId('personal-save'));

    await waitFor(() => expect(tus.patches().length).toBe(1));
    const first = tus.patches()[0] as FakeTusXhr;
    act(() => first.progress(40));
    [...tus.uploads.values()][0]!.offset = 40;
    act(() => setOnline(false));
    await waitFor(() =>
      expect(screen.getByTestId('personal-files-paused').textContent).toBe('Paused — waiting for a connection'),
    );
    expect(screen.getByTestId('personal-files-item').getAttribute('data-state')).toBe('uploading');
    expect(server.callsTo('/api/documentupload/submitdetailsrequest')).toHaveLength(0);

    act(() => setOnline(true));
    await waitFor(() => expect(tus.patches().length).toBe(2));
    const second = tus.patches()[1] as FakeTusXhr;
    expect(second.headers['upload-offset']).toBe('40');
    await waitFor(() => expect(screen.getByTestId('personal-files-paused').textContent).toBe(''));
    act(() => second.stored());
    await waitFor(() => expect(server.callsTo('/api/documentupload/submitdetailsrequest')).toHaveLength(1));
    await waitFor(() => expect(app?.pathname()).toBe('/accountupdated/personal-details/approval'));
  });
});

describe('Send a message: a document on a weak signal', () => {
  it('pauses offline, says so at the file, and the message goes once the file has arrived', async () => {
    const tus = installFakeTus();
    saveLoginToken('session-1', false);
    document.cookie = '__Host-XSRF-TOKEN=xsrf-9; path=/; secure';
    const server = mockServer({
      '/api/claim/getclaims': { status: 200, body: CLAIMS.map((c, i) => ({ ...c, Selected: i === 0 })) },
      '/api/inbox/getunreadmessagecount': { status: 200, body: 0 },
      '/api/analytics/pageview': { status: 200, body: true },
      '/api/account/getaccount': { status: 225, body: [{ Number: 199, Message: 'not in this test' }] },
      '/api/dropdownlistdatasource/list': {
        status: 200,
        body: { Items: [{ ElementNumber: 10, Id: 1, Item: 'General enquiry' }] },
      },
      '/api/documentupload/uploadcontactform': { status: 200, body: { Identifier: 'F1' } },
      '/api/documentupload/submitcontactform': { status: 200, body: { SentItemId: 'S1' } },
    });
    app = renderApp('/contactus');
    const type = (await screen.findByTestId('contact-type')) as HTMLSelectElement;
    await waitFor(() => expect(type.options).toHaveLength(2));
    fireEvent.change(type, { target: { value: '10' } });
    fireEvent.change(screen.getByTestId('contact-message'), { target: { value: 'My letter from the GP' } });
    const file = new File(['x'.repeat(100)], 'gp-letter.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('contact-upload-input'), { target: { files: [file] } });
    await screen.findByTestId('contact-file');
    const submit = screen.getByTestId('contact-submit');
    await waitFor(() => expect(submit.getAttribute('aria-disabled')).toBeNull());
    fireEvent.click(submit);

    await waitFor(() => expect(tus.patches().length).toBe(1));
    act(() => (tus.patches()[0] as FakeTusXhr).progress(60));
    [...tus.uploads.values()][0]!.offset = 60;
    act(() => setOnline(false));
    await waitFor(() =>
      expect(screen.getByTestId('contact-file-paused').textContent).toBe('Paused — waiting for a connection'),
    );
    expect(server.callsTo('/api/documentupload/submitcontactform')).toHaveLength(0);

    act(() => setOnline(true));
    await waitFor(() => expect(tus.patches().length).toBe(2));
    const second = tus.patches()[1] as FakeTusXhr;
    expect(second.headers['upload-offset']).toBe('60');
    act(() => second.stored());
    await waitFor(() => expect(server.callsTo('/api/documentupload/submitcontactform')).toHaveLength(1));
    await waitFor(() => expect(app?.pathname()).toBe('/thankyou-contact-us'));
  });
});
