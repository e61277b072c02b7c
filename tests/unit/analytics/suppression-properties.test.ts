import { describe, expect, it } from 'vitest';
import { type GroupResult, OTHER_CODE, type ReportDataInput, computeReportData } from '../../../src/server/analytics';
import { bruteBuckets, bruteMembers, bruteRange, bruteStats, clean, textDictionary } from './brute-force';
import { buildCube } from './feed';
import { generateBenchmarks, generateCatalog, generateDataLocations, generateDataset, prng } from './generate';
import type { RawResponse } from './generate';

type Ids = Set<string>;
const ids = (rs: RawResponse[]) => new Set(rs.map((r) => r.id));

/** A and B nested with 0 < |A △ B| < m: subtracting one from the other reveals a group below min_n. */
function leaks(a: Ids, b: Ids, m: number): boolean {
  const [small, big] = a.size <= b.size ? [a, b] : [b, a];
  for (const x of small) if (!big.has(x)) return false;
  const diff = big.size - small.size;
  return diff > 0 && diff < m;
}

describe('suppression properties on random data (brute-force sets)', () => {
  it('never releases a small group, and no two released or obtainable nested groups differ by fewer than min_n', () => {
    let checked = 0;
    for (let seed = 1; seed <= 10; seed++) {
      const ds = generateDataset(500 + seed, 220 + seed * 20, 8);
      const rng = prng(seed * 31);
      const cube = buildCube(ds, rng);
      const byKey = new Map(ds.defs.map((d) => [d.key, d]));
      for (let round = 0; round < 15; round++) {
        const catalog = generateCatalog(rng, ds.defs, rng.int(1, 3));
        const minN = rng.int(2, 25);
        const report = { startDay: null, endDay: null, minN };
        const granularity = rng.pick([null, 'month', 'quarter'] as const);
        const input: ReportDataInput = {
          dataLocations: generateDataLocations(rng, ds.defs, 3),
          benchmarks: generateBenchmarks(rng, ds, catalog, rng.int(1, 4)),
          filters: catalog,
          report,
          granularity,
        };
        const out = computeReportData(cube, input);
        input.dataLocations.forEach((spec, di) => {
          const def = byKey.get(spec.columnKey)!;
          const answered = (rs: RawResponse[]) => rs.filter((r) => clean(def, r.values[def.key]) !== null);
          const released: { members: RawResponse[]; range: [number, number] }[] = [];
          const check = (cell: GroupResult, members: RawResponse[], range: [number, number]) => {
            if (cell.suppressed) return;
            expect(members.length).toBeGreaterThanOrEqual(minN);
            expect(answered(members).length).toBeGreaterThanOrEqual(minN);
            const want = bruteStats(ds, members, spec).counts;
            if (def.kind !== 'text') expect(cell.stats.options.map((o) => o.count)).toEqual(want);
            else {
              // Short text (short-text.ts): listed values keep their count, the rest sum into __other__; all 0 or ≥ min_n.
              const dict = textDictionary(ds, def.key);
              const listed = cell.stats.options.filter((o) => o.code !== OTHER_CODE);
              for (const o of listed) expect(o.count).toBe(want[dict.indexOf(o.code)]);
              const rest = want.reduce((n, c, i) => (listed.some((o) => o.code === dict[i]) ? n : n + c), 0);
              expect(cell.stats.options.find((o) => o.code === OTHER_CODE)?.count ?? 0).toBe(rest);
              for (const o of cell.stats.options) expect(o.count === 0 || o.count >= minN).toBe(true);
            }
            released.push({ members, range });
          };
          input.benchmarks.forEach((b, bi) => {
            const range = bruteRange(ds, b, report);
            const members = bruteMembers(ds, catalog, range, b.filterOptionIds);
            const cell = out.dataLocations[di]!.benchmarks[bi]!;
            check(cell, members, range);
            if (!cell.suppressed) {
              // Groups anyone can obtain with one edit of this benchmark.
              const chosen = catalog.filter((c) => c.options.some((o) => b.filterOptionIds.includes(o.id)));
              const refs = [bruteMembers(ds, catalog, range, [])];
              if (chosen.length > 1) for (const c of chosen) refs.push(bruteMembers(ds, catalog, range, b.filterOptionIds.filter((id) => !c.options.some((o) => o.id === id))));
              for (const c of chosen) {
                const mine = c.options.filter((o) => b.filterOptionIds.includes(o.id));
                if (mine.length > 1) for (const o of mine) refs.push(bruteMembers(ds, catalog, range, b.filterOptionIds.filter((id) => id !== o.id)));
              }
              for (const ref of refs) {
                if (ref.length < minN) continue;
                expect(leaks(ids(members), ids(ref), minN), `seed ${seed} round ${round} ref`).toBe(false);
                expect(leaks(ids(answered(members)), ids(answered(ref)), minN)).toBe(false);
              }
            }
            if (!granularity) return;
            const periods = bruteBuckets(range[0], range[1], granularity);
            let releasedSum = 0;
            let releasedAnswered = 0;
            periods.forEach(([s, e], ti) => {
              const inBucket = members.filter((r) => r.day >= s && r.day <= e);
              const t = cell.buckets![ti]!;
              check(t, inBucket, [s, e]);
              if (!t.suppressed) (releasedSum += inBucket.length), (releasedAnswered += answered(inBucket).length);
              checked++;
            });
            if (!cell.suppressed && periods.length) {
              const residue = members.length - releasedSum;
              const residueAnswered = answered(members).length - releasedAnswered;
              expect(residue === 0 || residue >= minN, `seed ${seed} round ${round} bucket residue ${residue}`).toBe(true);
              expect(residueAnswered === 0 || residueAnswered >= minN).toBe(true);
            }
          });
          for (let i = 0; i < released.length; i++) {
            for (let j = i + 1; j < released.length; j++) {
              const a = released[i]!;
              const b = released[j]!;
              if (a.range[1] < b.range[0] || b.range[1] < a.range[0]) continue;
              expect(leaks(ids(a.members), ids(b.members), minN), `seed ${seed} round ${round} pair`).toBe(false);
              expect(leaks(ids(answered(a.members)), ids(answered(b.members)), minN)).toBe(false);
              checked++;
            }
          }
        });
      }
    }
    expect(checked).toBeGreaterThan(1000);
  }, 60_000);
});
