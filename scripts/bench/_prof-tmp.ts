import { CubeBuilder, computeReportData, type ColumnDef, type ReportDataInput } from '/work/main/src/server/analytics';
const N = Number(process.argv[2] ?? 100000);
let seed = 1; const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296);
const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
const defs: ColumnDef[] = [
  { key: 'age', kind: 'single', options: ['1','2','3','4','5'].map((code) => ({ code })) },
  { key: 'district', kind: 'text' },
];
for (let q = 0; q < 30; q++) defs.push(q % 3 === 0 ? { key: `q${q}`, kind: 'multi', options: ['a','b','c','d','e','f'].map((code)=>({code})) } : q % 3 === 1 ? { key: `q${q}`, kind: 'numeric' } : { key: `q${q}`, kind: 'single', options: ['1','2','3','4','5'].map((code) => ({ code })) });
const b = new CubeBuilder(1, 1, defs);
let t = performance.now();
for (let i = 0; i < N; i++) {
  b.setDay(i, 19500 + int(0, 700)).setValue(i, 'age', String(int(1,5))).setValue(i, 'district', ['N','Z','O','W'][int(0,3)]);
  for (let q = 0; q < 30; q++) {
    if (q % 3 === 0) { for (const c of ['a','b','c','d','e','f']) if (rand() < 0.3) b.setValue(i, `q${q}`, c); }
    else if (q % 3 === 1) b.setValue(i, `q${q}`, int(0, 100));
    else b.setValue(i, `q${q}`, String(int(1, 5)));
  }
}
const cube = b.build().cube;
console.log('build', performance.now() - t);
const eq = (columnKey: string, value: string) => ({ columnKey, comparator: 'equal' as const, value });
const input: ReportDataInput = {
  dataLocations: Array.from({ length: 30 }, (_, q) => ({ id: q, columnKey: `q${q}` })),
  benchmarks: [{ label: 'A', filterOptionIds: [] }, { label: 'B', filterOptionIds: [1, 2] }, { label: 'C', filterOptionIds: [3, 11] }, { label: 'D', filterOptionIds: [12, 13], start: 19800 }],
  filters: [{ id: 1, options: ['1','2','3','4','5'].map((a, i) => ({ id: i + 1, categoryId: 1, conditions: [eq('age', a)] })) }, { id: 2, options: ['N','Z','O','W'].map((d, i) => ({ id: 11 + i, categoryId: 2, conditions: [eq('district', d)] })) }],
  report: { startDay: 19500, endDay: 20200, minN: 10 },
};
computeReportData(cube, input);
const times: number[] = [];
for (let i = 0; i < 30; i++) { t = performance.now(); computeReportData(cube, input); times.push(performance.now() - t); }
times.sort((a, b) => a - b);
console.log('report median', times[15], 'min', times[0]);
