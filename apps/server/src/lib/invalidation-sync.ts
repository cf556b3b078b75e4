/**
 * What makes a read cache's invalidation exact across processes (decision 031, amended by 037):
 * a write's answer waits until every process that may serve from its cache has dropped what the
 * write changed, and a process whose channel has gone quiet stops serving by itself. The same
 * rules on both channels (PostgreSQL LISTEN/NOTIFY, Redis pub/sub), which deliver every message
 * to each listener once, in the order they were sent:
 *
 * - **Ping.** Each process sends a ping every PING_EVERY_MS, stamped with its own clock, and
 *   serves from its cache only while it has heard one of its own sent less than SILENCE_BOUND_MS
 *   ago. A connection that stops delivering without a word (a NAT's idle timer, a stalled relay)
 *   therefore turns the cache off within the bound; the channel is then reconnected.
 * - **Ack.** An invalidation carries an id; each process that receives it drops the entries and
 *   then sends an ack. The writer waits for its own message to come back (it has then heard
 *   every ping sent before it) and for an ack from every process whose ping it heard within the
 *   bound, or for the bound to pass since it sent: a process that has not acked by then has heard
 *   no ping of its own sent after the invalidation (it would have heard the invalidation first),
 *   so its last one is older than the bound and it is not serving.
 *
 * So a request that starts after a write's answer, in any process, is answered from what the
 * write committed. The cost is on the writes that change a cached read (sign-out, a claim
 * switch, a message read...): one round of acks, a few milliseconds; reads pay one comparison.
 * A message that is not JSON of these shapes but a list of tags (an operator's
 * `NOTIFY portal_reads, '["*"]'`) is an invalidation without an id, which nobody acks.
 */
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';

/** How often a process pings itself (and its peers) through the channel. */
export const PING_EVERY_MS = 500;
/** A cache serves only while it has heard its own ping sent less than this ago; a write waits at most this for acks. */
export const SILENCE_BOUND_MS = 2_000;
/** A failed send of an invalidation is tried again this often, within the bound. */
const RESEND_EVERY_MS = 100;

export type SyncTiming = { pingEveryMs: number; boundMs: number };

type Message = { t: string[]; i?: string } | { p: string; s: number } | { a: string; f: string } | { b: string };

function parse(payload: string): Message | undefined {
  try {
    const m: unknown = JSON.parse(payload);
    if (Array.isArray(m)) return m.every((t) => typeof t === 'string') ? { t: m } : undefined;
    if (typeof m !== 'object' || m === null) return undefined;
    const o = m as Record<string, unknown>;
    if (Array.isArray(o.t) && o.t.every((t) => typeof t === 'string') && (o.i === undefined || typeof o.i === 'string'))
      return o as Message;
    if (typeof o.p === 'string' && typeof o.s === 'number') return o as Message;
    if (typeof o.a === 'string' && typeof o.f === 'string') return o as Message;
    if (typeof o.b === 'string') return o as Message;
  } catch {
    // Not ours.
  }
  return undefined;
}

const originOf = (id: string) => id.slice(0, id.lastIndexOf('.'));

type Waiting = { needed: Set<string> | undefined; done: () => void };

export class ChannelSync {
  readonly origin = crypto.randomBytes(8).toString('hex');
  private seq = 0;
  /** When this process sent the latest of its own pings it has heard back (its clock). */
  private heardOwnAt = Number.NEGATIVE_INFINITY;
  /** When pinging (re)started: a new connection is given the bound to hear its first ping. */
  private startedAt = 0;
  /** Other processes by their origin, and when their latest ping arrived. */
  private readonly peers = new Map<string, number>();
  private readonly waiting = new Map<string, Waiting>();
  private pinger: NodeJS.Timeout | undefined;

  constructor(
    /** Sends a message to every process on the channel, this one included. */
    private readonly send: (payload: string) => Promise<void>,
    /** Called once the channel has been quiet past the bound: its connection is to be opened again. */
    private readonly onSilent: () => void,
    private readonly timing: SyncTiming = { pingEveryMs: PING_EVERY_MS, boundMs: SILENCE_BOUND_MS },
    private readonly now: () => number = performance.now.bind(performance),
  ) {}

  /** Heard an own ping sent within the bound: every message sent before it has been received. */
  current(): boolean {
    return this.now() - this.heardOwnAt < this.timing.boundMs;
  }

  /** Starts pinging (the channel is listening on a new connection, which has heard nothing yet). */
  start(): void {
    clearInterval(this.pinger);
    this.heardOwnAt = Number.NEGATIVE_INFINITY;
    this.startedAt = this.now();
    this.pinger = setInterval(() => {
      if (this.current() || this.now() - this.startedAt < this.timing.boundMs) return this.ping();
      clearInterval(this.pinger);
      this.pinger = undefined;
      this.onSilent();
    }, this.timing.pingEveryMs);
    this.pinger.unref();
    this.ping();
  }

  /**
   * Stops pinging (the connection is lost, or the process closes); `farewell` tells the others not
   * to wait for this process's acks. A write still waiting goes on waiting for its acks or the bound.
   */
  async stop(farewell: boolean): Promise<void> {
    clearInterval(this.pinger);
    this.pinger = undefined;
    this.heardOwnAt = Number.NEGATIVE_INFINITY;
    if (!farewell) return;
    // Not waited for past the bound: a closing process does not hang on a stalled connection.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.send(JSON.stringify({ b: this.origin })).catch(() => undefined),
      new Promise((resolve) => (timer = setTimeout(resolve, this.timing.boundMs))),
    ]);
    clearTimeout(timer);
  }

  private ping(): void {
    this.send(JSON.stringify({ p: this.origin, s: this.now() })).catch(() => undefined);
  }

  /** A message from the channel: an invalidation's tags go to `deliver`, and then it is acknowledged. */
  receive(payload: string, deliver: (tags: readonly string[]) => void): void {
    const m = parse(payload);
    if (!m) return;
    if ('p' in m) {
      if (m.p === this.origin) this.heardOwnAt = Math.max(this.heardOwnAt, m.s);
      else this.peers.set(m.p, this.now());
    } else if ('a' in m) {
      const w = this.waiting.get(m.a);
      if (w?.needed?.delete(m.f) && w.needed.size === 0) w.done();
    } else if ('b' in m) {
      this.peers.delete(m.b);
      for (const w of this.waiting.values()) if (w.needed?.delete(m.b) && w.needed.size === 0) w.done();
    } else {
      deliver(m.t);
      if (m.i === undefined) return;
      if (originOf(m.i) === this.origin) this.echoed(m.i);
      else this.send(JSON.stringify({ a: m.i, f: this.origin })).catch(() => undefined);
    }
  }

  private echoed(id: string): void {
    const w = this.waiting.get(id);
    if (!w) return;
    // The peers that may be serving: those whose ping arrived within the bound (the others are
    // forgotten: a process that stopped without a farewell, or one that will ping again).
    const since = this.now() - this.timing.boundMs;
    for (const [origin, at] of this.peers) if (at < since) this.peers.delete(origin);
    w.needed = new Set(this.peers.keys());
    if (w.needed.size === 0) w.done();
  }

  /**
   * Sends an invalidation and resolves once every process that may serve from its cache has
   * dropped what it names, or the bound has passed since it was sent. A send that fails is tried
   * again within the bound (a blip of the publishing connection); then the error is thrown.
   */
  async publish(tags: readonly string[]): Promise<void> {
    const id = `${this.origin}.${++this.seq}`;
    let timer: NodeJS.Timeout | undefined;
    const settled = new Promise<void>((resolve) => this.waiting.set(id, { needed: undefined, done: resolve }));
    try {
      await this.sendWithin(JSON.stringify({ t: tags, i: id }));
      const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, this.timing.boundMs)));
      await Promise.race([settled, bound]);
    } finally {
      clearTimeout(timer);
      this.waiting.delete(id);
    }
  }

  private async sendWithin(payload: string): Promise<void> {
    const until = this.now() + this.timing.boundMs;
    for (;;) {
      try {
        await this.send(payload);
        return;
      } catch (error) {
        if (this.now() + RESEND_EVERY_MS > until) throw error;
        await new Promise((resolve) => setTimeout(resolve, RESEND_EVERY_MS));
      }
    }
  }
}
