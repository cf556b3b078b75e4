/**
 * Dependencies whose every write joins one open transaction, for work that must commit or roll
 * back as a whole with something of the caller's (the provider API's idempotent writes: the key,
 * the work and its answer). A service written for `deps` runs unchanged on them:
 *
 * - `db` is the transaction; a `transaction()` of the service's own joins it rather than opening
 *   another (on SQLite's one connection a second would wait for the first for ever).
 * - What must only happen once the write is visible waits for the commit: the read-cache
 *   invalidations (another process would read the old rows again and keep them) and the
 *   notification worker's wake-up (it would find nothing yet). A rollback drops them.
 * - Nothing read inside the transaction is cached: it may be rolled back.
 */
import type { Transaction } from 'kysely';
import type { Deps } from '../deps.ts';
import type { Database } from './schema.ts';

export type AfterCommit = (() => Promise<void> | void)[];

/** `target` with some properties replaced; every other method still runs on `target` itself. */
function overriding<T extends object>(target: T, replaced: Partial<Record<keyof T, unknown>>): T {
  return new Proxy(target, {
    get(object, property) {
      if (Object.hasOwn(replaced, property)) return replaced[property as keyof T];
      const value: unknown = Reflect.get(object, property, object);
      // Kysely and the cache keep private fields: their methods must see the real object as `this`.
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(object) : value;
    },
  });
}

/** The transaction, whose own `transaction().execute(fn)` runs `fn` inside it. */
function joining(trx: Transaction<Database>): Transaction<Database> {
  const joined: Transaction<Database> = overriding(trx, {
    transaction: () => ({ execute: <T>(fn: (t: Transaction<Database>) => Promise<T>) => fn(joined) }),
  });
  return joined;
}

export function joinedDeps(deps: Deps, trx: Transaction<Database>, afterCommit: AfterCommit): Deps {
  const { reads, notifier } = deps;
  return {
    ...deps,
    db: joining(trx),
    reads: overriding(reads, {
      changed: (...tags: string[]) => {
        afterCommit.push(() => reads.changed(...tags));
        return Promise.resolve();
      },
      read: async <T>(_key: string, load: () => Promise<{ value: T } | undefined>) => (await load())?.value,
    }),
    notifier: overriding(notifier, { wake: () => void afterCommit.push(() => notifier.wake()) }),
  };
}
