import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { CLIENT_MESSAGES, LIMITS } from '@portal/contracts';
import { describe, expect, it, vi } from 'vitest';
import { FileUpload, TruncatedText, type UploadItem } from '../src/components/file-upload.tsx';
import { getAlerts } from '../src/lib/alerts.ts';
import { saveLoginToken } from '../src/lib/session.ts';
import { precheckFile } from '../src/lib/upload.ts';
import { mockServer } from './helpers.ts';

/** A scripted XMLHttpRequest: each instance is kept so a test can drive its progress. */
class FakeXhr {
  static instances: FakeXhr[] = [];
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  status = 0;
  responseText = '';
  timeout = 0;
  withCredentials = false;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  aborted = false;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.instances.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

function Harness({ initial = [] as UploadItem[], description }: { initial?: UploadItem[]; description?: string }) {
  const [items, setItems] = useState<UploadItem[]>(initial);
  return (
    <FileUpload
      label="Documents"
      formType="documents"
      formId="form-1"
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

function setup() {
  FakeXhr.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  saveLoginToken('token-1', false);
  document.cookie = '__Host-XSRF-TOKEN=xsrf-9; path=/; secure';
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
    expect(FakeXhr.instances).toHaveLength(0);
    expect(screen.queryAllByTestId('upload-item')).toHaveLength(0);
    expect(precheckFile({ name: 'SCAN.JPG', size: 10_485_760 })).toBeNull();
  });
});

describe('upload progress, completion and cancel', () => {
  it('sends the fields before the file, shows progress, announces every 25% and completion', async () => {
    setup();
    render(<Harness />);
    pick(new File(['%PDF-1.4'], 'letter.pdf', { type: 'application/pdf' }));
    const xhr = FakeXhr.instances[0] as FakeXhr;
    expect(xhr.url).toBe('/api/documentupload/uploadfile');
    expect(xhr.headers['X-XSRF-TOKEN']).toBe('xsrf-9');
    expect([...(xhr.body as FormData).keys()]).toEqual(['accessToken', 'FormType', 'FormId', 'uploads[]']);
    const bar = screen.getByRole('progressbar', { name: 'Uploading letter.pdf' });
    act(() => xhr.progress(40, 100));
    expect(bar.getAttribute('value')).toBe('40');
    expect(screen.getByTestId('upload-status').textContent).toBe('Uploading letter.pdf, 25%');
    act(() => xhr.progress(45, 100));
    expect(screen.getByTestId('upload-status').textContent).toBe('Uploading letter.pdf, 25%');
    act(() => xhr.progress(80, 100));
    expect(screen.getByTestId('upload-status').textContent).toBe('Uploading letter.pdf, 75%');
    act(() => xhr.respond(200, { FileId: 'F1' }));
    await waitFor(() => expect(screen.getByTestId('upload-item').getAttribute('data-state')).toBe('done'));
    expect(screen.getByTestId('upload-status').textContent).toBe('letter.pdf uploaded');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove letter.pdf' })).toBeTruthy();
  });

  it('cancel while in progress aborts the request and removes the item', async () => {
    setup();
    render(<Harness />);
    pick(new File(['abc'], 'notes.txt', { type: 'text/plain' }));
    const xhr = FakeXhr.instances[0] as FakeXhr;
    act(() => xhr.progress(30, 100));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel uploading notes.txt' }));
    expect(xhr.aborted).toBe(true);
    await waitFor(() => expect(screen.queryAllByTestId('upload-item')).toHaveLength(0));
    expect(getAlerts()).toHaveLength(0);
  });

  it('never gives up an upload while its bytes keep going; gives up once nothing moves for the time-out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      setup();
      render(<Harness />);
      pick(new File(['abc'], 'notes.txt', { type: 'text/plain' }));
      const xhr = FakeXhr.instances[0] as FakeXhr;
      // Progress every 100 s, for 5 minutes: well past the 120 s time-out, never idle for it.
      for (let loaded = 10; loaded <= 30; loaded += 5) {
        act(() => vi.advanceTimersByTime(100_000));
        act(() => xhr.progress(loaded, 100));
      }
      expect(xhr.aborted).toBe(false);
      act(() => vi.advanceTimersByTime(LIMITS.requestTimeoutMs - 1));
      expect(xhr.aborted).toBe(false);
      act(() => vi.advanceTimersByTime(1));
      expect(xhr.aborted).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(getAlerts().at(-1)?.entries[0]?.message).toBe(CLIENT_MESSAGES.requestTimedOut));
  });

  it('takes a 408 from the server (the upload stopped arriving) as a time-out', async () => {
    setup();
    render(<Harness />);
    pick(new File(['abc'], 'notes.txt', { type: 'text/plain' }));
    act(() =>
      (FakeXhr.instances[0] as FakeXhr).respond(408, [
        { Number: 150, Message: 'Sorry, request timed out. Please try again.' },
      ]),
    );
    await waitFor(() => expect(getAlerts().at(-1)?.entries[0]?.message).toBe(CLIENT_MESSAGES.requestTimedOut));
  });

  it('shows the server refusal as an alert and drops the item', async () => {
    setup();
    render(<Harness />);
    pick(new File(['abc'], 'fake.pdf'));
    act(() =>
      (FakeXhr.instances[0] as FakeXhr).respond(225, [{ Number: 117, Message: 'Document type is not accepted' }]),
    );
    await waitFor(() => expect(screen.queryAllByTestId('upload-item')).toHaveLength(0));
    expect(getAlerts().at(-1)?.entries[0]).toEqual({ message: 'Document type is not accepted', code: 117 });
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
