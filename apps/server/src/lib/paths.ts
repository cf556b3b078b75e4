/** Paths served by the server itself (APIs, development tools); everything else is the web app. */
const API_PREFIXES = ['/api/', '/provider/', '/dev/'];

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((p) => url.startsWith(p));
}
