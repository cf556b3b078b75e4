import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveLoginToken } from '../src/lib/session/session.ts';
import { CLAIMS, mockServer } from './helpers.ts';
import { renderApp } from './render-app.tsx';

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => {
  app?.cleanup();
  app = undefined;
});

class FakeXhr {
  static instances: FakeXhr[] = [];
  upload = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  status = 0;
  responseText = '';
  timeout = 0;
  withCredentials = false;
  url = '';
  body: FormData | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
    FakeXhr.instances.push(this);
  }
  abort() {}
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const DATA = {
  FirstName: 'Alex',
  Surname: 'Citizen',
  ClaimNumber: '12/34567',
  Address: { AddressLine1: '1 Main St', AddressLine2: 'Werribee VIC 3030', AddressLine3: '' },
  DateOfBirth: '1985-04-12',
  DateOfAccident: '2021-03-09',
  Initials: 'AC',
};

/** Signed in with a claim selected, on the authority form; its multipart sends are kept in FakeXhr. */
function openAuthority() {
  FakeXhr.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  saveLoginToken('t', false);
  mockServer({
    '/api/claim/getclaims': { status: 200, body: CLAIMS.map((c, i) => ({ ...c, Selected: i === 0 })) },
    '/api/inbox/getunreadmessagecount': { status: 200, body: 0 },
    '/api/analytics/pageview': { status: 200, body: true },
    '/api/account/keepalive': { status: 200, body: { IdleTimeoutSeconds: 1200 } },
    '/api/account/getaccount': { status: 225, body: [{ Number: 199, Message: 'not in this test' }] },
    '/api/account/getauthorityformdata': { status: 200, body: DATA },
  });
  app = renderApp('/authorityform');
}

describe('/authorityform', () => {
  it('shows the details, offers the typed alternative, reports an error as "Error n: message", then thanks', async () => {
    openAuthority();
    expect((await screen.findByTestId('authority-date-of-birth')).textContent).toBe('12/04/1985');
    expect(screen.getByTestId('authority-date-of-accident').textContent).toBe('09/03/2021');
    expect(screen.getByTestId('authority-name').textContent).toBe('Name: Alex Citizen');
    expect(screen.getByTestId('authority-consent').textContent).not.toMatch(/\{provider\}|\{shortName\}/);
    const submit = screen.getByTestId('authority-submit') as HTMLButtonElement;
    expect(submit.getAttribute('aria-disabled') === 'true').toBe(true);
    fireEvent.click(screen.getByRole('button', { name: "I can't draw a signature" }));
    fireEvent.change(screen.getByLabelText(/Your full name/), { target: { value: 'Alex Citizen' } });
    expect(submit.getAttribute('aria-disabled') === 'true').toBe(true);
    fireEvent.click(screen.getByTestId('authority-declaration'));
    expect(submit.getAttribute('aria-disabled') === 'true').toBe(false);
    fireEvent.click(submit);
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    const first = FakeXhr.instances[0] as FakeXhr;
    expect(first.url).toBe('/api/documentupload/uploadauthorityform');
    const fields = Object.fromEntries([...(first.body as FormData).entries()].map(([k, v]) => [k, String(v)]));
    expect(fields).toMatchObject({
      accessToken: 't',
      SignatureMethod: 'typed',
      TypedName: 'Alex Citizen',
      Declaration: 'true',
    });
    expect(submit.getAttribute('aria-disabled') === 'true').toBe(true);
    act(() => first.respond(225, [{ Number: 405, Message: 'The form could not be signed' }]));
    expect((await screen.findByTestId('authority-error')).textContent).toBe('Error 405: The form could not be signed');
    await waitFor(() => expect(submit.getAttribute('aria-disabled') === 'true').toBe(false));
    fireEvent.click(submit);
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(2));
    act(() => (FakeXhr.instances[1] as FakeXhr).respond(200, { SentItemId: 'S1' }));
    await waitFor(() => expect(app?.pathname()).toBe('/thankyou-documents'));
  });

  it('a press while waiting lists what is missing; each entry goes as it is put right, and the count follows', async () => {
    openAuthority();
    const submit = await screen.findByTestId('authority-submit');
    const summaryText = () => screen.getByTestId('authority-errors').textContent ?? '';
    expect(summaryText()).toBe('');
    expect(document.title.startsWith('Error: ')).toBe(false);

    fireEvent.click(submit);
    const summary = await screen.findByRole('region', { name: 'There is 1 error in this form' });
    expect(document.activeElement).toBe(summary);
    expect(document.title.startsWith('Error: ')).toBe(true);
    const link = screen.getByRole('link', { name: 'Draw your signature in the box' });
    expect(link.getAttribute('href')).toBe('#authority-signature-pad');
    const pad = screen.getByTestId('authority-signature-pad');
    expect(pad.getAttribute('aria-invalid')).toBe('true');
    expect(pad.getAttribute('aria-describedby')).toContain('authority-signature-pad-error');
    expect(document.getElementById('authority-signature-pad-error')?.textContent).toBe(
      'Error: Draw your signature in the box',
    );
    fireEvent.click(link);
    expect(document.activeElement).toBe(pad);
    expect(FakeXhr.instances).toHaveLength(0);

    // Typing instead starts afresh (the pad is gone with its entry); a press lists its two needs.
    fireEvent.click(screen.getByRole('button', { name: "I can't draw a signature" }));
    await waitFor(() => expect(summaryText()).toBe(''));
    expect(screen.getByLabelText(/Your full name/).getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(submit);
    await screen.findByRole('region', { name: 'There are 2 errors in this form' });
    expect(screen.queryByRole('link', { name: 'Draw your signature in the box' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Enter your full name' }).getAttribute('href')).toBe(
      '#authority-typed-name',
    );
    expect(screen.getByRole('link', { name: 'Tick the box to confirm your declaration' }).getAttribute('href')).toBe(
      '#authority-declaration',
    );

    fireEvent.change(screen.getByLabelText(/Your full name/), { target: { value: 'Alex Citizen' } });
    await screen.findByRole('region', { name: 'There is 1 error in this form' });
    expect(screen.queryByRole('link', { name: 'Enter your full name' })).toBeNull();
    expect(screen.getByLabelText(/Your full name/).getAttribute('aria-invalid')).toBeNull();

    fireEvent.click(screen.getByTestId('authority-declaration'));
    await waitFor(() => expect(summaryText()).toBe(''));
    expect(document.title.startsWith('Error: ')).toBe(false);
    expect(submit.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(submit);
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
  });
});
