/**
 * Where a V8 CPU profile's time went (`node --cpu-prof`; api-throughput.ts writes one with
 * API_CPU_PROFILE=<dir>): self time by function and by where the code lives (the portal's own
 * modules by folder, each dependency by package, Node's internals, garbage collection, idle).
 *
 *   npx tsx bench/profile-summary.ts <file.cpuprofile> [top=30]
 */
import fs from 'node:fs';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

/** The portal's folder, a dependency's package, or what V8 names the rest. */
function placeOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const dep = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (dep) return `dep ${dep[1]}`;
  if (url.startsWith('node:')) return 'node internals';
  const own = /apps\/server\/(?:dist|src)\/(.*)$/.exec(url);
  return own ? `portal ${own[1]?.split('/').slice(0, 2).join('/')}` : url;
}

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [top]');
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);
const byFunction = new Map<string, number>();
const byPlace = new Map<string, number>();
for (const [id, us] of self) {
  const frame = byId.get(id)?.callFrame;
  if (!frame) continue;
  const place = placeOf(frame.url, frame.functionName);
  add(byPlace, place, us);
  add(byFunction, `${frame.functionName || '(anonymous)'}  ${place}:${frame.lineNumber + 1}`, us);
}
const busy = total - (byPlace.get('(idle)') ?? 0);
const show = (title: string, map: Map<string, number>, top: number) => {
  console.log(`\n${title} (share of busy time, ${Math.round(busy / 1000)} ms busy of ${Math.round(total / 1000)} ms)`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((100 * us) / busy).toFixed(1).padStart(5)} %  ${key}`);
};
show('By place', byPlace, 25);
show('By function', byFunction, Number(topArg ?? 30));
