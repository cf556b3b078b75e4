/** People who help (decision 041): the level each claim call declares, and whether a scope reaches it. */

/**
 * The least scope a helper needs for a claim call (decision 041): view < send < act. A call
 * without it refuses helpers (fail closed); only claim calls may name one.
 */
export type HelperLevel = 'view' | 'send' | 'act';

const LEVEL_RANK: Record<HelperLevel, number> = { view: 0, send: 1, act: 2 };
const SCOPE_LEVEL = { View: 'view', Send: 'send', Act: 'act' } as const;

/**
 * Does a helper's scope (View, Send, Act) reach a call's declared level? A call without a level
 * refuses every helper. The web app offers a helper only what this allows (the server decides the
 * same from the same table).
 */
export function scopeReaches(scope: keyof typeof SCOPE_LEVEL, level: HelperLevel | undefined): boolean {
  return level !== undefined && LEVEL_RANK[SCOPE_LEVEL[scope]] >= LEVEL_RANK[level];
}
