import { describe, expect, it } from 'vitest';
import { planeCodes, planeHistogram } from '../../../src/server/analytics';
import { planeMatch, toPlanes } from '../../../src/server/analytics/planes';
import { cubeSizeProblem, largestSurvey } from '../../../src/server/services/analytics/cube-limit';
import { prng } from './generate';

describe('bit-sliced codes (cube format 4)', () => {
  it('counts every code like a plain loop, for 0 … 300 codes (unrolled, tree and per-row paths)', () => {
    const rand = prng(7).next;
    for (const max of [0, 1, 2, 3, 5, 7, 11, 15, 16, 31, 40, 63, 64, 300]) {
      const rows = 1000 + Math.floor(rand() * 200);
      const codes = Array.from({ length: rows }, () => (rand() < 0.2 ? 0 : Math.floor(rand() * (max + 1))));
      const planes = toPlanes(rows, max, (r) => codes[r]!);
      expect([...planeCodes(planes, rows)]).toEqual(codes);
      const bits = new Uint32Array((rows + 31) >>> 5);
      for (let r = 0; r < rows; r++) if (rand() < 0.6) bits[r >>> 5]! |= 1 << (r & 31);
      for (const [lo, hi] of [[0, rows], [37, rows - 5], [64, 96], [10, 10], [33, 34]] as [number, number][]) {
        const want = new Array<number>(1 << planes.length).fill(0);
        for (let r = lo; r < hi; r++) if (bits[r >>> 5]! & (1 << (r & 31))) want[codes[r]!]!++;
        expect([...planeHistogram(planes, bits, lo, hi)], `max ${max} [${lo}, ${hi})`).toEqual(want);
      }
      const all = new Array<number>(1 << planes.length).fill(0);
      for (const c of codes) all[c]!++;
      expect([...planeHistogram(planes, null, 0, rows)]).toEqual(all);
      const match = new Uint8Array(1 << planes.length).map(() => (rand() < 0.4 ? 1 : 0));
      const hit = planeMatch(planes, rows, match);
      for (let r = 0; r < rows; r++) expect(((hit[r >>> 5]! >>> (r & 31)) & 1) === 1, `max ${max} row ${r}`).toBe(match[codes[r]!] === 1);
      expect(hit[hit.length - 1]! >>> (rows & 31 || 32)).toBe(0);
    }
  });
});

describe('the size limit of a survey (cube-limit.ts)', () => {
  const defs = [
    ...Array.from({ length: 40 }, (_, i) => ({ key: `s${i}`, kind: 'single' as const, options: [1, 2, 3, 4, 5].map((c) => ({ code: String(c) })) })),
    ...Array.from({ length: 10 }, (_, i) => ({ key: `n${i}`, kind: 'numeric' as const })),
  ];
  it('lets a survey below the limit through and refuses a larger one in Dutch', () => {
    const max = largestSurvey(defs);
    expect(max).toBeGreaterThan(1_000_000);
    expect(cubeSizeProblem(defs, max - 1000)).toBeNull();
    const message = cubeSizeProblem(defs, max * 2);
    expect(message).toMatch(/^Deze vragenlijst is te groot om te analyseren: .* Splits de vragenlijst, bijvoorbeeld per jaar/);
    expect(cubeSizeProblem(defs, max + 5000, true)).toMatch(/meer dan/);
  });
});
