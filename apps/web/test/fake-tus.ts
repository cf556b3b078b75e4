/**
 * A tus 1.0 server behind a scripted XMLHttpRequest, for jsdom tests that drive the real
 * tus-js-client (its browser build): creation answers 201 with a Location, HEAD the offset held,
 * and each PATCH is kept for the test to drive (progress, answer, a dropped connection). The real
 * server's side is tested with the same client in apps/server/test/resumable-uploads.test.ts.
 */
import { RESUMABLE_FILE_ID_HEADER, RESUMABLE_UPLOAD_PATH } from '@portal/contracts';
import { vi } from 'vitest';

type Held = { length: number; offset: number; metadata: Record<string, string>; fileId: string };

export class FakeTusXhr {
  static uploads = new Map<string, Held>();
  static requests: FakeTusXhr[] = [];
  /** Creation answers this instead, when set (a refusal as the server sends it). */
  static refuseCreation: { status: number; body: unknown } | null = null;
  private static created = 0;

  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: Blob | null = null;
  aborted = false;
  private answer: Record<string, string> = {};

  static reset(): void {
    FakeTusXhr.uploads = new Map();
    FakeTusXhr.requests = [];
    FakeTusXhr.refuseCreation = null;
    // Ids are never reused: a request a previous test left running cannot reach this test's uploads.
  }

  /** The PATCH requests sent, oldest first. */
  static patches(): FakeTusXhr[] {
    return FakeTusXhr.requests.filter((r) => r.method === 'PATCH');
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  getResponseHeader(name: string): string | null {
    return this.answer[name.toLowerCase()] ?? null;
  }
  send(body: Blob | null = null) {
    this.body = body;
    FakeTusXhr.requests.push(this);
    if (this.method === 'POST') this.create();
    else if (this.method === 'HEAD') this.head();
    else if (this.method === 'DELETE') {
      FakeTusXhr.uploads.delete(this.url.split('/').at(-1) ?? '');
      this.finish(204, {});
    }
    // A PATCH waits for the test.
  }
  abort() {
    this.aborted = true;
  }

  private held(): Held | undefined {
    return FakeTusXhr.uploads.get(this.url.split('/').at(-1) ?? '');
  }

  private create() {
    const refusal = FakeTusXhr.refuseCreation;
    if (refusal) {
      this.finish(refusal.status, {}, JSON.stringify(refusal.body));
      return;
    }
    const id = `up-${(FakeTusXhr.created += 1)}`;
    const metadata = Object.fromEntries(
      (this.headers['upload-metadata'] ?? '')
        .split(',')
        .filter(Boolean)
        .map((pair) => {
          const [key = '', value = ''] = pair.split(' ');
          return [key, atob(value)];
        }),
    );
    FakeTusXhr.uploads.set(id, {
      length: Number(this.headers['upload-length']),
      offset: 0,
      metadata,
      fileId: `F-${id}`,
    });
    this.finish(201, { location: `${RESUMABLE_UPLOAD_PATH}/${id}` });
  }

  private head() {
    const held = this.held();
    if (!held) this.finish(404, {});
    else this.finish(200, { 'upload-offset': String(held.offset), 'upload-length': String(held.length) });
  }

  /** Bytes of this PATCH have gone out (its progress event). */
  progress(loaded: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded });
  }

  /** The server stored `bytes` of this PATCH and answers; the last byte brings the file's id. */
  stored(bytes?: number) {
    const held = this.held();
    if (!held) throw new Error(`no upload at ${this.url}`);
    held.offset = Math.min(held.length, Number(this.headers['upload-offset']) + (bytes ?? held.length));
    const done = held.offset === held.length;
    this.finish(204, {
      'upload-offset': String(held.offset),
      ...(done ? { [RESUMABLE_FILE_ID_HEADER.toLowerCase()]: held.fileId } : {}),
    });
  }

  /** The connection dropped after the server stored `bytes` of this PATCH (no answer arrives). */
  dropped(bytes: number) {
    const held = this.held();
    if (held) held.offset = Math.min(held.length, Number(this.headers['upload-offset']) + bytes);
    this.onerror?.(new Error('network'));
  }

  /** The server refuses this PATCH with its error list. */
  refuse(status: number, body: unknown) {
    this.finish(status, {}, JSON.stringify(body));
  }

  private finish(status: number, headers: Record<string, string>, body = '') {
    this.status = status;
    this.answer = { 'tus-resumable': '1.0.0', ...headers };
    this.responseText = body;
    // An answer arrives after the request was sent, as over a network.
    queueMicrotask(() => this.onload?.());
  }
}

/** Puts the fake server in place of XMLHttpRequest, fresh. */
export function installFakeTus(): typeof FakeTusXhr {
  FakeTusXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeTusXhr);
  return FakeTusXhr;
}
