import { describe, expect, it } from 'vitest';
import { CubeBuilder, computeReportData, marginOfError, meanMarginOfError } from '../../../src/server/analytics';
import { marginOfError as accuracyScreenMargin } from '../../../src/server/services/surveys/accuracy';

// Hand-computed: 100 · z · √(p(1−p)/n) · √((N−n)/(N−1)), z = 1.6449 / 1.9600 / 2.5758.
// n = 1,359 at p = 0.5 and n = 400 at p = 0.3, without and with N = 41,250 (the demo survey).
const CASES: [level: number, N: number | null, worst1359: number, p30at400: number][] = [
  [90, null, 2.2309, 3.7688],
  [90, 41_250, 2.1939, 3.7506],
  [95, null, 2.6583, 4.4908],
  [95, 41_250, 2.6142, 4.4691],
  [99, null, 3.4936, 5.902],
  [99, 41_250, 3.4356, 5.8734],
];

describe('margin of error (one function for data, hover, PDF, public page, assistant and the survey screen)', () => {
  it.each(CASES)('at %i %% with population %s', (level, N, worst, p30) => {
    const acc = { populationSize: N, confidenceLevel: level };
    expect(marginOfError(1359, acc)).toBeCloseTo(worst, 3);
    expect(marginOfError(400, acc, 0.3)).toBeCloseTo(p30, 3);
    expect(accuracyScreenMargin(1359, N, level)).toBe(Math.round(worst * 10) / 10);
  });

  it('is 0 when everyone answered, null without answers; the mean margin is z·sd·fpc/√n', () => {
    expect(marginOfError(500, { populationSize: 500, confidenceLevel: 95 })).toBe(0);
    expect(marginOfError(0, undefined)).toBeNull();
    expect(meanMarginOfError(2, 100, { confidenceLevel: 95 })).toBeCloseTo((1.959964 * 2) / 10, 5);
    expect(meanMarginOfError(2, 100, { confidenceLevel: 99, populationSize: 1000 })).toBeCloseTo(((2.575829 * 2) / 10) * Math.sqrt(900 / 999), 5);
    expect(meanMarginOfError(2, 1, undefined)).toBeNull();
  });

  it('reaches the report data per benchmark and per option with the survey settings', () => {
    const b = new CubeBuilder(1, 1, [{ key: 'q', kind: 'single', options: [{ code: 'ja' }, { code: 'nee' }] }]);
    for (let i = 0; i < 400; i++) b.setDay(i, 20_000).setValue(i, 'q', i < 120 ? 'ja' : 'nee');
    const out = computeReportData(b.build().cube, {
      dataLocations: [{ id: 1, columnKey: 'q' }],
      benchmarks: [{ label: 'A', filterOptionIds: [] }],
      filters: [],
      report: { minN: 10 },
      accuracy: { populationSize: 41_250, confidenceLevel: 95 },
    });
    const cell = out.dataLocations[0]!.benchmarks[0]!;
    if (cell.suppressed) throw new Error('suppressed');
    expect(cell.stats.marginOfError).toBeCloseTo(100 * 1.959964 * Math.sqrt(0.25 / 400) * Math.sqrt(40_850 / 41_249), 3);
    expect(cell.stats.options[0]!.marginOfError).toBeCloseTo(4.4691, 3);
  });
});
