/**
 * The reliability script's crash rounds (bench/reliability.ts, decision 037): a real server
 * process takes provider writes with Idempotency-Keys from several writers at once and is killed
 * with SIGKILL at a random moment; a new process on the same database is then sent every request
 * again, with its key. Counted: requests in flight at the kill, retries answered 409 (a stuck
 * key) or 500, and writes found twice in the database.
 */
import type { Db } from '../../apps/server/src/db/database.ts';
import { createApiKey } from '../../apps/server/src/modules/provider/keys.ts';
import type { Random } from './prng.ts';
import { startServer, type RunningServer } from './server.ts';

export type CrashTally = {
  rounds: number;
  requests: number;
  inFlightAtKill: number;
  stuck: number;
  fivehundreds: number;
  otherRetryAnswers: string[];
  replaysDiffering: number;
  writtenTwice: number;
  /** Keys whose write is not in the database after their retry answered. */
  missing: number;
};

type Sent = {
  key: string;
  kind: 'payment' | 'message';
  body: Record<string, unknown>;
  first?: { status: number; json: unknown };
};

export const emptyTally = (): CrashTally => ({
  rounds: 0,
  requests: 0,
  inFlightAtKill: 0,
  stuck: 0,
  fivehundreds: 0,
  otherRetryAnswers: [],
  replaysDiffering: 0,
  writtenTwice: 0,
  missing: 0,
});

export async function providerKey(db: Db): Promise<string> {
  const { key } = await createApiKey(db, Date.now(), {
    name: 'reliability',
    scopes: ['payments:write', 'messages:write', 'claimants:read'],
  });
  return key;
}

function request(url: string, apiKey: string, sent: Sent): Promise<{ status: number; json: unknown }> {
  return fetch(`${url}/provider/v1/${sent.kind === 'payment' ? 'payments' : 'messages'}`, {
    method: sent.kind === 'payment' ? 'PUT' : 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'idempotency-key': sent.key },
    body: JSON.stringify(sent.body),
  }).then(async (res) => ({ status: res.status, json: (await res.json()) as unknown }));
}

function nextRequest(round: string, n: number): Sent {
  const key = `rel-${round}-${n}`;
  if (n % 2 === 0)
    return {
      key,
      kind: 'payment',
      body: {
        ClaimNumber: '22/11111',
        Reference: key,
        Kind: 'income-support',
        AmountCents: 100 + n,
        PaymentDate: '2026-01-15',
        Status: 'paid',
        PaidTo: { Kind: 'account', AccountLast3: '432' },
      },
    };
  return { key, kind: 'message', body: { ClaimNumber: '22/11111', Subject: key, Body: 'Reliability check.' } };
}

/** Writers send until the server dies; returns every request sent, answered or not. */
async function writeUntilKilled(server: RunningServer, apiKey: string, round: string, random: Random) {
  const sent: Sent[] = [];
  let dead = false;
  const writer = async () => {
    while (!dead) {
      const s = nextRequest(round, sent.length);
      sent.push(s);
      try {
        s.first = await request(server.url, apiKey, s);
      } catch {
        return; // the process is gone
      }
    }
  };
  const writers = Array.from({ length: 8 }, writer);
  await new Promise((resolve) => setTimeout(resolve, random.int(300, 1500)));
  dead = true;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGKILL');
  await exited;
  await Promise.all(writers);
  return sent;
}

/**
 * One round: writes, kill -9, a new process on the same database, every request sent again. The
 * database is counted through `db` (the script's own connection).
 */
export async function crashRound(
  options: { dataDir: string; env: Record<string, string>; db: Db; apiKey: string; round: string; random: Random },
  tally: CrashTally,
): Promise<void> {
  const first = await startServer({ dataDir: options.dataDir, env: options.env });
  const sent = await writeUntilKilled(first, options.apiKey, options.round, options.random);
  const second = await startServer({ dataDir: options.dataDir, env: options.env });
  try {
    tally.rounds++;
    tally.requests += sent.length;
    tally.inFlightAtKill += sent.filter((s) => !s.first).length;
    for (const s of sent) {
      const retry = await request(second.url, options.apiKey, s);
      if (retry.status === 409) tally.stuck++;
      else if (retry.status >= 500) tally.fivehundreds++;
      else if (retry.status !== 200) tally.otherRetryAnswers.push(`${retry.status} ${JSON.stringify(retry.json)}`);
      if (s.first?.status === 200 && JSON.stringify(s.first.json) !== JSON.stringify(retry.json))
        tally.replaysDiffering++;
    }
    const keys = sent.map((s) => s.key);
    const payments = await options.db
      .selectFrom('payments')
      .select(['reference'])
      .where('reference', 'in', keys)
      .execute();
    const messages = await options.db
      .selectFrom('inbox_messages')
      .select(['subject'])
      .where('subject', 'in', keys)
      .execute();
    const seen = [...payments.map((p) => p.reference), ...messages.map((m) => m.subject)];
    tally.writtenTwice += seen.length - new Set(seen).size;
    tally.missing += keys.length - new Set(seen).size;
  } finally {
    await second.stop();
  }
}
