/**
 * Finds web addresses and e-mail addresses in a message's plain text (spec 001 Inbox: "the
 * message text with auto-linked content"). linkifyjs is not installed, so this is a small,
 * deliberately strict linkifier: it only ever yields http(s) and mailto links, built from text
 * the claimant can see, and the text is rendered by React (escaped) — never as HTML.
 *
 * - http://…, https://… and www.… (given https://); the address ends at a space, < > or " and
 *   loses trailing punctuation ('.', ',', ';', ':', '!', '?', quotes) and closing brackets that
 *   do not close one opened inside it ("(see https://x.org/a)" keeps the bracket as text).
 * - name@domain.tld as a mailto: link.
 */

export type TextPart =
  | { kind: 'text'; text: string }
  | { kind: 'url'; text: string; href: string }
  | { kind: 'email'; text: string; href: string };

const PATTERN =
  /(\b(?:https?:\/\/|www\.)[^\s<>"]+)|(\b[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b)/gi;

const TRAILING = new Set(['.', ',', ';', ':', '!', '?', "'", '’', '*']);
const PAIRS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

function count(text: string, ch: string): number {
  let n = 0;
  for (const c of text) if (c === ch) n += 1;
  return n;
}

/** The address without the punctuation that ends the sentence around it. */
export function trimAddress(raw: string): string {
  let end = raw.length;
  while (end > 0) {
    const ch = raw[end - 1] as string;
    if (TRAILING.has(ch)) {
      end -= 1;
      continue;
    }
    const open = PAIRS[ch];
    if (open !== undefined) {
      const body = raw.slice(0, end);
      if (count(body, ch) > count(body, open)) {
        end -= 1;
        continue;
      }
    }
    break;
  }
  return raw.slice(0, end);
}

function webHref(address: string): string | null {
  const href = /^www\./i.test(address) ? `https://${address}` : address;
  try {
    const url = new URL(href);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname.includes('.')) return null;
    return url.href;
  } catch {
    return null;
  }
}

export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let pending = '';
  let last = 0;
  const flush = () => {
    if (pending) parts.push({ kind: 'text', text: pending });
    pending = '';
  };
  for (const match of text.matchAll(PATTERN)) {
    const index = match.index;
    pending += text.slice(last, index);
    last = index + match[0].length;
    if (match[1] !== undefined) {
      const address = trimAddress(match[1]);
      const href = address ? webHref(address) : null;
      if (!href) {
        pending += match[0];
        continue;
      }
      flush();
      parts.push({ kind: 'url', text: address, href });
      pending += match[1].slice(address.length);
    } else if (match[2] !== undefined) {
      flush();
      parts.push({ kind: 'email', text: match[2], href: `mailto:${match[2]}` });
    }
  }
  pending += text.slice(last);
  flush();
  return parts;
}
