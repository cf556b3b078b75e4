import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { CLIENT_MESSAGES, LIMITS } from '@portal/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileUpload, TruncatedText, type UploadItem } from '../src/components/file-upload.tsx';
import { getAlerts } from '../src/lib/feedback/alerts.ts';
import { saveLoginToken } from '../src/lib/session/session.ts';
import { signOut } from '../src/lib/session/sign-out.ts';
import { precheckFile } from '../src/lib/uploads/upload.ts';
import { FakeTusXhr, installFakeTus } from './fake-tus.ts';
import { mockServer } from './helpers.ts';

function Harness({
  initial = [] as UploadItem[],
  description,
  formId = 'form-1',
}: {
  initial?: UploadItem[];
  description?: string;
  formId?: string;
}) {
  const [items, setItems] = useState<UploadItem[]>(initial);
  return (
    <FileUpload
      label="Documents"
      formType="documents"
      formId={formId}
      items={items}
      onItemsChange={setItems}
      {...(description ? { description } : {})}
    />
  );
}

function pick(file: File) {
  const input = screen.getByTestId('upload-input');
  fireEvent.change(input, { target: { files: [file] } });
}

let tus: typeof FakeTusXhr = FakeTusXhr;

function setup() {
  tus = installFakeTus();
  localStorage.clear();
  saveLoginToken('token-1', false);
  document.cookie = '__Host-XSRF-TOKEN=xsrf-9; path=/; secure';
}

/** The browser's idea of the connection (navigator.onLine), as the offline and online events say. */
function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}

/** The n-th PATCH of the test, once sent (tus-js-client is downloaded with the first upload). */
async function nextPatch(n = 0): Promise<FakeTusXhr> {
  await waitFor(() => expect(tus.patches().length).toBeGreaterThan(n));
  return tus.patches()[n] as FakeTusXhr;
}

describe('upload pre-checks (STYLE.md rule 10)', () => {
  it('refuses a file over 10MB and a type not accepted before sending anything', () => {
    setup();
    render(<Harness />);
    const big = new File(['x'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 10_485_761 });
    pick(big);
    expect(getAlerts().at(-1)?.entries[0]?.message).toBe('Document must be below 10MB');
    pick(new File(['MZ'], 'tool.exe'));
    expect(getAlerts().at(-1)?.entries[0]?.message).toBe('Document type is not accepted');
    expect(tus.requests).toHaveLength(0);
    expect(screen.queryAllByTestId('upload-item')).toHaveLength(0);
    expect(precheckFile({ name: 'SCAN.JPG', size: 10_485_760 })).toBeNull();
  });
});

describe('upload progress, completion and cancel (tus, with the real tus-js-client)', () => {
  afterEach(() => {
    setOnline(true);
    vi.unstubAllGlobals();
  });

  it('creates the upload with the token, the XSRF header and the form, shows progress in words and as a bar, announces every 25% and completion', async () => {
    setup();
    render(<Harness />);
    pick(new File(['x'.repeat(100)], 'letter.pdf', { type: 'application/pdf' }));
    const patch = await nextPatch();
    const creation = tus.requests[0] as FakeTusXhr;
    expect([creation.method, creation.url]).toEqual(['POST', '/api/uploads/tus']);
    expect(creation.headers.authorization).toBe('Bearer token-1');
    expect(creation.headers['x-xsrf-token']).toBe('xsrf-9');
    expect(creation.headers['upload-length']).toBe('100');
    expect([...tus.uploads.values()][0]?.metadata).toEqual({
      filename: 'letter.pdf',
      filetype: 'application/pdf',
      formType: 'documents',
      formId: 'form-1',
    });
    expect(patch.headers.authorization).toBe('Bearer token-1');
    expect(patch.headers['x-xsrf-token']).toBe('xsrf-9');
    const bar = screen.getByRole('progressbar', { name: 'Uploading letter.pdf' });
    act(() => patch.progress(40));
    expect(bar.getAttribute('value')).toBe('40');
    expect(screen.getByTestId('upload-progress-text').textContent).toBe('40% uploaded');
    expect(screen.getByTestId('upload-status').textContent).toBe('Uploading letter.pdf, 25%');
    act(() => patch.progress(45));
    expect(screen.getByTestId('upload-status').textContent).toBe('Uploading letter.pdf, 25%');
    act(() => patch.progress(80));
    expect(screen.getByTestId('upload-status').textContent).toBe('Uploading letter.pdf, 75%');
    act(() => patch.stored());
    await waitFor(() => expect(screen.getByTestId('upload-item').getAttribute('data-state')).toBe('done'));
    expect(screen.getByTestId('upload-status').textContent).toBe('letter.pdf uploaded');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove letter.pdf' }).getAttribute('data-testid')).toBe('upload-remove');
  });

  it('cancel while in progress stops it, removes the item and the partial upload on the server', async () => {
    setup();
    render(<Harness />);
    pick(new File(['abc'], 'notes.txt', { type: 'text/plain' }));
    const patch = await nextPatch();
    act(() => patch.progress(1));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel uploading notes.txt' }));
    expect(patch.aborted).toBe(true);
    await waitFor(() => expect(screen.queryAllByTestId('upload-item')).toHaveLength(0));
    await waitFor(() => expect(tus.requests.map((r) => r.method)).toContain('DELETE'));
    expect(tus.uploads.size).toBe(0);
    expect(getAlerts()).toHaveLength(0);
  });

  it('a dropped connection goes on from the offset the server holds: only the bytes it lacks are sent again', async () => {
    setup();
    render(<Harness />);
    pick(new File(['x'.repeat(100)], 'letter.pdf', { type: 'application/pdf' }));
    const first = await nextPatch();
    act(() => first.progress(60));
    act(() => first.dropped(55));
    const second = await nextPatch(1);
    const methods = tus.requests.map((r) => r.method);
    expect(methods).toEqual(['POST', 'PATCH', 'HEAD', 'PATCH']);
    expect(second.headers['upload-offset']).toBe('55');
    expect(second.body?.size).toBe(45);
    act(() => second.stored());
    await waitFor(() => expect(screen.getByTestId('upload-item').getAttribute('data-state')).toBe('done'));
    expect(getAlerts()).toHaveLength(0);
  });

  it('offline, the upload pauses and says so; back online it goes on by itself from where the server stopped', async () => {
    setup();
    render(<Harness />);
    pick(new File(['x'.repeat(100)], 'scan.jpg', { type: 'image/jpeg' }));
    const first = await nextPatch();
    act(() => first.progress(30));
    [...tus.uploads.values()][0]!.offset = 30;
    act(() => {
      setOnline(false);
      window.dispatchEvent(new Event('offline'));
    });
    await waitFor(() =>
      expect(screen.getByTestId('upload-progress-text').textContent).toBe('Paused — waiting for a connection'),
    );
    expect(screen.getByTestId('upload-status').textContent).toBe('scan.jpg: Paused — waiting for a connection');
    expect(first.aborted).toBe(true);
    expect(screen.getByTestId('upload-item').getAttribute('data-state')).toBe('uploading');
    act(() => {
      setOnline(true);
      window.dispatchEvent(new Event('online'));
    });
    const second = await nextPatch(1);
    expect(second.headers['upload-offset']).toBe('30');
    expect(screen.getByTestId('upload-status').textContent).toBe('Uploading scan.jpg again');
    act(() => second.stored());
    await waitFor(() => expect(screen.getByTestId('upload-item').getAttribute('data-state')).toBe('done'));
    expect(getAlerts()).toHaveLength(0);
  });

  it('after a reload the same file for the same form carries on; another form, or after sign-out, starts afresh', async () => {
    setup();
    const file = new File(['x'.repeat(100)], 'letter.pdf', { type: 'application/pdf', lastModified: 1 });
    // The first page loses its connection part-way; a reload replaces it (no cleanup runs: the
    // browser just stops the page), so its upload is left on the server, paused.
    const before = render(<Harness />);
    fireEvent.change(within(before.container).getByTestId('upload-input'), { target: { files: [file] } });
    const first = await nextPatch();
    act(() => first.progress(40));
    [...tus.uploads.values()][0]!.offset = 40;
    act(() => {
      setOnline(false);
      window.dispatchEvent(new Event('offline'));
    });
    await waitFor(() => expect(first.aborted).toBe(true));
    setOnline(true);

    const after = render(<Harness />);
    fireEvent.change(within(after.container).getByTestId('upload-input'), { target: { files: [file] } });
    const resumed = await nextPatch(1);
    expect(tus.requests.slice(-2).map((r) => r.method)).toEqual(['HEAD', 'PATCH']);
    expect(resumed.url).toBe(first.url);
    expect(resumed.headers['upload-offset']).toBe('40');
    expect(resumed.body?.size).toBe(60);
    act(() => resumed.stored());
    await waitFor(() =>
      expect(within(after.container).getByTestId('upload-item').getAttribute('data-state')).toBe('done'),
    );
    // Done: nothing of it is kept on this device.
    expect(Object.keys(localStorage).some((k) => k.startsWith('tus::'))).toBe(false);
    cleanup();

    // The same file for another form is an upload of its own.
    render(<Harness formId="form-2" />);
    pick(file);
    const other = await nextPatch(2);
    expect(other.url).not.toBe(first.url);
    expect(other.headers['upload-offset']).toBe('0');
    // Part-way when the claimant is signed out: the address kept for it goes.
    act(() => other.progress(10));
    expect(Object.keys(localStorage).some((k) => k.startsWith('tus::'))).toBe(true);
    act(() => void signOut('server-idle'));
    expect(Object.keys(localStorage).some((k) => k.startsWith('tus::'))).toBe(false);
  });

  it('never gives up an upload while its bytes keep going; a stall for the time-out is cut and resumed', async () => {
    setup();
    render(<Harness />);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      pick(new File(['x'.repeat(100)], 'notes.txt', { type: 'text/plain' }));
      await vi.waitFor(() => expect(tus.patches()).toHaveLength(1));
      const first = tus.patches()[0] as FakeTusXhr;
      // Progress every 100 s, for 5 minutes: well past the 120 s time-out, never idle for it.
      for (let loaded = 10; loaded <= 30; loaded += 5) {
        act(() => vi.advanceTimersByTime(100_000));
        act(() => first.progress(loaded));
      }
      expect(first.aborted).toBe(false);
      act(() => vi.advanceTimersByTime(LIMITS.requestTimeoutMs - 1));
      expect(first.aborted).toBe(false);
      [...tus.uploads.values()][0]!.offset = 30;
      act(() => vi.advanceTimersByTime(1));
      expect(first.aborted).toBe(true);
      await vi.waitFor(() => expect(tus.patches()).toHaveLength(2));
      expect(tus.patches()[1]?.headers['upload-offset']).toBe('30');
    } finally {
      vi.useRealTimers();
    }
    expect(getAlerts()).toHaveLength(0);
  });

  it('takes a 408 from the server (the upload stopped arriving) as a time-out', async () => {
    setup();
    render(<Harness />);
    pick(new File(['abc'], 'notes.txt', { type: 'text/plain' }));
    const patch = await nextPatch();
    act(() => patch.refuse(408, [{ Number: 150, Message: 'Sorry, request timed out. Please try again.' }]));
    await waitFor(() => expect(getAlerts().at(-1)?.entries[0]?.message).toBe(CLIENT_MESSAGES.requestTimedOut));
    expect(screen.queryAllByTestId('upload-item')).toHaveLength(0);
  });

  it('shows the server refusal as an alert and drops the item', async () => {
    setup();
    tus.refuseCreation = { status: 415, body: [{ Number: 117, Message: 'Document type is not accepted' }] };
    render(<Harness />);
    pick(new File(['abc'], 'fake.pdf'));
    await waitFor(() => expect(screen.queryAllByTestId('upload-item')).toHaveLength(0));
    expect(getAlerts().at(-1)?.entries[0]).toEqual({ message: 'Document type is not accepted', code: 117 });
    expect(tus.patches()).toHaveLength(0);
  });

  it('removes an uploaded file through discardfile', async () => {
    setup();
    const server = mockServer({ '/api/documentupload/discardfile': { status: 200, body: true } });
    render(
      <Harness initial={[{ key: 'f-F9', filename: 'old.pdf', fileId: 'F9', progress: 100, inProgress: false }]} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove old.pdf' }));
    await waitFor(() => expect(screen.queryAllByTestId('upload-item')).toHaveLength(0));
    expect(server.callsTo('/api/documentupload/discardfile')[0]?.body).toMatchObject({ FileId: 'F9' });
  });
});

describe('description truncation', () => {
  it('truncates after 100 characters with Show more / Show less (aria-expanded)', () => {
    const text = 'a'.repeat(120);
    render(<TruncatedText text={text} testId="desc" />);
    const toggle = screen.getByRole('button', { name: 'Show more' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('desc').textContent).toBe(`${'a'.repeat(100)}… Show more`);
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('desc').textContent).toContain('a'.repeat(120));
  });

  it('shows a short description whole, without a button', () => {
    render(<TruncatedText text="Pharmacy receipt" testId="desc" />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
