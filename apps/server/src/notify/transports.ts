/**
 * Where notifications go. E-mail through SMTP (nodemailer) when SMTP_URL is set; SMS through a
 * JSON webhook when SMS_WEBHOOK_URL is set; outside production, whatever has no real transport
 * goes to the development mailbox (a table, readable at /dev/outbox when PORTAL_DEV_OUTBOX=1).
 * Production refuses to start without SMTP_URL (config.ts). The contracts and the delivery
 * guarantees are in docs/operations/notifications.md: keep it in step with this file.
 */
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { newId } from '../lib/crypto.ts';

export type Channel = 'email' | 'sms';
/** `id` is the notification's: the same on every attempt to deliver it. */
type OutgoingMessage = { id: string; channel: Channel; to: string; subject: string; text: string };
export type Transport = { send: (message: OutgoingMessage) => Promise<void> };
/** One transport per channel; a channel without one keeps its notifications queued. */
export type Transports = Partial<Record<Channel, Transport>>;

/**
 * The worker leases a notification for 60 s (worker.ts DELIVERY.leaseMs): a send that hangs
 * longer lets another process take the row and send it again, so the SMTP time-outs stay well
 * inside it (nodemailer's defaults wait up to 2 minutes to connect and 10 minutes for an answer).
 * Options in the URL's query (e.g. ?socketTimeout=40000) override these.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function smtpTransport(url: string, from: string): Transport {
  const smtp = nodemailer.createTransport({ ...SMTP_TIMEOUTS, url });
  return {
    async send(m) {
      await smtp.sendMail({ from, to: m.to, subject: m.subject, text: m.text });
    },
  };
}

/**
 * The SMS webhook: POST {url} with JSON { "to": "0412345678", "message": "…" } (the mobile as
 * held: 10 digits, national format), "Idempotency-Key: <notification id>" (the same on every
 * attempt, so the gateway can drop a repeat) and, when SMS_WEBHOOK_TOKEN is set,
 * "Authorization: Bearer <token>". A 2xx answer within the time-out means accepted; anything
 * else (a redirect, 4xx, 5xx, no answer) is a failure the worker retries.
 */
export function smsWebhookTransport(url: string, token: string | undefined, timeoutMs = 10_000): Transport {
  return {
    async send(m) {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': m.id,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ to: m.to, message: m.text }),
        // A redirect is not followed: it would carry the token elsewhere, or turn the POST into a GET.
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      }).catch((e: unknown) => {
        // fetch says only "fetch failed"; the operator's list (portal notifications list) needs why.
        const why =
          e instanceof Error && e.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : networkCode(e);
        throw new Error(`SMS webhook not reached: ${why}`);
      });
      if (!res.ok) throw new Error(`SMS webhook answered ${res.status}`);
    },
  };
}

function networkCode(e: unknown): string {
  const cause = e instanceof Error ? (e.cause as { code?: unknown } | undefined) : undefined;
  if (typeof cause?.code === 'string') return cause.code;
  return e instanceof Error ? e.message : 'unknown error';
}

function devMailboxTransport(db: Db, now: () => number): Transport {
  return {
    async send(m) {
      await db
        .insertInto('dev_mailbox')
        .values({ id: newId(), channel: m.channel, recipient: m.to, subject: m.subject, body: m.text, at: now() })
        .execute();
    },
  };
}

export function transportsFromConfig(config: Config, db: Db, now: () => number): Transports {
  const dev = config.env === 'production' ? undefined : devMailboxTransport(db, now);
  const email = config.smtpUrl ? smtpTransport(config.smtpUrl, config.smtpFrom) : dev;
  const sms = config.smsWebhookUrl ? smsWebhookTransport(config.smsWebhookUrl, config.smsWebhookToken) : dev;
  return { ...(email ? { email } : {}), ...(sms ? { sms } : {}) };
}

/** The clean-up's: development mailbox messages from before `before`. */
export async function deleteDevMailBefore(db: Db, before: number): Promise<number> {
  const result = await db.deleteFrom('dev_mailbox').where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
