/**
 * Exact in-process caches of what every claimant request reads (decision 031): the
 * session with its account and selected claim, the claimant's claims with their flags, a claim's
 * inbox counts. A sign-out, a password change or reset, a claim switch and a claims-system change
 * take effect on the very next request, in every process:
 *
 * - Entries carry tags (`session:<id>`, `account:<id>`, `claimant:<id>`, `claim:<id>`). Every
 *   write path that changes a cached read calls `changed(tags)` once its write has committed: the
 *   entries go at once in this process, and the tags travel to every other process over the
 *   channel (PostgreSQL LISTEN/NOTIFY, or Redis pub/sub when REDIS_URL is set); `changed`
 *   resolves once every process that may serve from its cache has dropped them (the acks of
 *   lib/invalidation-sync.ts), so the write's answer comes after that.
 * - A channel that goes quiet (its own pings not heard back within a bound) serves nothing.
 * - A read that started before an invalidation never stores what it read (the generation check),
 *   so a slow read cannot put back what a write has just changed.
 * - While the channel is down nothing is served from the cache or stored in it; when it is back
 *   the cache is flushed before it serves again (what was missed is not known).
 * - On embedded SQLite the one process holds the only cache, and a write by another process on
 *   the same file (the CLI) is seen through SQLite's data_version, checked on every read.
 */

import { performance } from 'node:perf_hooks';

export type Loaded<T> = { value: T; tags: readonly string[] } | undefined;

/** How invalidations reach the other processes. */
export type InvalidationChannel = {
  /** Sends tags to every other process (and possibly back to this one, which is harmless). */
  publish: (tags: readonly string[]) => Promise<void>;
  /** Starts listening; calls `deliver` with tags from elsewhere and `state` when it goes up or down. */
  start: (deliver: (tags: readonly string[]) => void, state: (up: boolean) => void) => Promise<void>;
  close: () => Promise<void>;
  /** True when a write made outside this process's channel (SQLite's data_version) may have changed anything. */
  changedElsewhere?: () => boolean;
  /**
   * False while the channel cannot vouch that every invalidation sent so far has arrived (it has
   * gone quiet past its bound: lib/invalidation-sync.ts); the cache then serves nothing.
   */
  current?: () => boolean;
};

type Entry = { value: unknown; tags: readonly string[]; storedAt: number };

/** Bound on entries: the oldest goes first (a process holds at most this many sessions' reads). */
const READ_CACHE_MAX_ENTRIES = 50_000;
/**
 * Bound on an entry's age, a backstop: an invalidation lost on its way (a publish that failed after
 * its write committed, a process that crashed between the two) leaves a read stale this long at most.
 */
const READ_CACHE_MAX_AGE_MS = 60_000;

export type ReadCacheStats = { hits: number; misses: number; invalidations: number; flushes: number };

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byTag = new Map<string, Set<string>>();
  private generation = 0;
  private live: boolean;
  readonly stats: ReadCacheStats = { hits: 0, misses: 0, invalidations: 0, flushes: 0 };

  constructor(
    private readonly channel: InvalidationChannel,
    options: { live: boolean; maxEntries?: number; maxAgeMs?: number; now?: () => number },
    private readonly onPublishError: (error: unknown) => void = () => {},
  ) {
    this.live = options.live;
    this.maxEntries = options.maxEntries ?? READ_CACHE_MAX_ENTRIES;
    this.maxAgeMs = options.maxAgeMs ?? READ_CACHE_MAX_AGE_MS;
    this.now = options.now ?? (() => performance.now());
  }

  private readonly maxEntries: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;

  /** Whether the cache serves: false while the channel is down or quiet. */
  get serving(): boolean {
    return this.live && this.channel.current?.() !== false;
  }

  private wasServing = false;

  /** `serving`, flushing what is held when it has just stopped (a quiet channel may have missed invalidations). */
  private servingNow(): boolean {
    const serving = this.serving;
    if (!serving && this.wasServing) this.flush();
    this.wasServing = serving;
    return serving;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The cached value of `key`, or what `load` reads (stored with its tags unless something was
   * invalidated meanwhile). `load` answering undefined stores nothing: unknown keys (a guessed
   * token) do not fill the cache.
   */
  async read<T>(key: string, load: () => Promise<Loaded<T>>): Promise<T | undefined> {
    if (this.live && this.channel.changedElsewhere?.()) this.flush();
    if (this.servingNow()) {
      const hit = this.entries.get(key);
      if (hit && this.now() - hit.storedAt < this.maxAgeMs) {
        this.stats.hits++;
        return hit.value as T;
      }
      if (hit) this.drop(key);
    }
    this.stats.misses++;
    const generation = this.generation;
    const loaded = await load();
    if (!loaded) return undefined;
    if (this.servingNow() && generation === this.generation) this.store(key, loaded.value, loaded.tags);
    return loaded.value;
  }

  /** Drops one key (a caller that must see the database, e.g. before refusing on a cached value). */
  forget(key: string): void {
    this.generation++;
    this.drop(key);
  }

  /** A write that changed what `tags` name has committed: drop here now, tell every other process. */
  async changed(...tags: string[]): Promise<void> {
    this.invalidate(tags);
    try {
      await this.channel.publish(tags);
    } catch (error) {
      this.onPublishError(error);
    }
  }

  /** Tags from another process. */
  invalidate(tags: readonly string[]): void {
    this.generation++;
    this.stats.invalidations++;
    for (const tag of tags) {
      if (tag === '*') {
        this.flush();
        continue;
      }
      const keys = this.byTag.get(tag);
      if (!keys) continue;
      for (const key of [...keys]) this.drop(key);
    }
  }

  flush(): void {
    this.generation++;
    this.stats.flushes++;
    this.entries.clear();
    this.byTag.clear();
  }

  /** The channel went down (serve nothing) or came back (flush first: what was missed is unknown). */
  setLive(up: boolean): void {
    this.flush();
    this.live = up;
  }

  async start(): Promise<void> {
    await this.channel.start(
      (tags) => this.invalidate(tags),
      (up) => this.setLive(up),
    );
  }

  close(): Promise<void> {
    this.live = false;
    this.flush();
    return this.channel.close();
  }

  private store(key: string, value: unknown, tags: readonly string[]): void {
    this.drop(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.drop(oldest);
    }
    this.entries.set(key, { value, tags, storedAt: this.now() });
    for (const tag of tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) this.byTag.delete(tag);
    }
  }
}

/** Tags of the cached reads, one spelling for writers and readers. */
export const tag = {
  session: (id: string) => `session:${id}`,
  account: (id: string) => `account:${id}`,
  claimant: (id: string) => `claimant:${id}`,
  claim: (id: string) => `claim:${id}`,
  /** The helpers of a claim (decision 041): ending one drops every cached grant of the claim. */
  helpers: (claimId: string) => `helpers:${claimId}`,
  /** The claims an account helps with: a grant it takes drops them (its other changes come by `helpers`). */
  helping: (accountId: string) => `helping:${accountId}`,
  all: '*',
} as const;
