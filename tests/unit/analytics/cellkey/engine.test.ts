import { describe, expect, it } from 'vitest';
import {
  type BenchmarkInput,
  type Cube,
  type DataLocationSpec,
  type FilterCategory,
  type GroupResult,
  type ReportData,
  type Stats,
  CubeBuilder,
  benchmarkSizes,
  computeFilterStates,
  computeReportData,
  deserializeCube,
  serializeCube,
} from '../../../../src/server/analytics';
import { keySum } from '../../../../src/server/analytics/cellkey/keys';
import { PTABLE_D } from '../../../../src/server/analytics/cellkey/ptable-data';
import { type Dataset, generateCatalog, generateColumns, generateDataset, prng } from '../generate';
import { buildCube } from '../feed';

const M = 10;

function setup(seed: number, rows = 1500) {
  const ds = generateDataset(seed, rows, 12);
  const rng = prng(seed + 1);
  const cube = buildCube(ds, rng);
  const catalog = generateCatalog(prng(seed + 2), ds.defs, 4);
  const specs: DataLocationSpec[] = ds.defs.map((d, i) => ({ id: i, columnKey: d.key, nps: i % 3 === 0, nMethod: i % 4 === 0 ? 'total' : undefined }));
  return { ds, cube, catalog, specs };
}

const report = (dateFilter = true) => ({ minN: M, dateFilter, dateGranularity: 'month' as const, protection: 'cellkey' as const });

function cells(data: ReportData): Stats[] {
  return data.dataLocations.flatMap((d) => d.benchmarks.flatMap((b) => [b, ...(b.buckets ?? [])])).flatMap((r: GroupResult) => (r.suppressed ? [] : [r.stats]));
}

function counts(s: Stats): number[] {
  return [s.groupSize, s.answered, s.base, s.answers, ...s.options.map((o) => o.count)];
}

function someBenchmarks(catalog: FilterCategory[], seed: number, k = 4): BenchmarkInput[] {
  const rng = prng(seed);
  return Array.from({ length: k }, (_, i) => ({
    label: String.fromCharCode(65 + i),
    filterOptionIds: catalog.filter(() => rng.chance(0.4)).map((c) => rng.pick(c.options).id),
  }));
}

describe('cell-key mode in the engine', () => {
  it('publishes no count 1 … m−1 anywhere, and R1 still withholds small groups (property sweep)', () => {
    for (const seed of [3, 4, 5]) {
      const { cube, catalog, specs } = setup(seed);
      let seen = 0;
      for (let r = 0; r < 8; r++) {
        const benchmarks = someBenchmarks(catalog, seed * 100 + r);
        const data = computeReportData(cube, { dataLocations: specs, benchmarks, filters: catalog, report: report(), granularity: r % 2 ? 'month' : null });
        for (const s of cells(data)) {
          for (const c of counts(s)) expect(c === 0 || c >= M, `count ${c}`).toBe(true);
          expect(s.groupSize).toBeGreaterThanOrEqual(M);
          expect(s.options.every((o) => !o.low)).toBe(true);
          seen++;
        }
        const states = computeFilterStates(cube, catalog, benchmarks[0]!, report(), { minN: M });
        for (const st of states) for (const c of [st.soloCount, st.combinedCount]) expect(c === null || c >= M).toBe(true);
        for (const n of benchmarkSizes(cube, { benchmarks, filters: catalog, report: report() })) expect(n === null || n >= M).toBe(true);
      }
      expect(seen).toBeGreaterThan(100);
    }
  });

  it('the same members give the same numbers in every request, order and benchmark position', () => {
    const { cube, catalog, specs } = setup(7);
    const bs = someBenchmarks(catalog, 70, 3);
    const one = computeReportData(cube, { dataLocations: specs, benchmarks: bs, filters: catalog, report: report(), granularity: 'month' });
    const reversed = computeReportData(cube, { dataLocations: [...specs].reverse(), benchmarks: [...bs].reverse().map((b, i) => ({ ...b, label: `x${i}` })), filters: catalog, report: report(), granularity: 'month' });
    for (const d of one.dataLocations) {
      const other = reversed.dataLocations.find((x) => x.columnKey === d.columnKey)!;
      d.benchmarks.forEach((b, i) => {
        const o = other.benchmarks[bs.length - 1 - i]!;
        expect({ ...o, label: b.label }).toEqual(b);
      });
    }
    // A group's size is the same as a benchmark, in the menu and in the benchmark menu.
    const plain = { label: 'A', filterOptionIds: [catalog[0]!.options[0]!.id] };
    const data = computeReportData(cube, { dataLocations: specs.slice(0, 1), benchmarks: [plain], filters: catalog, report: report() });
    const menu = computeFilterStates(cube, catalog, { label: '', filterOptionIds: [] }, report(), { minN: M }).find((s) => s.optionId === plain.filterOptionIds[0])!;
    const [size] = benchmarkSizes(cube, { benchmarks: [plain], filters: catalog, report: report() });
    const cell = data.dataLocations[0]!.benchmarks[0]!;
    if (!cell.suppressed) {
      expect(menu.soloCount).toBe(cell.stats.groupSize);
      expect(size).toBe(cell.stats.groupSize);
    }
  });

  it('kept cells (block-sums.ts) equal freshly computed ones, whatever other settings, weights or modes were asked in between', () => {
    const { cube, catalog, specs } = setup(13);
    const benchmarks = someBenchmarks(catalog, 1300, 3);
    const rng = prng(14);
    const weights = Float32Array.from({ length: cube.rowCount }, () => 0.4 + rng.next() * 1.2);
    const base = { dataLocations: specs, benchmarks, filters: catalog, report: report(), granularity: 'month' as const, accuracy: { populationSize: 20_000, confidenceLevel: 95 } };
    // One setting changed at a time.
    const variants = [
      base,
      { ...base, dataLocations: specs.map((s) => ({ ...s, nMethod: 'total' as const })) },
      { ...base, dataLocations: specs.map((s) => ({ ...s, boxSize: 3 })) },
      { ...base, dataLocations: specs.map((s) => ({ ...s, nps: !s.nps })) },
      { ...base, report: { ...report(), minN: 5 } },
      { ...base, accuracy: { populationSize: 5000, confidenceLevel: 95 } },
      { ...base, accuracy: { populationSize: 20_000, confidenceLevel: 99 } },
      { ...base, weights },
      { ...base, report: { ...report(), protection: 'suppress' as const } },
    ];
    // Each variant first on a cube of its own (nothing kept), then all of them in turn on one cube, twice.
    const fresh = variants.map((v) => computeReportData(deserializeCube(serializeCube(cube)), v));
    for (let round = 0; round < 2; round++) variants.forEach((v, i) => expect(computeReportData(cube, v)).toEqual(fresh[i]));
  });

  it('perturbs: some counts differ from the true ones, by at most D from m on, and shares follow the perturbed counts', () => {
    const { cube, catalog, specs } = setup(8);
    const bs = someBenchmarks(catalog, 80, 4);
    const input = { dataLocations: specs, benchmarks: bs, filters: catalog, granularity: 'quarter' as const };
    const exact = computeReportData(cube, { ...input, report: { ...report(), minN: 1, protection: 'suppress' } });
    const noisy = computeReportData(cube, { ...input, report: report() });
    let differ = 0;
    let total = 0;
    noisy.dataLocations.forEach((d, i) => {
      d.benchmarks.forEach((b, j) => {
        const t = exact.dataLocations[i]!.benchmarks[j]!;
        if (b.suppressed || t.suppressed) return;
        total++;
        if (b.stats.groupSize !== t.stats.groupSize) differ++;
        expect(Math.abs(b.stats.groupSize - t.stats.groupSize)).toBeLessThanOrEqual(PTABLE_D);
        for (const o of b.stats.options) if (b.stats.base > 0) expect(o.percentage).toBeCloseTo((o.count / b.stats.base) * 100, 10);
      });
    });
    expect(total).toBeGreaterThan(20);
    expect(differ).toBeGreaterThan(0);
  });

  it('suppress mode is unchanged by the setting’s default', () => {
    const { cube, catalog, specs } = setup(9, 800);
    const bs = someBenchmarks(catalog, 90, 3);
    const a = computeReportData(cube, { dataLocations: specs, benchmarks: bs, filters: catalog, report: { ...report(), protection: 'suppress' } });
    const b = computeReportData(cube, { dataLocations: specs, benchmarks: bs, filters: catalog, report: { minN: M, dateFilter: true, dateGranularity: 'month' } });
    expect(a).toEqual(b);
  });
});

describe('record keys', () => {
  function keyed(ds: Dataset, keys: Map<string, number>, order: number[]): Cube {
    const b = new CubeBuilder(1, 1, ds.defs);
    for (const i of order) {
      const r = ds.responses[i]!;
      b.setDay(r.id, r.day).setRecordKey(r.id, keys.get(r.id)!);
      for (const def of ds.defs) {
        const v = r.values[def.key];
        if (Array.isArray(v)) {
          if (!v.length) b.markAnswered(r.id, def.key);
          for (const code of v) b.setValue(r.id, def.key, code);
        } else b.setValue(r.id, def.key, v);
      }
    }
    return b.build().cube;
  }

  it('travel with their response through any build order and the cube blob (4 bytes a response)', () => {
    const ds = generateDataset(11, 600, 6);
    const rng = prng(12);
    const keys = new Map(ds.responses.map((r) => [r.id, Math.floor(rng.next() * 4294967296)]));
    const order = ds.responses.map((_, i) => i);
    const a = keyed(ds, keys, order);
    const b = keyed(ds, keys, [...order].reverse());
    expect(a.recordKeys).toEqual(b.recordKeys);
    const blob = serializeCube(a);
    const back = deserializeCube(blob);
    expect(back.recordKeys).toEqual(a.recordKeys);
    const withoutKeys = serializeCube({ ...a, recordKeys: undefined });
    expect(blob.byteLength - withoutKeys.byteLength).toBeLessThanOrEqual(4 * a.rowCount + 64);
    // The keys of rows are the responses' keys.
    const sorted = [...ds.responses].sort((x, y) => x.day - y.day || (x.id < y.id ? -1 : 1));
    expect(Array.from(a.recordKeys!)).toEqual(sorted.map((r) => keys.get(r.id)));
  });

  it('adding one response changes only the cells that contain it', () => {
    const ds = generateDataset(13, 900, 6);
    const rng = prng(14);
    const keys = new Map(ds.responses.map((r) => [r.id, Math.floor(rng.next() * 4294967296)]));
    const catalog = generateCatalog(prng(15), ds.defs, 3);
    const specs: DataLocationSpec[] = ds.defs.map((d, i) => ({ id: i, columnKey: d.key }));
    const without = keyed({ ...ds, responses: ds.responses.slice(1) }, keys, ds.responses.slice(1).map((_, i) => i));
    const withAll = keyed(ds, keys, ds.responses.map((_, i) => i));
    const added = ds.responses[0]!;
    const probe = [{ label: 'A', filterOptionIds: [] }, ...catalog.flatMap((c) => c.options.map((o) => ({ label: `o${o.id}`, filterOptionIds: [o.id] })))];
    let unchanged = 0;
    let changed = 0;
    for (const b of probe) {
      const x = computeReportData(without, { dataLocations: specs, benchmarks: [b], filters: catalog, report: report(false) });
      const y = computeReportData(withAll, { dataLocations: specs, benchmarks: [b], filters: catalog, report: report(false) });
      // Whether the added response is in this benchmark: the true size grew.
      const grew = computeReportData(withAll, { dataLocations: specs.slice(0, 1), benchmarks: [b], filters: catalog, report: { minN: 1, dateFilter: false } });
      const before = computeReportData(without, { dataLocations: specs.slice(0, 1), benchmarks: [b], filters: catalog, report: { minN: 1, dateFilter: false } });
      const g1 = grew.dataLocations[0]!.benchmarks[0]!;
      const g0 = before.dataLocations[0]!.benchmarks[0]!;
      const contains = !g1.suppressed && !g0.suppressed && g1.stats.groupSize > g0.stats.groupSize;
      x.dataLocations.forEach((d, i) => {
        const cx = d.benchmarks[0]!;
        const cy = y.dataLocations[i]!.benchmarks[0]!;
        if (cx.suppressed || cy.suppressed) return;
        if (!contains) {
          expect(cy).toEqual(cx);
          unchanged++;
          return;
        }
        // Cells of options the response did not choose keep their count.
        const v = added.values[d.columnKey];
        const chosen = new Set(Array.isArray(v) ? v : v === null || v === undefined ? [] : [String(v)]);
        cx.stats.options.forEach((o, k) => {
          if (!chosen.has(o.code) && d.kind !== 'text') expect(cy.stats.options[k]!.count).toBe(o.count);
        });
        changed++;
      });
    }
    expect(unchanged).toBeGreaterThan(0);
    expect(changed).toBeGreaterThan(0);
    void added;
  });

  it('a cell key is the sum of its members’ keys modulo 2³²', () => {
    const keys = Uint32Array.from([0xffffffff, 5, 0x80000000, 7, 9]);
    const bits = Uint32Array.from([0b10111]);
    expect(keySum(keys, bits, 0, 5)).toBe((0xffffffff + 5 + 0x80000000 + 9) % 4294967296);
    expect(keySum(keys, bits, 1, 3)).toBe((5 + 0x80000000) % 4294967296);
  });
  it('weighted reports: counts are the unweighted cell-key counts, weighted numbers follow them, weights of 1 change nothing', () => {
    const { cube, catalog, specs } = setup(11);
    const benchmarks = someBenchmarks(catalog, 1100, 3);
    const input = { dataLocations: specs, benchmarks, filters: catalog, report: report(), granularity: 'month' as const };
    const plain = computeReportData(cube, input);
    const ones = computeReportData(cube, { ...input, weights: new Float32Array(cube.rowCount).fill(1) });
    const rng = prng(12);
    const weights = Float32Array.from({ length: cube.rowCount }, () => 0.4 + rng.next() * 1.2);
    const weighted = computeReportData(cube, { ...input, weights });
    let seen = 0;
    plain.dataLocations.forEach((d, i) => {
      d.benchmarks.forEach((b, j) => {
        const pairs: [GroupResult, GroupResult, GroupResult][] = [[b, ones.dataLocations[i]!.benchmarks[j]!, weighted.dataLocations[i]!.benchmarks[j]!]];
        (b.buckets ?? []).forEach((t, k) => pairs.push([t, ones.dataLocations[i]!.benchmarks[j]!.buckets![k]!, weighted.dataLocations[i]!.benchmarks[j]!.buckets![k]!]));
        for (const [p, o, w] of pairs) {
          expect(o.suppressed).toBe(p.suppressed);
          expect(w.suppressed).toBe(p.suppressed);
          if (p.suppressed || o.suppressed || w.suppressed) continue;
          seen++;
          // People: the same perturbed counts whatever the weights.
          expect(counts(w.stats)).toEqual(counts(p.stats));
          expect(counts(o.stats)).toEqual(counts(p.stats));
          // Weights of 1: the weighted numbers are the unweighted perturbed ones.
          expect(o.stats.weightedBase).toBeCloseTo(p.stats.base, 6);
          o.stats.options.forEach((x, k) => expect(x.percentage ?? 0).toBeCloseTo(p.stats.options[k]!.percentage ?? 0, 6));
          if (p.stats.mean !== null && d.kind === 'single') expect(o.stats.mean!).toBeCloseTo(p.stats.mean, 6);
          // Weighted: a count of 0 has weight 0, shares come from the perturbed weighted counts.
          for (const x of w.stats.options) {
            if (x.count === 0) expect(x.weightedCount).toBe(0);
            if (w.stats.weightedBase! > 0 && w.stats.nMethod !== 'answers') expect(x.percentage!).toBeCloseTo((x.weightedCount! / w.stats.weightedBase!) * 100, 9);
          }
        }
      });
    });
    expect(seen).toBeGreaterThan(50);
  });
});
