/**
 * Child of scripts/bench/maps.ts: processes one boundary file as POST company/{id}/map does once
 * the body is read (parse, reproject, check, simplify; the text let go after parsing), in a Node
 * heap limited by the parent (--max-old-space-size), and prints time, peak heap and the stored size.
 *
 *   npx tsx scripts/bench/_maps-upload.ts <file.geojson>
 */
import { readFileSync } from 'node:fs';
import { readGeometry } from '../../src/server/maps/read-geometry';
import { simplifyAreas } from '../../src/server/maps/simplify-areas';

let text: string | null = readFileSync(process.argv[2]!, 'utf8');
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
gc();
const before = process.memoryUsage().heapUsed;
let peak = before;
const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 2);
const t = performance.now();
const areas = readGeometry(text, 'statcode', 'statnaam');
peak = Math.max(peak, process.memoryUsage().heapUsed);
text = null;
const stored = simplifyAreas(areas);
const ms = performance.now() - t;
peak = Math.max(peak, process.memoryUsage().heapUsed);
clearInterval(timer);
console.log(JSON.stringify({ ms: Math.round(ms), before, peak, stored: JSON.stringify(stored.topology).length, areas: stored.areas.length }));
