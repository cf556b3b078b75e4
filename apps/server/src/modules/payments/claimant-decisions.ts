/**
 * The claims system's decisions as the claimant meets them outside a sent item's progress: the
 * latest decision of each sent item of a Sent items page (so the list says it in words), and the
 * claim's tasks — requests for more information the claimant has not answered from the portal.
 *
 * A request counts as answered when one of the claimant's submissions of the claim was sent as
 * its answer (RespondsTo) on or after the day the request is dated: by the day, not the instant,
 * so the claims system sending the same request again (a retry) does not ask again.
 */
import {
  CLAIM_TASKS_MAX,
  DECIDING_OUTCOMES,
  type ClaimTasks,
  type DecisionOutcome,
  type SentItem,
} from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { localDateTime } from '../../lib/time.ts';
import type { AuthContext } from '../session/service.ts';
import * as decisions from './decisions-repository.ts';

type Deciding = (typeof DECIDING_OUTCOMES)[number];
export type DecisionInShort = NonNullable<SentItem['Decision']>;

/** Requests read before the answered ones are left out (far more than any claim has open). */
const REQUESTS_READ = 200;

/** A sent item as the claimant knows it: its kind and the line under it ('Reimbursement: 1 receipt, total $46.20'). */
export function subjectOf(item: { subject_main: string; subject_other: string }): string {
  return item.subject_other ? `${item.subject_main}: ${item.subject_other}` : item.subject_main;
}

const isDeciding = (o: DecisionOutcome): o is Deciding => (DECIDING_OUTCOMES as readonly string[]).includes(o);

/**
 * The latest decision (not a step) of a submission: by its date, then by when it was recorded.
 * The one rule for Sent items, the sent item's progress and the tasks.
 */
export function latestDecision<D extends { outcome: DecisionOutcome; decided_on: string; updated_at: number | string }>(
  rows: readonly D[],
): (D & { outcome: Deciding }) | undefined {
  let latest: (D & { outcome: Deciding }) | undefined;
  for (const d of rows) {
    if (!isDeciding(d.outcome)) continue;
    const later =
      !latest ||
      d.decided_on > latest.decided_on ||
      (d.decided_on === latest.decided_on && Number(d.updated_at) > Number(latest.updated_at));
    if (later) latest = d as D & { outcome: Deciding };
  }
  return latest;
}

/** The Melbourne day each of these submissions was last answered from the portal. */
async function lastAnswerDays(deps: Deps, accountId: string, claimId: string, ids: string[]) {
  const rows = await decisions.findLastAnswers(deps.db, accountId, claimId, ids);
  const days = new Map<string, string>();
  for (const r of rows) if (r.responds_to !== null) days.set(r.responds_to, localDateTime(Number(r.last)).date);
  return days;
}

/** The day a request dated `asked` was answered, or null while it is not. */
function answeredOn(asked: string, lastAnswer: string | undefined): string | null {
  return lastAnswer !== undefined && lastAnswer >= asked ? lastAnswer : null;
}

/** When each of these of the claimant's submissions (of the claim) was answered, for those asking for more. */
export async function answersTo(
  deps: Deps,
  accountId: string,
  claimId: string,
  asking: { sentItemId: string; asked: string }[],
): Promise<Map<string, string | null>> {
  const days = await lastAnswerDays(
    deps,
    accountId,
    claimId,
    asking.map((a) => a.sentItemId),
  );
  return new Map(asking.map((a) => [a.sentItemId, answeredOn(a.asked, days.get(a.sentItemId))]));
}

/** The latest decision of each of these sent items (the claimant's own, of the claim), in short. */
export async function latestDecisionsOf(
  deps: Deps,
  accountId: string,
  claimId: string,
  sentItemIds: string[],
): Promise<Map<string, DecisionInShort>> {
  const rows = await decisions.findDecidingOf(deps.db, sentItemIds, DECIDING_OUTCOMES);
  const bySentItem = new Map<string, typeof rows>();
  for (const r of rows) bySentItem.set(r.sent_item_id, [...(bySentItem.get(r.sent_item_id) ?? []), r]);
  const latest = [...bySentItem.values()].flatMap((of) => latestDecision(of) ?? []);
  const answers = await answersTo(
    deps,
    accountId,
    claimId,
    latest
      .filter((d) => d.outcome === 'more-information-needed')
      .map((d) => ({ sentItemId: d.sent_item_id, asked: d.decided_on })),
  );
  return new Map(
    latest.map((d) => {
      const asking = d.outcome === 'more-information-needed';
      return [
        d.sent_item_id,
        {
          Outcome: d.outcome,
          Date: d.decided_on,
          NeededBy: asking ? d.needed_by : null,
          AnsweredOn: asking ? (answers.get(d.sent_item_id) ?? null) : null,
        },
      ];
    }),
  );
}

const LAST_DAY = '9999-12-31';

/** What the claimant has to do on the selected claim: unanswered requests, soonest needed first. */
export async function findClaimTasks(deps: Deps, auth: AuthContext, claimId: string): Promise<ClaimTasks> {
  const requests = await decisions.findInformationRequests(deps.db, auth.accountId, claimId, REQUESTS_READ);
  const answers = await answersTo(
    deps,
    auth.accountId,
    claimId,
    requests.map((r) => ({ sentItemId: r.sent_item_id, asked: r.decided_on })),
  );
  const open = requests
    .filter((r) => answers.get(r.sent_item_id) === null)
    .sort(
      (a, b) =>
        (a.needed_by ?? LAST_DAY).localeCompare(b.needed_by ?? LAST_DAY) || a.decided_on.localeCompare(b.decided_on),
    );
  return {
    Tasks: open.slice(0, CLAIM_TASKS_MAX).map((r) => ({
      Kind: 'send-information' as const,
      SentItemId: r.sent_item_id,
      Type: r.type_item,
      Subject: subjectOf(r),
      Needed: r.needed,
      NeededBy: r.needed_by,
      Asked: r.decided_on,
    })),
  };
}
