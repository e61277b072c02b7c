/**
 * District maps (docs/maps.md): the server's drawing of a 600-area map (the first, once per
 * isolate and map version; then from the cache: map model and SVG, target ≤ 20 ms), the bytes a
 * map adds to the public page (the page carries a wide and a narrow SVG per chart: gzip -6 and
 * brotli 5 of both), and a 20 MB boundary upload processed as the Worker does it (streamed into
 * typed arrays, reprojected, checked, simplified) in a Node process whose V8 heap is limited to
 * 128, 96 and 64 MB (the Worker's isolate has 128 MB): whether it fits, time, peak heap +
 * ArrayBuffers and peak RSS.
 *
 *   npx tsx --expose-gc scripts/bench/maps.ts
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { drawMap } from '../../src/server/maps/draw-map';
import { readGeometry } from '../../src/server/maps/read-geometry';
import { simplifyAreas } from '../../src/server/maps/simplify-areas';
import { buildChartSpec } from '../../src/shared/chart-spec';
import { renderChartSvg } from '../../src/shared/chart-svg';
import type { DataLocationAnswer, GroupAnswer } from '../../src/shared/chart/types';
import { syntheticGrid, zuiderhavenDistricts } from '../../tests/helpers/synthetic-map';

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

function chartOf(fc: object, key: string, benchmarks: number) {
  const stored = simplifyAreas(readGeometry(JSON.stringify(fc), 'statcode', 'statnaam'));
  const cell = (i: number): GroupAnswer => (i % 17 === 5 ? { suppressed: true, reason: 'group_below_min_n' } : { suppressed: false, stats: { groupSize: 40, answered: 40, answers: 40, base: 40, options: [], scored: 40, mean: 5 + (i % 9) * 0.4, topBox: null, bottomBox: null, nps: null, meanMarginOfError: 0.4 } });
  const loc = (drawing: ReturnType<typeof drawMap>): DataLocationAnswer => ({
    id: 1, columnKey: 'rapportcijfer', kind: 'numeric', codes: [],
    benchmarks: Array.from({ length: benchmarks }, (_, b) => ({ label: `B${b + 1}`, suppressed: false, stats: { groupSize: 999, answered: 999, answers: 999, base: 999, options: [], scored: 999, mean: 7, topBox: null, bottomBox: null, nps: null } })),
    map: { drawing, areas: drawing.areas.map((a, i) => ({ code: a.code, benchmarks: Array.from({ length: benchmarks }, (_, b) => cell(i + b)) })), unmatched: [], classMethod: 'equal', classCount: 5, answerCode: null },
  });
  const draw = () => {
    const drawing = drawMap(key, stored.topology);
    const spec = buildChartSpec({ id: 1, title: 'Rapportcijfer per buurt', chart_type_id: 15, data_format_id: 4 }, [loc(drawing)], { minN: 10 });
    return { wide: renderChartSvg(spec, { width: 760, height: 260 }), narrow: renderChartSvg({ ...spec, id: 2 }, { width: 340, height: 220 }) };
  };
  return { stored, draw };
}

console.log('Drawing on the server: the first drawMap (once per isolate), then drawMap (cached) → chart spec → SVG, warm, median of 40:');
for (const [name, fc, benchmarks] of [['6 wijken', zuiderhavenDistricts(), 1], ['600 buurten', syntheticGrid(25, 24, 10), 1], ['600 buurten × 3 benchmarks', syntheticGrid(25, 24, 10), 3]] as const) {
  const { draw, stored } = chartOf(fc, name, benchmarks);
  const first = performance.now();
  drawMap(name, stored.topology);
  const firstMs = performance.now() - first;
  for (let i = 0; i < 5; i++) draw();
  const times: number[] = [];
  let out = draw();
  for (let i = 0; i < 40; i++) {
    const t = performance.now();
    out = draw();
    times.push(performance.now() - t);
  }
  const page = Buffer.byteLength(out.wide) + Buffer.byteLength(out.narrow);
  const both = out.wide + out.narrow;
  const gz = gzipSync(both, { level: 6 }).length;
  // Brotli as Cloudflare's edge sends it to browsers that accept it (quality 4..5 on the fly; 5 here).
  const br = brotliCompressSync(both, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length;
  console.log(`  ${name.padEnd(28)} first ${firstMs.toFixed(1).padStart(6)} ms, then ${median(times).toFixed(1).padStart(6)} ms   stored topology ${kb(JSON.stringify(stored.topology).length)}   on the page (wide + narrow SVG): ${kb(page)} raw, ${kb(gz)} gzip -6, ${kb(br)} brotli 5`);
}

console.log('\nUpload processing (as POST company/{id}/map: the file streamed in 64 kB chunks into typed arrays, reprojected, checked, simplified), each in its own Node process with the V8 heap limited as stated:');
const dir = mkdtempSync(join(tmpdir(), 'impulz-maps-bench-'));
try {
  for (const [name, fc] of [['6 wijken (RD New)', zuiderhavenDistricts()], ['1,600 buurten, ~20 MB (RD New)', syntheticGrid(40, 40, 195, 300)]] as const) {
    const file = join(dir, 'upload.geojson');
    writeFileSync(file, JSON.stringify(fc));
    const bytes = Buffer.byteLength(readFileSync(file));
    for (const limit of [128, 96, 64]) {
      // Through NODE_OPTIONS: tsx runs the script in a Node process of its own.
      const run = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/bench/_maps-upload.ts', file], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: `--expose-gc --max-old-space-size=${limit}` } });
      const out = run.status === 0 ? (JSON.parse(run.stdout.trim().split('\n').pop()!) as { ms: number; readMs: number; before: number; peak: number; rssBefore: number; maxRss: number; stored: number; areas: number }) : null;
      console.log(
        `  ${name.padEnd(32)} file ${kb(bytes).padStart(9)}  heap limit ${String(limit).padStart(3)} MB: ${out ? `ok, ${String(out.ms).padStart(5)} ms (reading ${out.readMs} ms), heap + ArrayBuffers +${mb(out.peak - out.before)} at the sampled peak (garbage not yet collected counts), peak RSS +${mb(out.maxRss - out.rssBefore)} (process peak ${mb(out.maxRss)}), ${out.areas} areas, stored ${kb(out.stored)}` : `out of memory (exit ${run.status ?? run.signal})`}`,
      );
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
