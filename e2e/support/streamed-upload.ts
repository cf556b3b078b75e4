/** A multipart upload the scale-out test streams at its own pace, from one claimant's loopback address. */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { ClaimantBrowser, Reply } from './loopback-http.ts';

export type Upload = {
  /** File bytes written so far. */
  written: () => number;
  /** Set once the server has answered (before the body was complete, that is an error). */
  answered: () => boolean;
  /** Writes up to `bytes` more of the file, waiting for the socket to drain. */
  write: (bytes: number) => Promise<void>;
  /** Writes the rest of the file and the closing boundary. */
  finish: (chunkBytes: number) => Promise<void>;
  response: Promise<Reply>;
};

/**
 * POSTs a multipart form — `fields` first, then one file of `size` bytes of plain text as
 * `fileField` — on one connection from `from`, with the body written only as fast as the
 * caller asks.
 */
export function startUpload(
  url: string,
  options: {
    browser: ClaimantBrowser;
    fields: Record<string, string>;
    fileField: string;
    filename: string;
    size: number;
  },
): Upload {
  const boundary = `----portal-scale-out-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    [
      ...Object.entries(options.fields).map(
        ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
      `--${boundary}\r\nContent-Disposition: form-data; name="${options.fileField}"; filename="${options.filename}"\r\nContent-Type: text/plain\r\n\r\n`,
    ].join(''),
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const line = Buffer.from('A line of a long letter, sent slowly while its portal process shuts down.\n');
  const block = Buffer.alloc(64 * 1024);
  for (let i = 0; i < block.length; i += line.length) line.copy(block, i);
  // Complete lines only: the block boundary must not split a character (all ASCII anyway).
  block.fill(0x0a, block.length - (block.length % line.length));

  let written = 0;
  let answered = false;
  const request = http.request(url, {
    method: 'POST',
    localAddress: options.browser.from,
    agent: false,
    headers: options.browser.headers({
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      'Content-Length': String(head.length + options.size + tail.length),
    }),
  });
  const response = new Promise<Reply>((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
      );
    });
  });
  // A failure surfaces through `response`; the writes below only stop waiting.
  response.catch(() => undefined);
  request.write(head);

  const drained = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        request.off('drain', done);
        request.off('close', done);
        resolve();
      };
      request.once('drain', done);
      request.once('close', done);
    });

  const write = async (bytes: number) => {
    let left = Math.min(bytes, options.size - written);
    while (left > 0) {
      if (answered || request.destroyed) {
        const early = await response.then(
          (r) => `HTTP ${r.status}: ${r.text}`,
          (e: unknown) => (e as Error).message,
        );
        throw new Error(`the upload ended after ${written} of ${options.size} bytes: ${early}`);
      }
      const chunk = block.subarray(0, Math.min(left, block.length));
      written += chunk.length;
      left -= chunk.length;
      if (!request.write(chunk)) await drained();
    }
  };

  return {
    written: () => written,
    answered: () => answered,
    write,
    finish: async (chunkBytes) => {
      while (written < options.size) await write(chunkBytes);
      request.end(tail);
    },
    response,
  };
}
