/**
 * The key a client's address is counted under by every rate limit and throttle. One IPv6 client
 * is handed a whole /64 (RFC 6177; SLAAC and privacy addresses change the low 64 bits at will),
 * so keying on the full address would give it 2^64 fresh buckets: an IPv6 address is counted by
 * its /64. An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, what a dual-stack socket reports for
 * an IPv4 client) is that IPv4 address, so one client has one key whichever way it arrived.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (zone id dropped), or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  const ip = address.split('%')[0] ?? '';
  if (!isIPv6(ip)) return null;
  let text = ip.toLowerCase();
  // An embedded dotted IPv4 tail (::ffff:192.0.2.1) is the last two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

export function clientKey(address: string): string {
  if (isIPv4(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) {
    return `${g6 >> 8}.${g6 & 0xff}.${g7 >> 8}.${g7 & 0xff}`;
  }
  return `${[g0, g1, g2, g3].map((g) => g.toString(16)).join(':')}::/64`;
}
