/**
 * spec 000 §8's catalogue: the Reason and Action text of the client errors 1 and 2, shown under the
 * alert's message. Errors 3 and 4 have no reason a claimant can use (their action is "stack
 * trace", for support); 4's own message is the entry's detail. A module of its own: the alert
 * dialog and the error summary load it, the sign-in page's first download does not.
 */
export type Guidance = { reason: string; action: string };

const GUIDANCE: Partial<Record<number, Guidance>> = {
  1: {
    reason: 'Target could be offline or request invalid.',
    action: 'Contact support if the issue persists for a long period.',
  },
  2: { reason: 'Required parameters were missing.', action: 'Contact support if it persists.' },
};

export function catalogueGuidance(code: number): Guidance | undefined {
  return GUIDANCE[code];
}
