/**
 * The reference a claimant can quote for something they sent (docs/decisions/027): the first 8
 * hexadecimal digits of its sent item's id, in capitals, in two groups of four ("3F2A-91C0"). Short
 * enough to read out on the phone, and the same on the thank-you page and in Sent Items.
 */
export function referenceOf(sentItemId: string): string {
  const hex = sentItemId
    .replace(/[^0-9a-f]/gi, '')
    .slice(0, 8)
    .toUpperCase();
  return hex.length === 8 ? `${hex.slice(0, 4)}-${hex.slice(4)}` : sentItemId.toUpperCase();
}

/** What a form hands its thank-you page (navigation state): the sent item and when it was sent. */
export type SentState = { sentItemId: string; sentAt: number };

export function sentStateOf(state: unknown): SentState | null {
  if (!state || typeof state !== 'object') return null;
  const { sentItemId, sentAt } = state as Partial<SentState>;
  return typeof sentItemId === 'string' && sentItemId !== '' && typeof sentAt === 'number'
    ? { sentItemId, sentAt }
    : null;
}
