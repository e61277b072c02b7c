/**
 * Child of scripts/bench/maps.ts: processes one boundary file as POST company/{id}/map does —
 * the file read as a stream in 64 kB chunks into the GeometryReader (coordinates straight into
 * typed arrays), then reprojection, checks and simplification — in a Node process whose V8 heap
 * the parent limits (--max-old-space-size). Prints time, the peak of V8 heap + ArrayBuffers
 * (sampled every 2 ms while the stream is read, and after every phase), and the process's peak
 * resident memory (getrusage maxrss, a true peak) above what it held before the upload.
 *
 *   npx tsx --expose-gc scripts/bench/_maps-upload.ts <file.geojson>
 */
import { createReadStream } from 'node:fs';
import { GeometryReader } from '../../src/server/maps/read-geometry';
import { simplifyAreas } from '../../src/server/maps/simplify-areas';

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const used = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};
gc();
const before = used();
const rssBefore = process.memoryUsage().rss;
let peak = before;
const sample = () => (peak = Math.max(peak, used()));
const timer = setInterval(sample, 2);
const t = performance.now();
const reader = new GeometryReader({ code: 'statcode', name: 'statnaam' });
for await (const chunk of createReadStream(process.argv[2]!, { highWaterMark: 64 * 1024 })) {
  reader.write(chunk as Buffer);
  sample();
}
const areas = reader.finish('statcode', 'statnaam');
sample();
const readMs = performance.now() - t;
const stored = simplifyAreas(areas);
sample();
const ms = performance.now() - t;
clearInterval(timer);
const maxRss = process.resourceUsage().maxRSS * 1024;
console.log(JSON.stringify({ ms: Math.round(ms), readMs: Math.round(readMs), before, peak, rssBefore, maxRss, stored: JSON.stringify(stored.topology).length, areas: stored.areas.length }));
