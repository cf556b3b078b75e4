/**
 * How long the web app uses an answer before it asks again: the one policy every query takes its
 * `staleTime` and `gcTime` from, by what the answer is (ESLint fails a number written anywhere
 * else). What the claimant changes here is updated by the mutation that changed it, not by
 * waiting: these times bound only what changes elsewhere (the claims system, another device).
 */
export const FRESHNESS = {
  /** Asked every time it is needed: the claims list at sign-in, the maintenance message. */
  everyTime: { staleTime: 0 },
  /** Asked on every opening of its page and forgotten when it closes: the survey, a sign-in's factors. */
  everyOpening: { staleTime: 0, gcTime: 0 },
  /** Asked once per opening and not again while it is open (a draft, an invitation, a form's details). */
  oncePerOpening: { staleTime: Infinity, gcTime: 0 },
  /** What the claims system changes on a claim: messages, sent items, payments, tasks. */
  claimActivity: { staleTime: 30_000 },
  /** The session's own: the claims list, the unread count. */
  session: { staleTime: 60_000 },
  /** The claimant's account: changed here only by their own edits, which update it. */
  account: { staleTime: 5 * 60_000 },
  /** Reference lists and content: services, receipt types, drop-downs, page content. */
  reference: { staleTime: 10 * 60_000 },
} as const;
