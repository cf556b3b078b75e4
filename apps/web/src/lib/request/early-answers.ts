/**
 * Answers asked for before anyone asks (app/first-reads.ts): the reads a page starts with are sent
 * as the app starts, beside the download of its code, and the page's own call — the same endpoint,
 * path, body and session token — takes the answer in flight or arrived instead of sending again
 * (./request.ts). Each is taken once, within HELD_MS of being sent; all go at a sign-out and when
 * the app leaves the page it started on, so an answer never outlives the moment it was asked for.
 */

/** Long enough for a slow phone to download and draw the page, short enough that nothing goes stale. */
const HELD_MS = 10_000;

type Held = { answer: Promise<unknown>; sentAt: number };

const held = new Map<string, Held>();

/** What identifies a read: the endpoint, its filled path, the session's token and the body as given. */
export function earlyKey(name: string, path: string, token: string | undefined, body: unknown): string {
  return JSON.stringify([name, path, token ?? null, body]);
}

export function isHeld(key: string): boolean {
  return held.has(key);
}

/** Keeps an answer for the page's own call; its failure is that call's to report. */
export function holdEarlyAnswer(key: string, answer: Promise<unknown>): void {
  answer.catch(() => undefined);
  held.set(key, { answer, sentAt: Date.now() });
}

/** The held answer for this call, taken (a second call sends its own), or undefined. */
export function takeEarlyAnswer(key: string): Promise<unknown> | undefined {
  const found = held.get(key);
  if (!found) return undefined;
  held.delete(key);
  return Date.now() - found.sentAt <= HELD_MS ? found.answer : undefined;
}

export function dropEarlyAnswers(): void {
  held.clear();
}
