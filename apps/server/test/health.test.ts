import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueNotification } from '../src/notify/outbox.ts';
import { createTestApp, type TestApp } from './helpers.ts';

describe('health checks', () => {
  let t: TestApp;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-health-'));
  beforeAll(async () => {
    t = await createTestApp('sqlite', { DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is live, and ready while the database and the file store answer', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok', files: 'ok', deadNotifications: 0 });
  });

  it('counts the notifications parked as dead, and stays ready: they need an operator, not another process', async () => {
    // The app's worker would send them to the development mailbox.
    await t.deps.notifier.stop();
    const queue = () =>
      enqueueNotification(t.deps.db, t.deps.cipher, t.clock.now(), {
        accountId: null,
        kind: 'test',
        channel: 'email',
        to: 'x@example.com',
        subject: 'S',
        text: 'T',
      });
    const [dead, alsoDead, waiting] = [await queue(), await queue(), await queue()];
    await t.deps.db
      .updateTable('notifications')
      .set({ dead_at: t.clock.now(), attempts: 8 })
      .where('id', 'in', [dead, alsoDead])
      .execute();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ready', database: 'ok', files: 'ok', deadNotifications: 2 });
    } finally {
      await t.deps.db.deleteFrom('notifications').where('id', 'in', [dead, alsoDead, waiting]).execute();
    }
  });

  it('is not ready when the file store cannot take a file', async () => {
    const tmp = path.join(dataDir, 'files', 'tmp');
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.writeFileSync(tmp, 'not a directory');
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not ready', database: 'ok', files: 'failing', deadNotifications: 0 });
      // Liveness does not depend on it: restarting would not help.
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      fs.rmSync(tmp, { force: true });
      fs.mkdirSync(tmp);
    }
  });
});
