import { describe, expect, it } from 'vitest';
import { CubeBuilder } from '../../src/server/analytics';
import type { weightingSchemes } from '../../src/server/db/schema';
import { AppError } from '../../src/server/errors';
import { weightsFor } from '../../src/server/services/report-data/report-weighting';

type SchemeRow = typeof weightingSchemes.$inferSelect;

function cube() {
  const b = new CubeBuilder(7, 3, [{ key: 'geslacht', kind: 'single', options: [{ code: 'M' }, { code: 'V' }, { code: 'X' }] }]);
  // 2 M, 6 V: weighting to 50/50 gives M 2.0 and V 0.667.
  for (let id = 1; id <= 8; id++) {
    b.setDay(id, 20_000 + id);
    b.setValue(id, 'geslacht', id <= 2 ? 'M' : 'V');
  }
  return b.build().cube;
}

/** A scheme row as the data call reads it: a new object per request. */
const row = (targets: Record<string, number>, over: Partial<SchemeRow> = {}) =>
  ({
    id: 1,
    surveyId: 7,
    name: 'Geslacht',
    startDate: null,
    endDate: null,
    method: 'rake',
    targetsAre: 'shares',
    variables: [{ column_key: 'geslacht', targets }],
    cellTargets: null,
    trimLower: null,
    trimUpper: null,
    maxIterations: 100,
    tolerance: 1e-10,
    ...over,
  }) as SchemeRow;

describe("a report's weights (report-weighting.ts)", () => {
  it('are computed once per cube and scheme: every data call of the isolate gets the same array', () => {
    const c = cube();
    const first = weightsFor(c, row({ M: 0.5, V: 0.5 }))!;
    expect(Array.from(first, (w) => Math.round(w * 1000) / 1000)).toEqual([2, 2, 0.667, 0.667, 0.667, 0.667, 0.667, 0.667]);
    expect(weightsFor(c, row({ M: 0.5, V: 0.5 }))).toBe(first);
    // Another scheme definition (an edited scheme) is computed anew.
    expect(weightsFor(c, row({ M: 0.4, V: 0.6 }))).not.toBe(first);
  });

  it('are none without a scheme or for a cube of another survey', () => {
    expect(weightsFor(cube(), null)).toBeNull();
    expect(weightsFor(cube(), row({ M: 0.5, V: 0.5 }, { surveyId: 8 }))).toBeNull();
  });

  it('a scheme the responses cannot be weighted with is a 422 naming the scheme, never unweighted numbers', () => {
    const c = cube();
    for (const scheme of [row({ M: 0.4, V: 0.4, X: 0.2 }), row({ A: 1 }, { variables: [{ column_key: 'bestaatniet', targets: { A: 1 } }] })]) {
      let error: unknown = null;
      try {
        weightsFor(c, scheme);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('VALIDATION');
      expect((error as AppError).errors?.weighting_id?.[0]).toMatch(/^De weging 'Geslacht' kan op de huidige respons niet berekend worden: /);
    }
  });
});
