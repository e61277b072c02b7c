import { differenceCiede2000, filterDeficiencyDeuter, filterDeficiencyProt, parse } from 'culori';
import { describe, expect, it } from 'vitest';
import { BENCHMARK_COLORS, schemeColors } from '../../src/shared/chart/colors';
import { NPS_COLORS } from '../../src/shared/chart/svg/panels';
import { COLOR_SCHEMES } from '../../src/shared/lookups';

/**
 * Issue 18, colours with meaning: every palette stays readable with deuteranopia (the most common
 * colour blindness), simulated with the Machado, Oliveira & Fernandes (2009) matrix at full
 * severity (culori's filterDeficiencyDeuter), distances in CIEDE2000 (ΔE00; about 2 is just
 * noticeable, 10 is clearly different at a glance).
 *
 * Thresholds: qualitative palettes (benchmarks, loopable schemes): every pair ≥ 10. Answer scales
 * (stretched to the number of answers, as the charts do): neighbours ≥ 8 for 2–7 answers, ≥ 4.5
 * for 10–11 answers (1–10 grades, 0–10), where the whole range has to be shared by ten steps.
 */
const deuter = filterDeficiencyDeuter(1);
const prot = filterDeficiencyProt(1);
const de = differenceCiede2000();
const distance = (sim: typeof deuter, a: string, b: string) => de(sim(parse(a)!), sim(parse(b)!));

function minPair(colors: readonly string[], sim = deuter): number {
  let min = Infinity;
  for (let i = 0; i < colors.length; i++) for (let j = i + 1; j < colors.length; j++) min = Math.min(min, distance(sim, colors[i]!, colors[j]!));
  return min;
}
const minNeighbour = (colors: readonly string[]) => Math.min(...colors.slice(1).map((c, i) => distance(deuter, colors[i]!, c)));

/** Minimum ΔE00 per palette, printed for the README (npx vitest run tests/unit/palettes.test.ts). */
const figures: Record<string, string> = {};
const record = (name: string, value: number) => (figures[name] = Math.min(value, Number(figures[name] ?? Infinity)).toFixed(1));

describe('palettes under deuteranopia (Machado 2009, CIEDE2000)', () => {
  it('the benchmark palette: every pair ≥ 10 (and ≥ 10 with protanopia), no red or green', () => {
    record('benchmarks', minPair(BENCHMARK_COLORS));
    expect(minPair(BENCHMARK_COLORS)).toBeGreaterThanOrEqual(10);
    expect(minPair(BENCHMARK_COLORS, prot)).toBeGreaterThanOrEqual(10);
    for (const c of BENCHMARK_COLORS) {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)) as [number, number, number];
      // Pure reds and greens: one channel dominating the other two.
      expect(r > 150 && g < 90 && b < 90, `${c} is red`).toBe(false);
      expect(g > 120 && r < 90 && b < 120, `${c} is green`).toBe(false);
    }
  });

  for (const scheme of COLOR_SCHEMES.filter((s) => s.loopable)) {
    it(`qualitative scheme '${scheme.name}': every pair ≥ 10`, () => {
      record(scheme.name, minPair(scheme.colors));
      expect(minPair(scheme.colors)).toBeGreaterThanOrEqual(10);
    });
  }

  for (const scheme of COLOR_SCHEMES.filter((s) => !s.loopable)) {
    it(`answer scale '${scheme.name}': neighbours ≥ 8 for 2–7 answers, ≥ 4.5 for 10–11`, () => {
      for (const n of [2, 3, 4, 5, 6, 7]) {
        record(`${scheme.name} (2–7)`, minNeighbour(schemeColors(scheme.id, n)));
        expect(minNeighbour(schemeColors(scheme.id, n)), `${n} answers`).toBeGreaterThanOrEqual(8);
      }
      for (const n of [10, 11]) {
        record(`${scheme.name} (10–11)`, minNeighbour(schemeColors(scheme.id, n)));
        expect(minNeighbour(schemeColors(scheme.id, n)), `${n} answers`).toBeGreaterThanOrEqual(4.5);
      }
      // Its two ends read as opposites.
      expect(distance(deuter, scheme.colors[0]!, scheme.colors.at(-1)!)).toBeGreaterThanOrEqual(30);
    });
  }

  it('Net Promoter parts: detractors, passives and promoters ≥ 10 apart', () => {
    record('NPS', minPair(Object.values(NPS_COLORS)));
    expect(minPair(Object.values(NPS_COLORS))).toBeGreaterThanOrEqual(10);
  });

  it('prints the minimum per palette', () => {
    console.log(Object.entries(figures).map(([k, v]) => `${k}: ΔE00 ≥ ${v}`).join('\n'));
  });
});
