/** The route state /forgotusername hands to /sentusername (spec 000 §4: "needs route data naming the send method"). */
export const SENT_USERNAME_STATE = 'sentBy';
export type SentBy = 'Email' | 'SMS';
export type SentUsernameState = { sentBy: SentBy };

export function sentByOf(state: unknown): SentBy | undefined {
  if (!state || typeof state !== 'object') return undefined;
  const value = (state as Record<string, unknown>)[SENT_USERNAME_STATE];
  return value === 'Email' || value === 'SMS' ? value : undefined;
}
