/**
 * `notifications …`: the operator's view of the e-mail and SMS outbox (notify/worker.ts). A
 * notification's recipient and text are never printed: the text may hold an access code.
 */
import type { Deps } from '../deps.ts';
import { listNotifications, retryNotification, type NotificationFilter } from '../notify/worker.ts';
import { CommandError, UsageError, iso, type Command, type Result } from './command.ts';

const LIMIT = 100;

async function notificationsResult(deps: Deps, filter: NotificationFilter): Promise<Result> {
  const rows = await listNotifications(deps.db, filter, LIMIT);
  const notifications = rows.map((r) => ({
    Id: r.id,
    Kind: r.kind,
    Channel: r.channel,
    AccountId: r.account_id,
    CreatedAt: iso(r.created_at),
    Attempts: r.attempts,
    LastError: r.last_error,
    NextAttemptAt: iso(r.next_attempt_at),
    SentAt: iso(r.sent_at),
    DeadAt: iso(r.dead_at),
    ExpiresAt: iso(r.expires_at),
  }));
  type Listed = (typeof notifications)[number];
  const state = (n: Listed) => (n.SentAt ? `sent ${n.SentAt}` : n.DeadAt ? `DEAD since ${n.DeadAt}` : `due ${n.NextAttemptAt}`);
  const empty = { pending: 'No notifications waiting.', dead: 'No dead notifications.', all: 'No notifications.' }[filter];
  return {
    json: notifications,
    text: notifications.length
      ? [
          ...notifications.map(
            (n) => `${n.Id}  ${n.Kind}  ${n.Channel}  account ${n.AccountId ?? '-'}  created ${n.CreatedAt}  attempts ${n.Attempts}  ${state(n)}${n.LastError ? `  last error: ${n.LastError}` : ''}`,
          ),
          ...(notifications.length === LIMIT ? [`(the first ${LIMIT} shown)`] : []),
        ]
      : [empty],
  };
}

export const notificationCommands: Command[] = [
  {
    name: 'notifications list',
    args: '[--dead|--all]',
    summary: 'E-mail and SMS waiting to be sent, oldest first (--dead: parked after too many failures; --all: sent too). Never the recipient or the text.',
    options: { dead: { type: 'boolean' }, all: { type: 'boolean' } },
    async run({ deps }, { values }) {
      if (values.dead && values.all) throw new UsageError('give --dead or --all, not both');
      return notificationsResult(deps, values.dead ? 'dead' : values.all ? 'all' : 'pending');
    },
  },
  {
    name: 'notifications retry',
    args: 'ID',
    summary: "Puts a dead notification back in line, due now, with a fresh attempt count (the server's worker sends it). Not once it has expired (an access code's message).",
    positionals: [1, 1],
    async run({ deps }, { positionals }) {
      const id = positionals[0] as string;
      const outcome = await retryNotification(deps.db, deps.clock.now(), id);
      if (outcome === 'not-dead') throw new CommandError(`No dead notification ${id} (unknown, or not dead)`);
      if (outcome === 'expired') {
        throw new CommandError(`Notification ${id} has expired: not sent again`, ['An access code\'s message expires with the code; the claimant gets a new code with "Re-send my code".']);
      }
      return { json: { Id: id, Retried: true }, text: [`Notification ${id} is back in line.`] };
    },
  },
];
