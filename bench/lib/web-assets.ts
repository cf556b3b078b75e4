/**
 * The JavaScript and CSS a first visit to /login needs, read from a Vite build (no browser):
 * index.html's module script, modulepreload and stylesheet tags; then the /login route's lazy
 * chunk — from the Vite manifest when the build wrote one, else from the entry's preload map
 * (`import('./login-page-….js')` with its `__vite__mapDeps([...])` list) — and the static-import
 * closure of every JavaScript file found.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { init, parse } from 'es-module-lexer';

/** The route module of /login (apps/web/src/app/router.tsx), and its chunk's file-name stem. */
const LOGIN_ROUTE_MODULE = 'src/features/auth/pages/login-page.tsx';
const LOGIN_CHUNK = /^login-page-[\w-]+\.js$/;

export type Asset = { file: string; kind: 'js' | 'css'; raw: number; gzip: number; via: string };

export function gzipSize(data: Buffer): number {
  return zlib.gzipSync(data, { level: 9 }).length;
}

function assetOf(dist: string, file: string, via: string): Asset {
  const data = fs.readFileSync(path.join(dist, file));
  return { file, kind: file.endsWith('.css') ? 'css' : 'js', raw: data.length, gzip: gzipSize(data), via };
}

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([a-zA-Z-]+)\s*=\s*("([^"]*)"|'([^']*)')/g))
    out[(m[1] as string).toLowerCase()] = m[3] ?? m[4] ?? '';
  return out;
}

/** Files index.html makes the browser fetch at once. Paths relative to dist, no leading slash. */
function htmlAssets(dist: string): { file: string; via: string }[] {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const out: { file: string; via: string }[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const a = attributes(tag);
    if (tag.toLowerCase().startsWith('<script') && a.src) out.push({ file: a.src, via: 'index.html script' });
    else if (a.rel === 'modulepreload' && a.href) out.push({ file: a.href, via: 'index.html modulepreload' });
    else if (a.rel === 'stylesheet' && a.href) out.push({ file: a.href, via: 'index.html stylesheet' });
  }
  return out.filter((f) => !/^https?:/.test(f.file)).map((f) => ({ ...f, file: f.file.replace(/^\//, '') }));
}

type ManifestChunk = { file: string; imports?: string[]; css?: string[] };

/** The /login route chunk and what Vite preloads with it. */
function loginRouteAssets(dist: string): { file: string; via: string }[] {
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (fs.existsSync(manifestFile)) {
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
    const out: { file: string; via: string }[] = [];
    const seen = new Set<string>();
    const walk = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      out.push({ file: chunk.file, via: 'login route (manifest)' });
      for (const css of chunk.css ?? []) out.push({ file: css, via: 'login route (manifest)' });
      for (const i of chunk.imports ?? []) walk(i);
    };
    walk(LOGIN_ROUTE_MODULE);
    if (out.length) return out;
  }
  const assets = path.join(dist, 'assets');
  const loginChunk = fs.readdirSync(assets).find((f) => LOGIN_CHUNK.test(f));
  if (!loginChunk) throw new Error(`no /login route chunk (login-page-*.js) in ${assets}`);
  const out = [{ file: `assets/${loginChunk}`, via: 'login route chunk' }];
  for (const f of fs.readdirSync(assets).filter((n) => n.endsWith('.js'))) {
    const code = fs.readFileSync(path.join(assets, f), 'utf8');
    const call = new RegExp(
      `import\\(\\s*[\`'"]\\./${loginChunk.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}[\`'"]\\s*\\)[^;]{0,300}?__vite__mapDeps\\(\\[([\\d,\\s]*)\\]\\)`,
    ).exec(code);
    const table = /m\.f\s*=\s*\[([^\]]*)\]/.exec(code);
    if (!call || !table) continue;
    const files = [...(table[1] as string).matchAll(/["'`]([^"'`]+)["'`]/g)].map((m) => m[1] as string);
    for (const i of (call[1] as string)
      .split(',')
      .map((s) => Number(s.trim()))
      .filter((n) => Number.isInteger(n))) {
      const file = files[i];
      if (file) out.push({ file: file.replace(/^\//, ''), via: `login route preload (${f})` });
    }
  }
  return out;
}

/** Static imports of one JS file, as dist-relative paths. */
async function staticImports(dist: string, file: string): Promise<string[]> {
  await init;
  const [imports] = parse(fs.readFileSync(path.join(dist, file), 'utf8'));
  return imports
    .flatMap((i) => (i.type === 'static' || i.type === 'reexport-star' ? [i.specifier] : []))
    .filter((n) => n.startsWith('./') || n.startsWith('../') || n.startsWith('/'))
    .map((n) => (n.startsWith('/') ? n.slice(1) : path.posix.join(path.posix.dirname(file), n)));
}

/** Everything a first visit to /login loads, without a browser. */
export async function loginBundleFromDist(dist: string): Promise<Asset[]> {
  if (!fs.existsSync(path.join(dist, 'index.html')))
    throw new Error(`${dist}/index.html is missing: build the web app first (npm run build -w apps/web)`);
  const found = new Map<string, string>();
  const queue = [...htmlAssets(dist), ...loginRouteAssets(dist)];
  while (queue.length) {
    const next = queue.shift() as { file: string; via: string };
    if (found.has(next.file)) continue;
    found.set(next.file, next.via);
    if (next.file.endsWith('.js'))
      for (const dep of await staticImports(dist, next.file))
        queue.push({ file: dep, via: `imported by ${path.posix.basename(next.file)}` });
  }
  return [...found].filter(([f]) => /\.(js|css)$/.test(f)).map(([f, via]) => assetOf(dist, f, via));
}

/** Every JS and CSS file of the build (the whole app), for comparison. */
export function allAssets(dist: string): Asset[] {
  const assets = path.join(dist, 'assets');
  return fs
    .readdirSync(assets)
    .filter((f) => /\.(js|css)$/.test(f))
    .map((f) => assetOf(dist, `assets/${f}`, 'build'));
}

export const KB = 1000;
export const sum = (assets: Asset[], kind: 'js' | 'css', field: 'raw' | 'gzip') =>
  assets.filter((a) => a.kind === kind).reduce((s, a) => s + a[field], 0);
