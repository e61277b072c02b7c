import { type Cube, CubeBuilder } from '../../../src/server/analytics';
import type { Dataset, Rng } from './generate';

/** Feeds a dataset to the builder column by column in a shuffled order, days last (as a narrow-table reader would). */
export function buildCube(ds: Dataset, rng: Rng, surveyId = 1, version = 1): Cube {
  const b = new CubeBuilder(surveyId, version, ds.defs);
  const order = ds.responses.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  for (const def of ds.defs) {
    for (const i of order) {
      const r = ds.responses[i]!;
      const v = r.values[def.key];
      if (Array.isArray(v)) {
        if (v.length === 0) b.markAnswered(r.id, def.key);
        for (const code of v) b.setValue(r.id, def.key, code);
      } else b.setValue(r.id, def.key, v);
    }
  }
  for (const i of order) b.setDay(ds.responses[i]!.id, ds.responses[i]!.day, ds.responses[i]!.complete !== false);
  return b.build().cube;
}
