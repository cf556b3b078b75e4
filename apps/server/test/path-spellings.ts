/**
 * Ways of writing one path that a router, a proxy or a prefix test may read differently: used by
 * the route-controls tests here and through nginx (e2e/tests/scale-out-nginx.test.ts).
 */
/** Spellings of a path: encoded letters and slashes, doubled slashes, case, trailing slash, `;`, dot segments. */
export function spellings(path: string): string[] {
  const [, first = '', ...rest] = path.split('/');
  const tail = rest.join('/');
  const last = path.slice(-1);
  return [
    `/%${first.charCodeAt(0).toString(16)}${first.slice(1)}/${tail}`,
    `${path.slice(0, -1)}%${last.charCodeAt(0).toString(16)}`,
    `/${first}%2F${tail}`,
    `/${first}%2f${tail}`,
    `/${first}/${tail.replace('/', '%2F')}`,
    `/${path}`,
    `/${first}//${tail}`,
    `/${first.toUpperCase()}/${tail}`,
    `${path}/`,
    `${path};x=1`,
    `/${first};x=1/${tail}`,
    `/${first}/./${tail}`,
    `/./${first}/${tail}`,
    `/%2e/${first}/${tail}`,
    `/x/../${first}/${tail}`,
    `/x/%2e%2e/${first}/${tail}`,
    `/${first}/x/..%2F${tail}`,
    `${path}%00`,
    `${path}%20`,
  ];
}
