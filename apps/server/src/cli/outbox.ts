/**
 * `outbox …` and `notifications …`, one implementation for both outboxes: list what waits, is dead or
 * all, oldest first; put a dead row back in line. A row is shown as its repository lists it (columns
 * in PascalCase, instants in ISO 8601): never a notification's recipient or text (it may hold a code).
 */
import type { Deps } from '../deps.ts';
import { listOutbox, replayOutboxEvent } from '../modules/provider/outbox.ts';
import { listNotifications, retryNotification } from '../notify/outbox.ts';
import { CommandError, UsageError, iso, type Command } from './command.ts';

type Filter = 'pending' | 'dead' | 'all';
const LIMIT = 100;

type Pascal<S extends string> = S extends `${infer H}_${infer T}` ? `${Capitalize<H>}${Pascal<T>}` : Capitalize<S>;
type Shown<R> = { [K in keyof R & string as Pascal<K>]: K extends `${string}_at` ? string | null : R[K] };
type Row = {
  id: string;
  kind: string;
  created_at: number;
  attempts: number;
  last_error: string | null;
  next_attempt_at: number;
  dead_at: number | null;
};
type View<R extends Row> = {
  list: (deps: Deps, filter: Filter, limit: number) => Promise<R[]>;
  /** What a line says between the kind and the creation time; `sent …` or `delivered …` once it has gone out. */
  about: (shown: Shown<R>) => string;
  done: (shown: Shown<R>) => string | null;
  empty: Record<Filter, string>;
};

const show = <R extends Row>(row: R) =>
  Object.fromEntries(
    Object.entries(row).map(([k, v]) => [
      k.replace(/(?:^|_)(\w)/g, (_, c: string) => c.toUpperCase()),
      k.endsWith('_at') ? iso(v as number | null) : v,
    ]),
  ) as Shown<R>;

/** `NAME [--dead|--all]`, or with `only` the one list. */
function listCommand<R extends Row>(name: string, summary: string, view: View<R>, only?: Filter): Command {
  return {
    name,
    args: only ? '' : '[--dead|--all]',
    summary,
    options: only ? {} : { dead: { type: 'boolean' }, all: { type: 'boolean' } },
    async run({ deps }, { values }) {
      if (values.dead && values.all) throw new UsageError('give --dead or --all, not both');
      const filter = only ?? (values.dead ? 'dead' : values.all ? 'all' : 'pending');
      const items = (await view.list(deps, filter, LIMIT)).map(show);
      const line = (i: Shown<Row> & Shown<R>) =>
        `${i.Id}  ${i.Kind}  ${view.about(i)}  created ${i.CreatedAt}  attempts ${i.Attempts}  ` +
        `${view.done(i) ?? (i.DeadAt ? `DEAD since ${i.DeadAt}` : `due ${i.NextAttemptAt}`)}` +
        `${i.LastError ? `  last error: ${i.LastError}` : ''}`;
      const more = items.length === LIMIT ? [`(the first ${LIMIT} shown)`] : [];
      return { json: items, text: items.length ? [...items.map(line), ...more] : [view.empty[filter]] };
    },
  };
}

/** `NAME ID`: puts a dead row back in line; `requeue` resolves false when there is no such dead row (or throws why not). */
function requeueCommand(
  name: string,
  summary: string,
  row: { noun: string; key: string; requeue: (deps: Deps, id: string) => Promise<boolean> },
): Command {
  return {
    name,
    args: 'ID',
    summary,
    positionals: [1, 1],
    async run({ deps }, { positionals }) {
      const id = positionals[0] as string;
      if (!(await row.requeue(deps, id)))
        throw new CommandError(`No dead ${row.noun.toLowerCase()} ${id} (unknown, or not dead)`);
      return { json: { Id: id, [row.key]: true }, text: [`${row.noun} ${id} is back in line.`] };
    },
  };
}

const events: View<Awaited<ReturnType<typeof listOutbox>>[number]> = {
  list: (deps, filter, limit) => listOutbox(deps, filter, limit),
  about: (e) => `claim ${e.ClaimNumber}`,
  done: (e) => (e.DeliveredAt ? `delivered ${e.DeliveredAt}` : null),
  empty: { pending: 'No events waiting.', dead: 'No dead events.', all: 'The outbox is empty.' },
};

export const outboxCommands: Command[] = [
  listCommand(
    'outbox list',
    'Webhook events waiting for delivery (--dead: parked after too many failures; --all: delivered too).',
    events,
  ),
  listCommand('outbox dead', 'The same as outbox list --dead.', events, 'dead'),
  requeueCommand(
    'outbox replay',
    "Puts a dead event back in line, due now, with a fresh attempt count (the server's worker delivers it).",
    { noun: 'Event', key: 'Replayed', requeue: replayOutboxEvent },
  ),
];

export const notificationCommands: Command[] = [
  listCommand(
    'notifications list',
    'E-mail and SMS waiting to be sent, oldest first (--dead: parked after too many failures; --all: sent too). Never the recipient or the text.',
    {
      list: (deps, filter, limit) => listNotifications(deps.db, filter, limit),
      about: (n) => `${n.Channel}  account ${n.AccountId ?? '-'}`,
      done: (n) => (n.SentAt ? `sent ${n.SentAt}` : null),
      empty: { pending: 'No notifications waiting.', dead: 'No dead notifications.', all: 'No notifications.' },
    },
  ),
  requeueCommand(
    'notifications retry',
    "Puts a dead notification back in line, due now, with a fresh attempt count (the server's worker sends it). " +
      "Not once it has expired (an access code's message).",
    {
      noun: 'Notification',
      key: 'Retried',
      async requeue(deps, id) {
        const outcome = await retryNotification(deps.db, deps.clock.now(), id);
        const hint =
          'An access code\'s message expires with the code; the claimant gets a new code with "Re-send my code".';
        if (outcome === 'expired') throw new CommandError(`Notification ${id} has expired: not sent again`, [hint]);
        return outcome === 'retried';
      },
    },
  ),
];
