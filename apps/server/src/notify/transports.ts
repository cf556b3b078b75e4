/**
 * Where notifications go. E-mail through SMTP (nodemailer) when SMTP_URL is set; SMS through a
 * JSON webhook when SMS_WEBHOOK_URL is set; outside production, whatever has no real transport
 * goes to the development mailbox (a table, readable at /dev/outbox when PORTAL_DEV_OUTBOX=1).
 */
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { newId } from '../lib/crypto.ts';

export type Channel = 'email' | 'sms';
export type OutgoingMessage = { channel: Channel; to: string; subject: string; text: string };
export type Transport = { send: (message: OutgoingMessage) => Promise<void> };
/** One transport per channel; a channel without one keeps its notifications queued. */
export type Transports = Partial<Record<Channel, Transport>>;

export function smtpTransport(url: string, from: string): Transport {
  const smtp = nodemailer.createTransport(url);
  return {
    async send(m) {
      await smtp.sendMail({ from, to: m.to, subject: m.subject, text: m.text });
    },
  };
}

/**
 * The SMS webhook: POST {url} with JSON { "to": "04…", "message": "…" } and, when
 * SMS_WEBHOOK_TOKEN is set, "Authorization: Bearer <token>". Any 2xx answer means accepted.
 */
export function smsWebhookTransport(url: string, token: string | undefined, timeoutMs = 10_000): Transport {
  return {
    async send(m) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ to: m.to, message: m.text }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(`SMS webhook answered ${res.status}`);
    },
  };
}

export function devMailboxTransport(db: Db, now: () => number): Transport {
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
