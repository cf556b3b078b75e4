/** A real SMTP server (smtp-server) and a real HTTP SMS webhook receiver, both on loopback. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';

export type Received = { to: string; text: string };

export type Sink = {
  url: string;
  messages: Received[];
  /** Waits for the next message to `to` after `after` messages, and returns it. */
  next: (to: string, timeoutMs?: number) => Promise<Received>;
  close: () => Promise<void>;
};

function waiter(messages: Received[]) {
  const seen = new Map<string, number>();
  return async (to: string, timeoutMs = 8000): Promise<Received> => {
    const start = Date.now();
    const already = seen.get(to) ?? 0;
    for (;;) {
      const mine = messages.filter((m) => m.to === to);
      if (mine.length > already) {
        seen.set(to, already + 1);
        return mine[already] as Received;
      }
      if (Date.now() - start > timeoutMs) throw new Error(`no message for ${to} within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
}

export async function startSmtpSink(): Promise<Sink> {
  const messages: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        // Undo quoted-printable soft breaks so a code is never split across lines.
        const text = raw.replace(/=\r?\n/g, '');
        for (const rcpt of session.envelope.rcptTo) messages.push({ to: rcpt.address, text });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    next: waiter(messages),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function startSmsSink(): Promise<Sink & { authorizations: string[] }> {
  const messages: Received[] = [];
  const authorizations: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { to: string; message: string };
      authorizations.push(String(req.headers.authorization ?? ''));
      messages.push({ to: body.to, text: body.message });
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    messages,
    authorizations,
    next: waiter(messages),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function codeIn(message: Received): string {
  const m = /code (?:for the .*? )?is (\d{4})/.exec(message.text);
  if (!m) throw new Error(`no code in: ${message.text.slice(0, 200)}`);
  return m[1] as string;
}

/**
 * The next code sent to `to`, passing over other messages on the way (the security notices a
 * change sends to the same address arrive in their own time).
 */
export async function nextCode(sink: Sink, to: string, timeoutMs?: number): Promise<string> {
  return codeIn(await nextMatching(sink, to, /code (?:for the .*? )?is \d{4}/, timeoutMs));
}

/** The next message to `to` whose text matches, passing over the others. */
export async function nextMatching(sink: Sink, to: string, pattern: RegExp, timeoutMs?: number): Promise<Received> {
  for (;;) {
    const message = await sink.next(to, timeoutMs);
    if (pattern.test(message.text)) return message;
  }
}

export type Delivery = {
  smtp: Sink;
  sms: Sink & { authorizations: string[] };
  /** Environment that points an app at both sinks. */
  env: () => Record<string, string>;
};

/** Starts both sinks for the enclosing describe block and stops them after it. */
export function useDelivery(): Delivery {
  let smtp: Sink | undefined;
  let sms: (Sink & { authorizations: string[] }) | undefined;
  beforeAll(async () => {
    [smtp, sms] = await Promise.all([startSmtpSink(), startSmsSink()]);
  });
  afterAll(async () => {
    await Promise.all([smtp?.close(), sms?.close()]);
  });
  const need = <T>(v: T | undefined): T => {
    if (!v) throw new Error('mail sinks not started');
    return v;
  };
  return {
    get smtp() {
      return need(smtp);
    },
    get sms() {
      return need(sms);
    },
    env: () => ({ SMTP_URL: need(smtp).url, SMS_WEBHOOK_URL: need(sms).url, SMS_WEBHOOK_TOKEN: 'hook-secret' }),
  };
}
