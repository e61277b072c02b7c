import { describe, expect, it } from 'vitest';
import { type Granularity, type ReportDataInput, computeFilterStates, computeReportData } from '../../../src/server/analytics';
import { bruteRange } from './brute-force';
import { type BruteRules, bruteEffectiveRange, bruteReleasable, bruteTrend, effectiveOf, periodOf } from './brute-neighbours';
import { buildCube } from './feed';
import { backgroundCatalog, generateCatalog, generateSparseDataset, prng } from './generate';

const GS: Granularity[] = ['day', 'week', 'month', 'quarter', 'year'];

/**
 * The engine's neighbour rule against the independent oracle (brute-neighbours.ts), on sparse
 * data with rare options and unfinished responses, under every date rule: single benchmarks are
 * released exactly when the oracle releases them; a released time bucket is always releasable
 * (the engine adds in-request rules on top); filter counts show exactly when their group could
 * be released.
 */
describe('neighbour rule: engine against the brute-force oracle', () => {
  it('decides benchmarks, buckets and filter counts like the oracle', () => {
    let wholes = 0;
    let buckets = 0;
    let neighbourHits = 0;
    let counts = 0;
    for (let seed = 1; seed <= 14; seed++) {
      const ds = generateSparseDataset(900 + seed, 150 + seed * 25, 4, { incomplete: 0.12 });
      const rng = prng(seed * 131);
      const cube = buildCube(ds, rng);
      for (let round = 0; round < 10; round++) {
        const catalog = rng.chance(0.7) ? backgroundCatalog() : generateCatalog(rng, ds.defs, 2);
        const G = rng.pick(GS);
        const dateFilter = rng.chance(0.5);
        const includeIncomplete = rng.chance(0.3);
        const minN = rng.int(5, 12);
        const report = { startDay: ds.firstDay + rng.int(0, 20), endDay: ds.lastDay - rng.int(0, 20), minN, dateFilter, dateGranularity: G, includeIncomplete };
        const rules: BruteRules = { dateFilter, G, reportRange: [report.startDay, report.endDay], includeIncomplete };
        const ids: number[] = [];
        for (const cat of catalog) {
          if (rng.chance(0.5)) continue;
          for (const o of cat.options) if (rng.chance(0.3)) ids.push(o.id);
        }
        const start = dateFilter && rng.chance(0.7) ? ds.firstDay + rng.int(0, 120) : null;
        const end = dateFilter && rng.chance(0.7) ? (start ?? ds.firstDay) + rng.int(0, 300) : null;
        const trend = rng.chance(0.6) ? rng.pick(GS) : null;
        const columns = [rng.pick(ds.defs).key, rng.pick(ds.defs).key];
        const input: ReportDataInput = {
          dataLocations: columns.map((columnKey, i) => ({ id: i, columnKey })),
          benchmarks: [{ label: 'A', start, end, filterOptionIds: ids }],
          filters: catalog,
          report,
          granularity: trend,
        };
        const out = computeReportData(cube, input);
        const range = bruteEffectiveRange(bruteRange(ds, { start, end }, report), rules);
        expect([out.benchmarks[0]!.startDay, out.benchmarks[0]!.endDay], `seed ${seed} round ${round}`).toEqual(range);
        const groupPass = effectiveOf(ds, null);
        columns.forEach((key, di) => {
          const loc = out.dataLocations[di]!;
          const cell = loc.benchmarks[0]!;
          const eff = effectiveOf(ds, key);
          const want = bruteReleasable(ds, catalog, { range, ids }, minN, rules, groupPass) && bruteReleasable(ds, catalog, { range, ids }, minN, rules, eff);
          expect(!cell.suppressed, `seed ${seed} round ${round} dl ${key}: whole`).toBe(want);
          wholes++;
          if (!trend) return;
          const g = bruteTrend(trend, rules);
          expect(loc.granularity).toBe(g);
          for (const t of cell.buckets ?? []) {
            expect(t.startDay).toBeGreaterThanOrEqual(periodOf(t.startDay, g)[0]);
            const def = { range: [t.startDay, t.endDay] as [number, number], ids, bucketOf: g };
            const ok = bruteReleasable(ds, catalog, def, minN, rules, groupPass) && bruteReleasable(ds, catalog, def, minN, rules, eff);
            if (!t.suppressed) expect(ok, `seed ${seed} round ${round} bucket ${t.startDay}–${t.endDay}`).toBe(true);
            if (!ok && t.suppressed && t.reason === 'differencing') neighbourHits++;
            buckets++;
          }
        });
        // Filter counts for the benchmark being edited.
        const states = computeFilterStates(cube, catalog, input.benchmarks[0]!, report, { minN });
        for (const st of states) {
          const cat = catalog.find((c) => c.id === st.categoryId)!;
          const others = ids.filter((id) => !cat.options.some((o) => o.id === id));
          const can = (list: number[]) => bruteReleasable(ds, catalog, { range, ids: list }, minN, rules, groupPass);
          expect(st.combinedCount !== null, `seed ${seed} round ${round} option ${st.optionId} combined`).toBe(!st.risky && can([...others, st.optionId]));
          expect(st.soloCount !== null, `seed ${seed} round ${round} option ${st.optionId} solo`).toBe(can([st.optionId]));
          counts++;
        }
      }
    }
    expect(wholes).toBeGreaterThan(200);
    expect(buckets).toBeGreaterThan(300);
    expect(neighbourHits).toBeGreaterThan(10);
    expect(counts).toBeGreaterThan(1000);
  }, 120_000);
});
