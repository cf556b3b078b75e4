/**
 * The development mailbox with the web app built: when it is off (the default, and always in
 * production), /dev/outbox and everything under /dev/ answer 404, not the web app's index.html.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ErrorNumber } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, errorNumbers, type TestApp } from './helpers.ts';

let webDist: string;
beforeAll(() => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
});
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

const PATHS = ['/dev/outbox', '/dev/outbox?format=html', '/dev/outbox/', '/dev/anything/else'];

async function expectRefused(t: TestApp): Promise<void> {
  for (const url of PATHS) {
    for (const method of ['GET', 'HEAD'] as const) {
      for (const accept of ['text/html,application/xhtml+xml', 'application/json']) {
        const res = await t.app.inject({ method, url, headers: { accept } });
        expect(res.statusCode, `${method} ${url} (${accept})`).toBe(404);
        expect(res.body).not.toContain('<div id="root">');
        if (method === 'GET') expect(errorNumbers(res)).toEqual([ErrorNumber.EndpointNotAvailable]);
      }
    }
  }
  // The web app itself is served: the 404s above are not for want of a build.
  const page = await t.app.inject({ method: 'GET', url: '/claims', headers: { accept: 'text/html' } });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('<div id="root">');
}

describe.each(DIALECTS)('development outbox with the web app built, on %s', (dialect) => {
  it('answers 404 under /dev/ when it is off', async () => {
    const t = await createTestApp(dialect, { WEB_DIST: webDist });
    try {
      await t.deps.db
        .insertInto('dev_mailbox')
        .values({
          id: 'm1',
          channel: 'email',
          recipient: 'a@example.com',
          subject: 'Your code',
          body: 'Code is 1234',
          at: t.clock.now(),
        })
        .execute();
      await expectRefused(t);
    } finally {
      await t.close();
    }
  });

  // PORTAL_DEV_OUTBOX=1 with NODE_ENV=production does not start at all (reference.test.ts, configuration in production).
  it('answers 404 under /dev/ in production', async () => {
    const t = await createTestApp(dialect, {
      WEB_DIST: webDist,
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:25',
      PROVIDER_PRIVACY_EMAIL: 'privacy@tac.vic.gov.au',
      PROVIDER_WEBSITE: 'https://www.tac.vic.gov.au',
      PUBLIC_URL: 'https://portal.tac.vic.gov.au',
    });
    try {
      await expectRefused(t);
    } finally {
      await t.close();
    }
  });

  it('shows the mailbox, not the web app, when it is on', async () => {
    const t = await createTestApp(dialect, { WEB_DIST: webDist, PORTAL_DEV_OUTBOX: '1' });
    try {
      await t.deps.db
        .insertInto('dev_mailbox')
        .values({
          id: 'm1',
          channel: 'sms',
          recipient: '0412345678',
          subject: 'Your code',
          body: 'Code is 1234',
          at: t.clock.now(),
        })
        .execute();
      const json = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
      expect(json.statusCode).toBe(200);
      expect(json.json()).toEqual([
        {
          Id: 'm1',
          Channel: 'sms',
          To: '0412345678',
          Subject: 'Your code',
          Body: 'Code is 1234',
          SentAt: new Date(t.clock.now()).toISOString(),
        },
      ]);
      const page = await t.app.inject({ method: 'GET', url: '/dev/outbox', headers: { accept: 'text/html' } });
      expect(page.body).toContain('<h1>Development outbox</h1>');
      expect(page.body).toContain('SMS to 0412345678');
      expect(
        (await t.app.inject({ method: 'GET', url: '/dev/other', headers: { accept: 'text/html' } })).statusCode,
      ).toBe(404);
    } finally {
      await t.close();
    }
  });
});
