/**
 * `notifications …`: the operator's view of the e-mail and SMS outbox (notify/outbox.ts). A
 * notification's recipient and text are never printed: the text may hold an access code.
 */
import { listNotifications, retryNotification } from '../notify/outbox.ts';
import { CommandError, iso, type Command } from './command.ts';
import { listCommand, requeueCommand } from './outbox.ts';

export const notificationCommands: Command[] = [
  listCommand('notifications list', 'E-mail and SMS waiting to be sent, oldest first (--dead: parked after too many failures; --all: sent too). Never the recipient or the text.', {
    list: async (deps, filter, limit) =>
      (await listNotifications(deps.db, filter, limit)).map((r) => ({
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
      })),
    about: (n) => `${n.Channel}  account ${n.AccountId ?? '-'}`,
    done: (n) => (n.SentAt ? `sent ${n.SentAt}` : null),
    empty: { pending: 'No notifications waiting.', dead: 'No dead notifications.', all: 'No notifications.' },
  }),
  requeueCommand('notifications retry', "Puts a dead notification back in line, due now, with a fresh attempt count (the server's worker sends it). Not once it has expired (an access code's message).", {
    noun: 'Notification',
    key: 'Retried',
    async requeue(deps, id) {
      const outcome = await retryNotification(deps.db, deps.clock.now(), id);
      if (outcome === 'expired') {
        throw new CommandError(`Notification ${id} has expired: not sent again`, ['An access code\'s message expires with the code; the claimant gets a new code with "Re-send my code".']);
      }
      return outcome === 'retried';
    },
  }),
];
