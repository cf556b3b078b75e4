/**
 * Viewing an uploaded file (spec 001 "Uploads"): the server's copy is streamed through downloadfile
 * (the request layer's `binary` option) rather than fetched as base64, and its failures take the
 * request layer's one error path.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileUpload, type UploadItem } from '../src/components/file-upload.tsx';
import { getAlerts } from '../src/lib/feedback/alerts.ts';
import { RequestError } from '../src/lib/request/request-error.ts';
import { getSignedOutReason, isSignedIn, saveLoginToken } from '../src/lib/session/session.ts';
import { downloadUploadedFile, filenameFromDisposition } from '../src/lib/uploads/upload.ts';

const BYTES = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x00, 0xff]);

type Seen = { url: string; init: RequestInit | undefined };

/** A fetch that answers downloadfile with `answer`; the XSRF cookie is already set. */
function serve(answer: () => Response | Promise<Response>) {
  document.cookie = '__Host-XSRF-TOKEN=xsrf-1; path=/; secure';
  const seen: Seen[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push({ url: String(input), init });
      return answer();
    }),
  );
  return seen;
}

const fileAnswer = (headers: Record<string, string>) => () => new Response(BYTES, { status: 200, headers });
const listAnswer = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function failure(promise: Promise<unknown>): Promise<RequestError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RequestError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('downloadUploadedFile (downloadfile, streamed)', () => {
  it('posts Identifier with the token and the XSRF header, and resolves with the bytes, their type and the attachment name', async () => {
    saveLoginToken('token-1', false);
    const seen = serve(
      fileAnswer({
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="M_dical report (final).pdf"; filename*=UTF-8''M%C3%A9dical%20report%20%28final%29.pdf`,
      }),
    );
    const file = await downloadUploadedFile('F9');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe('/api/documentupload/downloadfile');
    expect(JSON.parse(String(seen[0]?.init?.body))).toEqual({ Identifier: 'F9', AccessToken: 'token-1' });
    expect((seen[0]?.init?.headers as Record<string, string>)['X-XSRF-TOKEN']).toBe('xsrf-1');
    expect(file.filename).toBe('Médical report (final).pdf');
    expect(file.blob.type).toBe('application/pdf');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(BYTES);
    expect(getAlerts()).toHaveLength(0);
  });

  it("a 225 list is the request layer's error and alert, as for every call", async () => {
    saveLoginToken('token-1', false);
    serve(listAnswer(225, [{ Number: 451, Message: 'The information could not be found' }]));
    const error = await failure(downloadUploadedFile('gone'));
    expect(error.kind).toBe('server');
    expect(error.number).toBe(451);
    expect(getAlerts().at(-1)?.entries).toEqual([{ message: 'The information could not be found', code: 451 }]);
  });

  it('a token-expired number signs the claimant out without an alert', async () => {
    saveLoginToken('token-1', false);
    serve(listAnswer(225, [{ Number: 18, Message: 'Your session has expired' }]));
    const error = await failure(downloadUploadedFile('F9'));
    expect(error.forcedLogout).toBe(true);
    expect(isSignedIn()).toBe(false);
    expect(getSignedOutReason()).toBe('expired');
    expect(getAlerts()).toHaveLength(0);
  });

  it('a dropped connection is the network error (3), and a non-list answer is endpoint not available (1)', async () => {
    saveLoginToken('token-1', false);
    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    expect((await failure(downloadUploadedFile('F9'))).number).toBe(3);
    serve(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    expect((await failure(downloadUploadedFile('F9'))).number).toBe(1);
  });

  it('reads the file name of a Content-Disposition header', () => {
    expect(filenameFromDisposition(null)).toBeUndefined();
    expect(filenameFromDisposition('attachment')).toBeUndefined();
    expect(filenameFromDisposition('attachment; filename="letter.pdf"')).toBe('letter.pdf');
    expect(filenameFromDisposition('attachment; filename=letter.pdf')).toBe('letter.pdf');
    expect(filenameFromDisposition('attachment; filename="say \\"hi\\".txt"')).toBe('say "hi".txt');
    expect(filenameFromDisposition('attachment; filename="scan _.tif"; filename*=UTF-8\'\'scan%20%C3%A9.tif')).toBe(
      'scan é.tif',
    );
    // A damaged encoding falls back to the plain name.
    expect(filenameFromDisposition('attachment; filename="a.pdf"; filename*=UTF-8\'\'%E0%A4%A.pdf')).toBe('a.pdf');
  });
});

function Harness({ initial }: { initial: UploadItem[] }) {
  const [items, setItems] = useState<UploadItem[]>(initial);
  return <FileUpload label="Documents" formType="documents" formId="form-1" items={items} onItemsChange={setItems} />;
}

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

/** Object URLs and link clicks as the browser would see them (jsdom has no object URLs and navigates nowhere). */
function watchOpens() {
  const blobs: Blob[] = [];
  const clicks: Array<{ href: string; download: string; target: string }> = [];
  URL.createObjectURL = (blob: Blob) => {
    blobs.push(blob);
    return `blob:test/${blobs.length}`;
  };
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push({ href: this.getAttribute('href') ?? '', download: this.download, target: this.target });
  });
  return { blobs, clicks };
}

describe('FileUpload: View of a file on the server', () => {
  it("opens the streamed bytes through an object URL, under the server's name for a type the browser cannot show", async () => {
    saveLoginToken('token-1', false);
    const seen = serve(
      fileAnswer({
        'Content-Type': 'image/tiff',
        'Content-Disposition': 'attachment; filename="scan _.tif"; filename*=UTF-8\'\'scan%20%C3%A9.tif',
      }),
    );
    const { blobs, clicks } = watchOpens();
    render(
      <Harness initial={[{ key: 'f-F9', filename: 'scan.tif', fileId: 'F9', progress: 100, inProgress: false }]} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'View scan.tif' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(seen.map((s) => s.url)).toEqual(['/api/documentupload/downloadfile']);
    expect(clicks[0]).toEqual({ href: 'blob:test/1', download: 'scan é.tif', target: '_blank' });
    expect(new Uint8Array(await (blobs[0] as Blob).arrayBuffer())).toEqual(BYTES);
  });

  it('a PDF opens in a tab (no download name)', async () => {
    saveLoginToken('token-1', false);
    serve(
      fileAnswer({ 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="letter.pdf"' }),
    );
    const { clicks } = watchOpens();
    render(
      <Harness initial={[{ key: 'f-F8', filename: 'letter.pdf', fileId: 'F8', progress: 100, inProgress: false }]} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'View letter.pdf' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]?.download).toBe('');
  });

  it("a failure shows the request layer's alert and opens nothing", async () => {
    saveLoginToken('token-1', false);
    serve(listAnswer(225, [{ Number: 451, Message: 'The information could not be found' }]));
    const { clicks } = watchOpens();
    render(
      <Harness initial={[{ key: 'f-F7', filename: 'gone.pdf', fileId: 'F7', progress: 100, inProgress: false }]} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'View gone.pdf' }));
    await waitFor(() => expect(getAlerts()).toHaveLength(1));
    expect(getAlerts()[0]?.entries).toEqual([{ message: 'The information could not be found', code: 451 }]);
    expect(clicks).toHaveLength(0);
  });
});
