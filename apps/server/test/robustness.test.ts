/**
 * Robust under bad input and faults: a fuzz of every operation found answers of 500. Each test
 * here is one of those inputs, answered from the catalogue (or problem details on the provider
 * API) with nothing logged at error level; and the server's own bounds on slow clients, on
 * connections per address and on files a crash left behind.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorNumber, catalogueMessage } from '@portal/contracts';
import { createApiKey } from '../src/modules/provider/keys.ts';
import { removeExpiredUploads } from '../src/modules/uploads/service.ts';
import { MAX_ERROR_ITEMS, validationItems } from '../src/plugins/errors.ts';
import { localFileStore } from '../src/storage/file-store.ts';
import { parseS3Url, s3ClientFromConfig, s3FileStore } from '../src/storage/s3-store.ts';
import { CSRF, createTestApp, errorNumbers, signInWithClaim, type TestApp } from './helpers.ts';
import { multipart } from './multipart.ts';
import { SAMPLES } from './samples.ts';

const MALFORMED = [{ Number: ErrorNumber.MalformedBody, Message: catalogueMessage(ErrorNumber.MalformedBody) }];
const BROWSER = { cookie: `__Host-XSRF-TOKEN=${CSRF}`, 'x-xsrf-token': CSRF };

/** Log lines at error level or above (pino: 50 error, 60 fatal). */
function errorLogs(t: TestApp): string[] {
  return t.logs.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
}

/** A JSON text nested `depth` objects deep: built as text, since JSON.stringify itself overflows on it. */
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('malformed multipart bodies', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    token = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
  });
  afterAll(() => t.close());

  const field = (name: string, value: string) =>
    `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  /** The upload calls, each with its file's part name. */
  const calls = [
    { url: '/api/documentupload/uploadfile', file: 'uploads[]' },
    { url: '/api/documentupload/uploadauthorityform', file: 'Signature' },
  ];
  type Call = (typeof calls)[number];
  const bodies: [string, string, (call: Call) => string][] = [
    ['no boundary', 'multipart/form-data', () => `${field('a', 'b')}--b--\r\n`],
    ['a wrong boundary', 'multipart/form-data; boundary=other', () => `${field('a', 'b')}--b--\r\n`],
    [
      'a body cut short in a field',
      'multipart/form-data; boundary=b',
      () => '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nbbbb',
    ],
    ['garbage', 'multipart/form-data; boundary=b', () => '\u0000\u0001garbage\r\n\r\n--b\r\nnot a header\r\n\r\n'],
    [
      'a signed-in body cut short in a field',
      'multipart/form-data; boundary=b',
      () => `${field('accessToken', token)}--b\r\nContent-Disposition: form-data; name="Description"\r\n\r\nRec`,
    ],
    [
      'a signed-in body cut short in the file',
      'multipart/form-data; boundary=b',
      (call) =>
        `${field('accessToken', token)}${call.file === 'uploads[]' ? field('FormType', 'documents') : ''}` +
        `--b\r\nContent-Disposition: form-data; name="${call.file}"; filename="letter.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 and then nothing`,
    ],
  ];
  const send = (call: Call, type: string, body: (call: Call) => string) =>
    t.app.inject({ method: 'POST', url: call.url, payload: body(call), headers: { ...BROWSER, 'content-type': type } });

  it.each(calls.flatMap((call) => bodies.map(([label, type, body]) => [call.url, label, call, type, body] as const)))(
    '%s with %s is a malformed body (107), logged below error level, leaving no staged file',
    async (_url, _label, call, type, body) => {
      const res = await send(call, type, body);
      expect(res.statusCode, res.body).toBe(225);
      expect(res.json()).toEqual(MALFORMED);
      expect(errorLogs(t)).toEqual([]);
      expect(
        fs.readdirSync(path.join(t.deps.config.dataDir, 'files', 'tmp')).filter((f) => !f.startsWith('ready-')),
      ).toEqual([]);
    },
  );

  it.each(calls.map((call) => [call.url, call] as const))(
    '%s with a part header busboy cannot read answers from the catalogue',
    async (_url, call) => {
      const res = await send(
        call,
        'multipart/form-data; boundary=b',
        () => `${field('accessToken', token)}--b\r\nContent-Disposition form-data name\r\n\r\nx\r\n--b--\r\n`,
      );
      expect(res.statusCode, res.body).toBe(225);
      expect(errorNumbers(res).every((n) => n === ErrorNumber.Validation || n === ErrorNumber.MalformedBody)).toBe(
        true,
      );
      expect(errorLogs(t)).toEqual([]);
    },
  );

  it('the provider API answers a multipart body with problem details, 415 Unsupported Media Type, nothing logged as an error', async () => {
    const key = (await createApiKey(t.deps.db, t.clock.now(), { name: 'claims system', scopes: ['messages:write'] }))
      .key;
    for (const [, type, body] of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/provider/v1/messages',
        payload: body(calls[0] as Call),
        headers: { authorization: `Bearer ${key}`, 'content-type': type },
      });
      expect(res.statusCode).toBe(415);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ status: 415, title: 'Unsupported Media Type' });
    }
    expect(errorLogs(t)).toEqual([]);
  });
});

describe('free-form JSON', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    token = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
  });
  afterAll(() => t.close());

  const postText = (url: string, payload: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: { ...BROWSER, 'content-type': 'application/json' } });

  it('a draft nested 5 000 deep is a Validation error on its field, and nothing is saved; deep bodies elsewhere never 500', async () => {
    const res = await postText(
      '/api/documentupload/updateform/reimbursement',
      `{"AccessToken":"${token}","Draft":{"Documents":[],"Notes":${nested(5000)}}}`,
    );
    expect(res.json()).toEqual([
      {
        Number: ErrorNumber.Validation,
        Message: 'This is nested too deeply (at most 32 levels)',
        Field: 'Draft.Notes',
      },
    ]);
    expect((await t.post('/api/documentupload/getdraft/reimbursement', { AccessToken: token })).json()).toBeNull();
    // A generic submit is free-form until the server checks it as the form's submission.
    const submit = await postText(
      '/api/documentupload/submit/reimbursement',
      `{"AccessToken":"${token}","Payee":${nested(5000)}}`,
    );
    expect(submit.json()).toEqual([
      { Number: ErrorNumber.Validation, Message: 'This is nested too deeply (at most 32 levels)', Field: 'Payee' },
    ]);
    // Deep bodies where no free-form JSON is taken: the parser and the strict schemas are not recursive.
    const answers: LightMyRequestResponse[] = [
      await postText('/api/analytics/pageview', nested(100_000)),
      await postText('/api/account/login', `{"EmailAddress":${nested(100_000)}}`),
      await postText('/api/documentupload/updatedocumentform', `{"AccessToken":"${token}","Draft":${nested(100_000)}}`),
    ];
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(225);
    expect(errorLogs(t)).toEqual([]);
  });

  it('a draft just within the depth is kept; one over 64 KB is refused on the draft as a whole', async () => {
    const ok = await postText(
      '/api/documentupload/updateform/reimbursement',
      `{"AccessToken":"${token}","Draft":{"Documents":[],"Notes":${nested(31)}}}`,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const big = await t.post('/api/documentupload/updateform/reimbursement', {
      AccessToken: token,
      Draft: { Documents: [], Notes: 'x'.repeat(70_000) },
    });
    expect(big.json()).toEqual([
      { Number: ErrorNumber.Validation, Message: 'This is too large (at most 64 KB)', Field: 'Draft' },
    ]);
    const over = await postText(
      '/api/documentupload/updateform/reimbursement',
      `{"AccessToken":"${token}","Draft":{"Documents":[],"Notes":${nested(32)}}}`,
    );
    expect(over.json()).toEqual([
      {
        Number: ErrorNumber.Validation,
        Message: 'This is nested too deeply (at most 32 levels)',
        Field: 'Draft.Notes',
      },
    ]);
  });
});

describe('the error list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('a body of 40 000 unknown keys gets a short answer naming a few of them', async () => {
    const keys: Record<string, number> = {};
    for (let i = 0; i < 40_000; i++) keys[`key${i}`] = 1;
    const res = await t.post('/api/analytics/pageview', { Path: '/claims', Title: 'My Claims', ...keys });
    expect(res.statusCode).toBe(225);
    expect(res.body.length).toBeLessThan(2_000);
    expect(res.json()).toEqual([
      {
        Number: ErrorNumber.Validation,
        Message: 'Unrecognized keys: key0, key1, key2, key3, key4 and 39995 more',
        Field: 'key0, key1, key2, key3, key4 and 39995 more',
      },
    ]);
  });

  it(`a body with more than ${MAX_ERROR_ITEMS} errors gets ${MAX_ERROR_ITEMS} items, the last counting those left out`, async () => {
    const token = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
    const res = await t.post('/api/documentupload/submitreceipts', {
      AccessToken: token,
      Receipts: Array.from({ length: 20 }, () => ({})),
    });
    const items = res.json() as { Number: number; Message: string }[];
    expect(items).toHaveLength(MAX_ERROR_ITEMS);
    expect(items.every((i) => i.Number === ErrorNumber.Validation)).toBe(true);
    expect(items.at(-1)?.Message).toMatch(/^\d+ more errors were omitted$/);
  });

  it('validationItems keeps messages and fields short and the list within the cap', () => {
    const long = 'k'.repeat(100_000);
    const items = validationItems({
      validation: Array.from({ length: 45 }, (_, i) => ({ instancePath: `/${long}${i}`, message: long })),
    });
    expect(items).toHaveLength(MAX_ERROR_ITEMS);
    expect(items.at(-1)).toEqual({ Number: ErrorNumber.Validation, Message: '26 more errors were omitted' });
    expect(JSON.stringify(items).length).toBeLessThan(MAX_ERROR_ITEMS * 500);
  });
});

describe('slow clients and many connections, on a listening server', () => {
  /** Opens a raw connection and reads until the server closes it. */
  const open = (port: number) =>
    new Promise<{ socket: net.Socket; closed: Promise<string> }>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        received += chunk;
      });
      const closed = new Promise<string>((done) => socket.on('close', () => done(received)));
      socket.on('error', () => {});
      socket.once('connect', () => resolve({ socket, closed }));
      socket.once('error', reject);
    });
  /** One keep-alive request on an open connection; resolves with the status line. */
  const request = (socket: net.Socket) =>
    new Promise<string>((resolve) => {
      socket.once('data', (chunk: string | Buffer) => resolve(String(chunk).split('\r\n')[0] ?? ''));
      socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    });
  const listen = async (t: TestApp) => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    return (t.app.server.address() as AddressInfo).port;
  };

  /** The catalogue's answer to a request that stopped arriving, as the socket received it. */
  const TIMED_OUT = JSON.stringify([
    { Number: ErrorNumber.RequestTimedOut, Message: catalogueMessage(ErrorNumber.RequestTimedOut) },
  ]);
  const expectTimedOut = (received: string) => {
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    const [head = '', body] = received.split('\r\n\r\n');
    expect(head.toLowerCase()).toContain('connection: close');
    expect(body).toBe(TIMED_OUT);
  };
  /** Headers of a multipart upload of `payload.length` bytes, as the web app sends them. */
  const uploadHead = (body: ReturnType<typeof multipart>) =>
    [
      'POST /api/documentupload/uploadfile HTTP/1.1',
      'Host: 127.0.0.1',
      `Cookie: ${body.headers.cookie}`,
      `X-XSRF-Token: ${body.headers['x-xsrf-token']}`,
      `Content-Type: ${body.headers['content-type']}`,
      `Content-Length: ${body.payload.length}`,
      '',
      '',
    ].join('\r\n');

  it('a body that trickles in for ever is cut off at the total cap, with 408 and the catalogue words', async () => {
    const t = await createTestApp('sqlite', { REQUEST_TIMEOUT_MS: '60000', REQUEST_TOTAL_TIMEOUT_MS: '300' });
    const port = await listen(t);
    const { socket, closed } = await open(port);
    // A byte now and then: the connection is never idle, so only the total cap can end it.
    const trickle = setInterval(() => socket.write(' '), 50);
    try {
      const headers = `Host: 127.0.0.1\r\nCookie: __Host-XSRF-TOKEN=${CSRF}\r\nX-XSRF-Token: ${CSRF}\r\nContent-Type: application/json\r\nContent-Length: 1000`;
      socket.write(`POST /api/analytics/pageview HTTP/1.1\r\n${headers}\r\n\r\n{"Pa`);
      expectTimedOut(await closed);
    } finally {
      clearInterval(trickle);
      socket.destroy();
      await t.close();
    }
  });

  it('an upload trickled in for several times the idle limit is taken whole while its bytes keep arriving', async () => {
    // The idle limit is 1.5 s; a chunk goes every 25 ms, so the upload is never idle, and it lasts
    // about 4 s: under the old whole-request time-out it was cut at 1.5 s.
    const t = await createTestApp('sqlite', { REQUEST_TIMEOUT_MS: '1500' });
    const port = await listen(t);
    const token = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
    const body = multipart(
      { accessToken: token, FormType: 'documents', Description: 'Receipt' },
      { name: 'letter.pdf', data: SAMPLES['letter.pdf'] as Buffer, type: 'application/pdf' },
    );
    const { socket, closed } = await open(port);
    try {
      let received = '';
      const answered = new Promise<string>((resolve) => {
        socket.on('data', (chunk: string) => {
          received += chunk;
          if (/\r\n\r\n[[{]/.test(received)) resolve(received);
        });
        void closed.then(() => resolve(received));
      });
      socket.write(uploadHead(body));
      // 160 pieces, each 25 ms after the last: about 4 s in all.
      const size = Math.ceil(body.payload.length / 160);
      const chunks = Math.ceil(body.payload.length / size);
      for (let i = 0; i < chunks; i++) {
        // The file is whole before the answer (only the closing boundary may still be on its way).
        if (i < chunks - 1) expect(received).toBe('');
        socket.write(body.payload.subarray(i * size, (i + 1) * size));
        await new Promise((r) => setTimeout(r, 25));
      }
      const answer = await answered;
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      const { FileId } = JSON.parse(answer.split('\r\n\r\n')[1] ?? '{}') as { FileId: string };
      const content = await t.post('/api/documentupload/getfilecontent', { AccessToken: token, Identifier: FileId });
      expect(Buffer.from(content.json().Data, 'base64').equals(SAMPLES['letter.pdf'] as Buffer)).toBe(true);
    } finally {
      socket.destroy();
      await t.close();
    }
  });

  it.each([
    ['a JSON call', 'json'],
    ['a multipart upload', 'upload'],
  ])(
    '%s whose body stops arriving is answered 408 with the catalogue words after the idle limit, and closed',
    async (_label, kind) => {
      const t = await createTestApp('sqlite', { REQUEST_TIMEOUT_MS: '300' });
      const port = await listen(t);
      const { socket, closed } = await open(port);
      try {
        if (kind === 'json') {
          const headers = `Host: 127.0.0.1\r\nCookie: __Host-XSRF-TOKEN=${CSRF}\r\nX-XSRF-Token: ${CSRF}\r\nContent-Type: application/json\r\nContent-Length: 1000`;
          socket.write(`POST /api/analytics/pageview HTTP/1.1\r\n${headers}\r\n\r\n{"Pa`);
        } else {
          const token = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
          const body = multipart(
            { accessToken: token, FormType: 'documents', Description: 'Receipt' },
            { name: 'letter.pdf', data: SAMPLES['letter.pdf'] as Buffer, type: 'application/pdf' },
          );
          // Half the file, then nothing.
          socket.write(uploadHead(body));
          socket.write(body.payload.subarray(0, Math.floor(body.payload.length / 2)));
        }
        expectTimedOut(await closed);
        // A body Fastify was reading is counted as the route's refusal, so monitoring sees requests
        // that stop arriving. (An upload the route was reading is not: see docs/operations/metrics.md.)
        if (kind === 'json') {
          const route = '/api/analytics/pageview';
          const metrics = await t.app.metrics.metrics();
          expect(metrics).toContain(`portal_http_requests_total{route="${route}",method="POST",status="408"} 1`);
          expect(metrics).toContain(`portal_http_outcomes_total{route="${route}",outcome="refused"} 1`);
        }
      } finally {
        socket.destroy();
        await t.close();
      }
    },
  );

  it('connections beyond the cap per address are closed as they open; a freed place can be taken again; a trusted proxy is not capped', async () => {
    const t = await createTestApp('sqlite', { MAX_CONNECTIONS_PER_ADDRESS: '2' });
    const port = await listen(t);
    const sockets: net.Socket[] = [];
    try {
      const first = await open(port);
      const second = await open(port);
      sockets.push(first.socket, second.socket);
      // Answered requests mean the server has counted both connections.
      expect(await request(first.socket)).toBe('HTTP/1.1 200 OK');
      expect(await request(second.socket)).toBe('HTTP/1.1 200 OK');
      const third = await open(port);
      sockets.push(third.socket);
      expect(await third.closed).toBe('');
      // The two held connections are still served.
      expect(await request(first.socket)).toBe('HTTP/1.1 200 OK');
      // Once one closes, its place is free (the server may see the close a moment later).
      first.socket.destroy();
      await first.closed;
      let served = false;
      for (let attempt = 0; attempt < 50 && !served; attempt++) {
        const next = await open(port);
        sockets.push(next.socket);
        served = (await Promise.race([request(next.socket), next.closed.then(() => 'closed')])) === 'HTTP/1.1 200 OK';
        if (!served) await new Promise((r) => setTimeout(r, 20));
      }
      expect(served).toBe(true);
    } finally {
      for (const s of sockets) s.destroy();
      await t.close();
    }
    // A proxy carries many clients: its connections are not counted.
    const proxied = await createTestApp('sqlite', { MAX_CONNECTIONS_PER_ADDRESS: '1', TRUSTED_PROXIES: '127.0.0.1' });
    const proxyPort = await listen(proxied);
    const fromProxy: net.Socket[] = [];
    try {
      for (let i = 0; i < 3; i++) fromProxy.push((await open(proxyPort)).socket);
      for (const s of fromProxy) expect(await request(s)).toBe('HTTP/1.1 200 OK');
    } finally {
      for (const s of fromProxy) s.destroy();
      await proxied.close();
    }
  });
});

describe('files a crash left in the staging directory', () => {
  let t: TestApp;
  let tmp: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    tmp = path.join(t.deps.config.dataDir, 'files', 'tmp');
  });
  afterAll(() => t.close());

  const HOUR = 60 * 60_000;
  /** A staged file last written `ageMs` ago (file times are the system's, as the sweep reads them). */
  const staged = (name: string, ageMs: number) => {
    const file = path.join(tmp, name);
    fs.writeFileSync(file, 'part of an upload');
    const at = new Date(Date.now() - ageMs);
    fs.utimesSync(file, at, at);
    return file;
  };

  it('are removed by the hourly clean-up once an hour old; uploads still being written are kept', async () => {
    const store = localFileStore(path.join(t.deps.config.dataDir, 'files'));
    const old = staged('crashed-upload-1', 2 * HOUR);
    const fresh = staged('upload-in-progress-1', 60_000);
    await removeExpiredUploads(t.deps, store);
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
    fs.rmSync(fresh);
  });

  it('are removed when a store starts, local or S3 (which stages on local disk too)', async () => {
    const old = staged('crashed-upload-2', HOUR + 60_000);
    const fresh = staged('upload-in-progress-2', 0);
    localFileStore(path.join(t.deps.config.dataDir, 'files'));
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
    const s3Old = staged('crashed-upload-3', 3 * HOUR);
    const client = await s3ClientFromConfig({
      endpoint: 'http://127.0.0.1:9',
      region: 'ap-southeast-2',
      accessKeyId: 'x',
      secretAccessKey: 'y',
      forcePathStyle: true,
    });
    await s3FileStore(client, parseS3Url('s3://portal-files'), tmp);
    expect(fs.existsSync(s3Old)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
    fs.rmSync(fresh);
  });
});
