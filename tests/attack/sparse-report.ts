import { type Cube, CubeBuilder, type FilterCategory, type Granularity } from '../../src/server/analytics';
import type { AttackSetup } from './attacker';
import { type Rng, seeded } from './attacker';

/**
 * Generated survey data for the attacker: a steady flow of a few responses a day with busy weeks
 * and empty stretches (sparse days: most days hold 0 … 10 people), background answers with a rare
 * option (2–3 %) and a few blanks, unfinished responses, and three questions (single choice,
 * multiple choice, a 0–10 score).
 */
export interface SparseData {
  cube: Cube;
  catalog: FilterCategory[];
  columns: string[];
  firstDay: number;
  lastDay: number;
  /** Categories whose options overlap (on the multiple-choice question; `overlap` option of sparseData). */
  overlapping: number[];
  /** The same respondents as CSV rows for the portal's import (LimeSurvey question codes of the burgerpeiling). */
  rows: { id: number; submitdate: string; startdate: string; leeftijd: string; geslacht: string; wijk: string; tevredengemeente: string; problemen: string[]; aanbevelen: string }[];
}

function weighted<T>(rng: Rng, items: [T, number][]): T {
  let x = rng.next() * items.reduce((s, [, w]) => s + w, 0);
  for (const [v, w] of items) if ((x -= w) < 0) return v;
  return items[items.length - 1]![0];
}

/** `overlap`: a fourth filter category on the multiple-choice question (problemen), whose options overlap. */
export function sparseData(seed: number, respondents: number, lastDay: number, opts: { overlap?: boolean } = {}): SparseData {
  const rng = seeded(seed);
  const firstDay = lastDay - 400;
  // Response intensity per day: a steady flow, a few busy fieldwork weeks, and a few empty stretches.
  const weight = Array.from({ length: 401 }, () => 1);
  for (let k = rng.int(3, 6); k > 0; k--) {
    const at = rng.int(0, 390);
    for (let d = at; d < at + rng.int(5, 14); d++) if (d <= 400) weight[d] = 5;
  }
  for (let k = rng.int(2, 4); k > 0; k--) {
    const at = rng.int(0, 390);
    for (let d = at; d < at + rng.int(4, 20); d++) if (d <= 400) weight[d] = 0;
  }
  const cumulative: number[] = [];
  weight.reduce((s, w, i) => (cumulative[i] = s + w), 0);
  const total = cumulative[400]!;
  const pickDay = () => {
    const x = rng.next() * total;
    let i = 0;
    while (cumulative[i]! <= x) i++;
    return i;
  };
  const b = new CubeBuilder(1, 1, [
    { key: 'leeftijd', kind: 'single', options: ['A1', 'A2', 'A3', 'A4'].map((code) => ({ code })) },
    { key: 'geslacht', kind: 'single', options: ['M', 'V', 'X'].map((code) => ({ code })) },
    { key: 'wijk', kind: 'single', options: ['W1', 'W2', 'W3', 'W4', 'W5', 'W6'].map((code) => ({ code })) },
    { key: 'tevredengemeente', kind: 'single', options: ['1', '2', '3', '4', '5'].map((code) => ({ code })) },
    { key: 'problemen', kind: 'multi', options: ['SQ001', 'SQ002', 'SQ003'].map((code) => ({ code })) },
    { key: 'aanbevelen', kind: 'numeric' },
  ]);
  const rows: SparseData['rows'] = [];
  for (let i = 1; i <= respondents; i++) {
    const day = firstDay + pickDay();
    const complete = rng.chance(0.9);
    const row = {
      id: i,
      submitdate: complete ? `${new Date(day * 86_400_000).toISOString().slice(0, 10)} 12:00:00` : '',
      startdate: `${new Date(day * 86_400_000).toISOString().slice(0, 10)} 11:40:00`,
      leeftijd: weighted(rng, [['A1', 30], ['A2', 30], ['A3', 30], ['A4', 3], ['', 1]]),
      geslacht: weighted(rng, [['M', 48], ['V', 48], ['X', 3], ['', 2]]),
      wijk: weighted(rng, [['W1', 25], ['W2', 25], ['W3', 20], ['W4', 20], ['W5', 8], ['W6', 2]]),
      tevredengemeente: String(rng.int(1, 5)),
      problemen: ['SQ001', 'SQ002', 'SQ003'].filter(() => rng.chance(0.4)),
      aanbevelen: rng.chance(0.9) ? String(rng.int(0, 10)) : '',
    };
    rows.push(row);
    b.setDay(i, day, complete);
    for (const key of ['leeftijd', 'geslacht', 'wijk', 'tevredengemeente', 'aanbevelen'] as const) b.setValue(i, key, row[key]);
    if (row.problemen.length) for (const code of row.problemen) b.setValue(i, 'problemen', code);
    else b.markAnswered(i, 'problemen');
  }
  const eq = (columnKey: string, value: string) => [{ columnKey, comparator: 'equal' as const, value }];
  const cat = (id: number, key: string, codes: string[]): FilterCategory => ({ id, options: codes.map((code, k) => ({ id: id * 100 + k + 1, categoryId: id, conditions: eq(key, code) })) });
  return {
    cube: b.build().cube,
    catalog: [cat(1, 'leeftijd', ['A1', 'A2', 'A3', 'A4']), cat(2, 'wijk', ['W1', 'W2', 'W3', 'W4', 'W5', 'W6']), cat(3, 'geslacht', ['M', 'V', 'X']), ...(opts.overlap ? [cat(4, 'problemen', ['SQ001', 'SQ002', 'SQ003'])] : [])],
    overlapping: opts.overlap ? [4] : [],
    columns: ['tevredengemeente', 'problemen', 'aanbevelen'],
    firstDay,
    lastDay,
    rows,
  };
}

export function setupFor(data: SparseData, catalog: FilterCategory[], rules: { dateFilter: boolean; granularity: Granularity; minN?: number; benchmarkCount?: number; protection?: 'suppress' | 'cellkey' }): AttackSetup {
  return {
    categories: catalog.map((c) => ({ id: c.id, options: c.options.map((o) => o.id), ...(data.overlapping.includes(c.id) ? { overlapping: true } : {}) })),
    dateFilter: rules.dateFilter,
    granularity: rules.granularity,
    period: [data.firstDay + 30, data.lastDay],
    minN: rules.minN ?? 10,
    benchmarkCount: rules.benchmarkCount ?? 3,
    protection: rules.protection ?? 'suppress',
  };
}
