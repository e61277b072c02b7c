import { describe, expect, it } from 'vitest';
import { maxEntropy } from '../../../../src/server/analytics/cellkey/maxent';
import { noiseOf, pRow, perturbCount } from '../../../../src/server/analytics/cellkey/ptable';
import { PTABLE_D, PTABLE_ROWS, PTABLE_V } from '../../../../src/server/analytics/cellkey/ptable-data';
import { generate } from '../../../../scripts/cellkey-ptable';
import { readFileSync } from 'node:fs';

const MS = [5, 6, 10, 11, 25, 100];
const TWO32 = 4294967296;

/** The row of n under m as (noise → probability). */
function row(n: number, m: number): Map<number, number> {
  const r = pRow(n, m);
  return new Map(r.p.map((p, i) => [r.lo + i, p] as [number, number]).filter(([, p]) => p > 0));
}

describe('p-table (docs/perturbation.md)', () => {
  it('is the generator’s output (committed data is reproducible)', () => {
    expect(readFileSync(new URL('../../../../src/server/analytics/cellkey/ptable-data.ts', import.meta.url), 'utf8')).toBe(generate());
    expect([PTABLE_D, PTABLE_V]).toEqual([5, 1.5]);
  });

  it.each(MS)('m = %i: never 1 … m−1, zero stays zero, mean 0, |noise| ≤ D from m on, designed variance', (m) => {
    for (let n = 0; n <= m + 3 * PTABLE_D; n++) {
      const r = row(n, m);
      const total = [...r.values()].reduce((s, p) => s + p, 0);
      expect(Math.abs(total - 1)).toBeLessThan(1e-12);
      const mean = [...r].reduce((s, [d, p]) => s + d * p, 0);
      expect(Math.abs(mean), `mean noise of n=${n}`).toBeLessThan(1e-12);
      for (const d of r.keys()) {
        const out = n + d;
        expect(out === 0 || out >= m, `n=${n} → ${out}`).toBe(true);
        if (n >= m) expect(Math.abs(d)).toBeLessThanOrEqual(PTABLE_D);
        else if (n > 0) expect([0, m]).toContain(out);
      }
      if (n === 0) expect([...r]).toEqual([[0, 1]]);
      const variance = [...r].reduce((s, [d, p]) => s + d * d * p, 0);
      if (n >= m + 1) expect(variance).toBeCloseTo(PTABLE_V, 10);
      if (n > 0 && n < m) expect(variance).toBeCloseTo(n * (m - n), 8);
    }
  });

  it('rows are maximum-entropy: no other mean-0, variance-V distribution on the support has more entropy (random perturbations)', () => {
    const H = (p: number[]) => -p.reduce((s, x) => s + (x > 0 ? x * Math.log(x) : 0), 0);
    for (const r of PTABLE_ROWS.slice(1)) {
      const p = [...r.p];
      const base = H(p);
      const n = p.length;
      // Directions that keep total, mean and variance: orthogonal to (1, d, d²).
      for (let t = 0; t < 50; t++) {
        const v = Array.from({ length: n }, (_, i) => Math.sin(i * (t + 1) * 1.7 + t));
        const basis = [Array.from({ length: n }, () => 1), Array.from({ length: n }, (_, i) => r.lo + i), Array.from({ length: n }, (_, i) => (r.lo + i) ** 2)];
        // Gram–Schmidt the constraint vectors, then project them out of v.
        const ortho: number[][] = [];
        for (const b of basis) {
          let u = [...b];
          for (const o of ortho) {
            const k = u.reduce((s, x, i) => s + x * o[i]!, 0);
            u = u.map((x, i) => x - k * o[i]!);
          }
          const len = Math.hypot(...u);
          ortho.push(u.map((x) => x / len));
        }
        for (const o of ortho) {
          const k = v.reduce((s, x, i) => s + x * o[i]!, 0);
          for (let i = 0; i < n; i++) v[i] = v[i]! - k * o[i]!;
        }
        const q = p.map((x, i) => x + 1e-4 * v[i]!);
        if (q.some((x) => x < 0)) continue;
        expect(H(q)).toBeLessThanOrEqual(base + 1e-12);
      }
    }
  });

  it('the solver hits mean and variance on any support', () => {
    const p = maxEntropy(-2, 5, 2.5);
    expect(p.reduce((s, x, i) => s + x * (i - 2), 0)).toBeCloseTo(0, 14);
    expect(p.reduce((s, x, i) => s + x * (i - 2) ** 2, 0)).toBeCloseTo(2.5, 12);
    expect(() => maxEntropy(-1, 1, 5)).toThrow();
  });

  it('lookup by cell key follows the row probabilities (key intervals) and is consistent', () => {
    for (const [n, m] of [[3, 10], [10, 10], [11, 10], [12, 10], [50, 10], [7, 5]] as const) {
      const r = pRow(n, m);
      const hits = new Map<number, number>();
      const steps = 20_000;
      for (let i = 0; i < steps; i++) {
        const key = Math.floor(((i + 0.5) / steps) * TWO32);
        const d = noiseOf(n, m, key);
        hits.set(d, (hits.get(d) ?? 0) + 1);
      }
      r.p.forEach((p, i) => expect(Math.abs((hits.get(r.lo + i) ?? 0) / steps - p)).toBeLessThan(1e-3));
    }
    expect(perturbCount(0, 10, 123456)).toBe(0);
    expect(perturbCount(10, 10, 4294967295)).toBe(10);
  });
});
