/**
 * The survey and report the weighting and cell-key speed benches share: 30 questions (single
 * choice, NPS, multiple choice, numeric) and age, sex and district skewed as a burgerpeiling's
 * respondents are, a raked scheme on those three, and the 30-data-location × 4-benchmark report
 * (filters on age, district and sex, one dated benchmark). `--small`: 100,000 respondents only.
 */
import { type ColumnDef, type Cube, CubeBuilder, type ReportDataInput } from '../../src/server/analytics';
import { seeded } from './_prelude';

const FIRST_DAY = 20_000;
const SPAN = 730;
const AGES = ['18-24', '25-34', '35-49', '50-64', '65-74', '75+'];
const SEXES = ['M', 'V', 'X'];
const DISTRICTS = ['Noord', 'Oost', 'Zuid', 'West', 'Centrum'];

export function build(rows: number): Cube {
  const { rand, int } = seeded(31);
  const defs: ColumnDef[] = [
    { key: 'leeftijd', kind: 'single', options: AGES.map((code) => ({ code })) },
    { key: 'geslacht', kind: 'single', options: SEXES.map((code) => ({ code })) },
    { key: 'wijk', kind: 'single', options: DISTRICTS.map((code) => ({ code })) },
  ];
  for (let q = 0; q < 20; q++) defs.push({ key: `q${q}`, kind: 'single', options: ['1', '2', '3', '4', '5'].map((code) => ({ code })) });
  for (let q = 20; q < 24; q++) defs.push({ key: `q${q}`, kind: 'single', options: Array.from({ length: 11 }, (_, i) => ({ code: String(i) })) });
  for (let q = 24; q < 28; q++) defs.push({ key: `q${q}`, kind: 'multi', options: ['SQ1', 'SQ2', 'SQ3', 'SQ4', 'SQ5'].map((code) => ({ code })) });
  for (let q = 28; q < 30; q++) defs.push({ key: `q${q}`, kind: 'numeric' });
  const b = new CubeBuilder(1, 1, defs);
  // Older people, women and one district over-represented, as a burgerpeiling's respondents are.
  const skew = (n: number) => Math.min(n - 1, Math.floor(Math.sqrt(rand()) * n));
  for (let id = 1; id <= rows; id++) {
    b.setDay(id, FIRST_DAY + int(0, SPAN));
    b.setValue(id, 'leeftijd', AGES[skew(AGES.length)]);
    b.setValue(id, 'geslacht', rand() < 0.04 ? 'X' : rand() < 0.56 ? 'V' : 'M');
    b.setValue(id, 'wijk', DISTRICTS[rand() < 0.3 ? 4 : int(0, 4)]);
    for (let q = 0; q < 20; q++) if (rand() > 0.05) b.setValue(id, `q${q}`, String(int(1, 5)));
    for (let q = 20; q < 24; q++) if (rand() > 0.05) b.setValue(id, `q${q}`, String(int(0, 10)));
    for (let q = 24; q < 28; q++) for (const o of ['SQ1', 'SQ2', 'SQ3', 'SQ4', 'SQ5']) if (rand() < 0.3) b.setValue(id, `q${q}`, o);
    for (let q = 28; q < 30; q++) if (rand() > 0.1) b.setValue(id, `q${q}`, int(0, 80));
  }
  return b.build().cube;
}

export const scheme = {
  method: 'rake' as const,
  targetsAre: 'shares' as const,
  variables: [
    { columnKey: 'leeftijd', targets: Object.fromEntries(AGES.map((a, i) => [a, [0.12, 0.17, 0.24, 0.23, 0.14, 0.1][i]!])) },
    { columnKey: 'geslacht', targets: { M: 0.49, V: 0.5, X: 0.01 } },
    { columnKey: 'wijk', targets: { Noord: 0.22, Oost: 0.2, Zuid: 0.26, West: 0.18, Centrum: 0.14 } },
  ],
  startDay: null,
  endDay: null,
};

const locations: ReportDataInput['dataLocations'] = [
  ...Array.from({ length: 16 }, (_, q) => ({ id: `s${q}`, columnKey: `q${q}`, boxSize: 2 })),
  ...[20, 21, 22, 23].map((q) => ({ id: `n${q}`, columnKey: `q${q}`, nps: true })),
  ...[24, 25, 26, 27].map((q, i) => ({ id: `m${q}`, columnKey: `q${q}`, nMethod: (['respondents', 'answers', 'total', 'respondents'] as const)[i] })),
  ...[28, 29].map((q) => ({ id: `v${q}`, columnKey: `q${q}` })),
  ...[16, 17, 18, 19].map((q) => ({ id: `x${q}`, columnKey: `q${q}` })),
];
const eq = (columnKey: string, value: string) => ({ columnKey, comparator: 'equal' as const, value });
export const input: ReportDataInput = {
  dataLocations: locations,
  benchmarks: [
    { label: 'A', filterOptionIds: [] },
    { label: 'B', filterOptionIds: [10, 11] },
    { label: 'C', filterOptionIds: [20, 31] },
    { label: 'D', start: FIRST_DAY + 365, end: FIRST_DAY + SPAN, filterOptionIds: [22] },
  ],
  filters: [
    { id: 1, options: AGES.map((a, i) => ({ id: 10 + i, categoryId: 1, conditions: [eq('leeftijd', a)] })) },
    { id: 2, options: DISTRICTS.map((d, i) => ({ id: 20 + i, categoryId: 2, conditions: [eq('wijk', d)] })) },
    { id: 3, options: SEXES.map((g, i) => ({ id: 30 + i, categoryId: 3, conditions: [eq('geslacht', g)] })) },
  ],
  report: { startDay: FIRST_DAY, endDay: FIRST_DAY + SPAN, minN: 10 },
  accuracy: { populationSize: 250_000, confidenceLevel: 95 },
};

export const time = (fn: () => void) => {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
};

export const SIZES = process.argv.includes('--small') ? [100_000] : [100_000, 1_000_000];

/**
 * The report with benchmarks B, C and D on filters of run i (0 … 5 all different from each other
 * and from `input`'s): groups no request has asked for yet, so nothing of them is cached.
 */
export function freshInput(i: number): ReportDataInput {
  const [a, b, c] = [AGES.length, DISTRICTS.length, SEXES.length];
  return {
    ...input,
    benchmarks: [
      input.benchmarks[0]!,
      { label: 'B', filterOptionIds: [10 + (i % a)] },
      { label: 'C', filterOptionIds: [20 + ((i + 1) % b), 30 + ((i + 2) % c)] },
      { label: 'D', start: FIRST_DAY + 300 + i, end: FIRST_DAY + SPAN, filterOptionIds: [20 + ((i + 3) % b)] },
    ],
  };
}
