/** Time is injected so expiries and locks are tested without sleeping (STYLE rule 7). */
export type Clock = { now: () => number };
export const systemClock: Clock = { now: () => Date.now() };
