/**
 * The operator's commands for an outbox, one implementation for both (the e-mail and SMS
 * notifications, the provider webhook's events): list what waits, what is dead or everything,
 * oldest first and at most LIMIT rows; put a dead row back in line, due now.
 */
import type { Deps } from '../deps.ts';
import { CommandError, UsageError, type Command } from './command.ts';

export type OutboxFilter = 'pending' | 'dead' | 'all';

const LIMIT = 100;

/** A listed row as --json prints it: the fields every outbox has, and the use's own. */
type Listed = { Id: string; Kind: string; CreatedAt: string | null; Attempts: number; LastError: string | null; NextAttemptAt: string | null; DeadAt: string | null };

export type OutboxView<T extends Listed> = {
  list: (deps: Deps, filter: OutboxFilter, limit: number) => Promise<T[]>;
  /** What a line says between the kind and the creation time. */
  about: (item: T) => string;
  /** `sent …` or `delivered …` once it has gone out, else null. */
  done: (item: T) => string | null;
  empty: Record<OutboxFilter, string>;
};

/** Fixes a view's row type from its `list`. */
export const outboxView = <T extends Listed>(view: OutboxView<T>): OutboxView<T> => view;

/** `NAME list [--dead|--all]`. */
export function listCommand<T extends Listed>(name: string, summary: string, view: OutboxView<T>): Command {
  return {
    name,
    args: '[--dead|--all]',
    summary,
    options: { dead: { type: 'boolean' }, all: { type: 'boolean' } },
    async run({ deps }, { values }) {
      if (values.dead && values.all) throw new UsageError('give --dead or --all, not both');
      return listResult(deps, view, values.dead ? 'dead' : values.all ? 'all' : 'pending');
    },
  };
}

export async function listResult<T extends Listed>(deps: Deps, view: OutboxView<T>, filter: OutboxFilter) {
  const items = await view.list(deps, filter, LIMIT);
  const state = (i: T) => view.done(i) ?? (i.DeadAt ? `DEAD since ${i.DeadAt}` : `due ${i.NextAttemptAt}`);
  return {
    json: items,
    text: items.length
      ? [
          ...items.map((i) => `${i.Id}  ${i.Kind}  ${view.about(i)}  created ${i.CreatedAt}  attempts ${i.Attempts}  ${state(i)}${i.LastError ? `  last error: ${i.LastError}` : ''}`),
          ...(items.length === LIMIT ? [`(the first ${LIMIT} shown)`] : []),
        ]
      : [view.empty[filter]],
  };
}

/** `NAME ID`: puts a dead row back in line; `requeue` resolves false when there is no such dead row (or throws why not). */
export function requeueCommand(name: string, summary: string, row: { noun: string; key: string; requeue: (deps: Deps, id: string) => Promise<boolean> }): Command {
  return {
    name,
    args: 'ID',
    summary,
    positionals: [1, 1],
    async run({ deps }, { positionals }) {
      const id = positionals[0] as string;
      if (!(await row.requeue(deps, id))) throw new CommandError(`No dead ${row.noun.toLowerCase()} ${id} (unknown, or not dead)`);
      return { json: { Id: id, [row.key]: true }, text: [`${row.noun} ${id} is back in line.`] };
    },
  };
}
