/**
 * The rules that make an invalidation exact across processes (lib/invalidation-sync.ts), on a
 * channel held by the test: every message is queued for every listener, in the order sent, and
 * delivered only when the test says so; time is the test's (fake timers). So each rule is shown
 * as an order of events, with no timing in it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChannelSync } from '../src/lib/invalidation-sync.ts';

const TIMING = { pingEveryMs: 500, boundMs: 2_000 };

/** A channel of the test's: one queue per listener, delivered on demand. */
function bus() {
  const listeners: { queue: string[]; receive: (payload: string) => void; deaf: boolean }[] = [];
  return {
    join(receive: (payload: string) => void) {
      const listener = { queue: [] as string[], receive, deaf: false };
      listeners.push(listener);
      return listener;
    },
    send: async (payload: string) => {
      for (const l of listeners) l.queue.push(payload);
    },
    /** Delivers everything queued (and what it sends in turn), except to deaf listeners. */
    deliver() {
      for (let moved = true; moved;) {
        moved = false;
        for (const l of listeners) {
          if (l.deaf) continue;
          const payload = l.queue.shift();
          if (payload === undefined) continue;
          l.receive(payload);
          moved = true;
        }
      }
    },
  };
}

function peer(channel: ReturnType<typeof bus>, events: string[], name: string) {
  const sync = new ChannelSync(
    channel.send,
    () => events.push(`${name} silent`),
    TIMING,
    () => Date.now(),
  );
  const listener = channel.join((payload) =>
    sync.receive(payload, (tags) => events.push(`${name} dropped ${tags.join(' ')}`)),
  );
  sync.start();
  return { sync, listener };
}

describe('exact invalidation across processes', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers a write only once every process serving from a cache has dropped what it changed', async () => {
    const channel = bus();
    const events: string[] = [];
    const a = peer(channel, events, 'A');
    const b = peer(channel, events, 'B');
    const c = peer(channel, events, 'C');
    channel.deliver();
    expect([a, b, c].map((p) => p.sync.current())).toEqual([true, true, true]);

    const written = a.sync.publish(['session:1']).then(() => events.push('A answered'));
    await Promise.resolve();
    channel.deliver();
    await written;
    expect(events.indexOf('A answered')).toBeGreaterThan(events.indexOf('B dropped session:1'));
    expect(events.indexOf('A answered')).toBeGreaterThan(events.indexOf('C dropped session:1'));
  });

  it('waits no longer than the bound for a process that hears nothing, which by then has stopped serving', async () => {
    const channel = bus();
    const events: string[] = [];
    const a = peer(channel, events, 'A');
    const b = peer(channel, events, 'B');
    channel.deliver();
    expect(b.sync.current()).toBe(true);

    // B's connection stalls: nothing reaches it, and it sends nothing that is heard.
    b.listener.deaf = true;
    let answered = false;
    const written = a.sync.publish(['session:2']).then(() => (answered = true));
    await Promise.resolve();
    channel.deliver();
    await vi.advanceTimersByTimeAsync(TIMING.boundMs - 1);
    channel.deliver();
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await written;
    expect(events).not.toContain('B dropped session:2');
    // The write was answered at the bound: B's last own ping it heard was sent before the
    // invalidation, so at least the bound ago; it serves nothing now.
    expect(b.sync.current()).toBe(false);
    // And B's own watchdog finds the silence and asks for a new connection.
    await vi.advanceTimersByTimeAsync(TIMING.pingEveryMs);
    expect(events).toContain('B silent');
  });

  it('a process alone answers once its own message is back; a farewell is not waited for', async () => {
    const channel = bus();
    const events: string[] = [];
    const a = peer(channel, events, 'A');
    const b = peer(channel, events, 'B');
    channel.deliver();
    await b.sync.stop(true);
    channel.deliver();
    b.listener.deaf = true;
    const sent = Date.now();
    const written = a.sync.publish(['claim:3']).then(() => events.push('A answered'));
    await Promise.resolve();
    channel.deliver();
    await written;
    // No time passed (the timers are the test's): it did not wait for B, which said goodbye.
    expect(Date.now()).toBe(sent);
  });

  it("serves only once it has heard its own ping, and an operator's list of tags drops them unacked", () => {
    const channel = bus();
    const events: string[] = [];
    const a = peer(channel, events, 'A');
    expect(a.sync.current()).toBe(false);
    channel.deliver();
    expect(a.sync.current()).toBe(true);
    a.listener.receive('["*"]');
    a.listener.receive('not json');
    expect(events).toEqual(['A dropped *']);
  });
});
