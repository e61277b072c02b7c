// Independent oracle: plain loops over the raw responses; imports nothing from the engine.
import type { Dataset, RawResponse } from './generate';

type Def = Dataset['defs'][number];
interface Cond { columnKey: string; comparator: string; value: string | number | (string | number)[]; operator?: string }
interface Cat { id: number; options: { id: number; conditions: Cond[] }[] }
interface Spec { columnKey: string; nMethod?: string; boxSize?: number; nps?: boolean }

const num = (v: unknown): number => (typeof v === 'number' ? v : String(v).trim() === '' ? NaN : Number(String(v).trim()));

export function scoreOf(def: Def, code: string): number {
  if (def.kind !== 'single') return NaN;
  const opt = def.options.find((o) => o.code === code);
  if (!opt) return NaN;
  if (typeof opt.score === 'number' && Number.isFinite(opt.score)) return opt.score;
  const n = num(code);
  return Number.isFinite(n) ? n : NaN;
}

/** The value as the engine should see it: unknown codes and non-numbers are no answer. */
export function clean(def: Def, v: unknown): string | number | string[] | null {
  if (v === null || v === undefined) return null;
  if (def.kind === 'single') return def.options.some((o) => o.code === v) ? (v as string) : null;
  if (def.kind === 'multi') return v as string[];
  if (def.kind === 'numeric') return Number.isFinite(v) ? (v as number) : null;
  const t = String(v).trim();
  return t === '' ? null : t;
}

function compare(cmp: string, a: number, b: number): boolean {
  return cmp === 'greater' ? a > b : cmp === 'greaterOrEqual' ? a >= b : cmp === 'less' ? a < b : cmp === 'lessOrEqual' ? a <= b : false;
}

export function matchCondition(defs: Map<string, Def>, resp: RawResponse, c: Cond): boolean {
  const def = defs.get(c.columnKey)!;
  const v = clean(def, resp.values[c.columnKey]);
  if (v === null) return false;
  const list = Array.isArray(c.value) ? c.value : [c.value];
  const ordering = ['greater', 'greaterOrEqual', 'less', 'lessOrEqual'].includes(c.comparator);
  const positive = c.comparator === 'equal' || c.comparator === 'in';
  if (def.kind === 'multi') {
    const chosen = v as string[];
    const any = list.some((x) => chosen.includes(String(x)));
    return positive ? any : !any;
  }
  if (def.kind === 'numeric') {
    const nums = list.map(num);
    if (ordering) return compare(c.comparator, v as number, nums[0]!);
    return positive === nums.includes(v as number);
  }
  if (def.kind === 'single') {
    if (ordering) {
      const ref = def.options.some((o) => o.code === String(list[0])) ? scoreOf(def, String(list[0])) : num(list[0]);
      return compare(c.comparator, scoreOf(def, v as string), ref);
    }
    return positive === list.map(String).includes(v as string);
  }
  const text = v as string;
  if (!ordering) return positive === list.map((x) => String(x).trim()).includes(text);
  const ref = String(list[0]).trim();
  const a = num(text);
  const b = num(ref);
  if (Number.isFinite(a) && Number.isFinite(b)) return compare(c.comparator, a, b);
  return compare(c.comparator, text < ref ? -1 : text > ref ? 1 : 0, 0);
}

/** OR of AND-runs split at each 'or' operator. */
export function matchOption(defs: Map<string, Def>, resp: RawResponse, conditions: Cond[]): boolean {
  if (conditions.length === 0) return false;
  const runs: Cond[][] = [[]];
  conditions.forEach((c, i) => {
    if (i > 0 && c.operator === 'or') runs.push([]);
    runs[runs.length - 1]!.push(c);
  });
  return runs.some((run) => run.every((c) => matchCondition(defs, resp, c)));
}

export function bruteRange(ds: Dataset, b: { start?: number | null; end?: number | null }, report: { startDay?: number | null; endDay?: number | null }): [number, number] {
  const days = ds.responses.map((r) => r.day);
  return [b.start ?? report.startDay ?? Math.min(...days), b.end ?? report.endDay ?? Math.max(...days)];
}

export function bruteMembers(ds: Dataset, catalog: Cat[], range: [number, number], optionIds: number[]): RawResponse[] {
  const defs = new Map(ds.defs.map((d) => [d.key, d]));
  const chosen = catalog.map((cat) => cat.options.filter((o) => optionIds.includes(o.id))).filter((os) => os.length > 0);
  return ds.responses.filter((r) => r.day >= range[0] && r.day <= range[1] && chosen.every((os) => os.some((o) => matchOption(defs, r, o.conditions))));
}

export interface BruteStats {
  groupSize: number;
  answered: number;
  answers: number;
  base: number;
  counts: number[];
  percentages: (number | null)[];
  scored: number;
  mean: number | null;
  topBox: number | null;
  bottomBox: number | null;
  nps: number | null;
  moe: number | null;
  /** Per option at its own share p: 100·z·√(p(1−p)/n)·fpc. */
  optionMoe: (number | null)[];
  /** Of the mean: z·sd·fpc/√n (sd with n − 1). */
  meanMoe: number | null;
}

const dictionaries = new WeakMap<Dataset, Map<string, string[]>>();

export function textDictionary(ds: Dataset, key: string): string[] {
  let byKey = dictionaries.get(ds);
  if (!byKey) dictionaries.set(ds, (byKey = new Map()));
  const hit = byKey.get(key);
  if (hit) return hit;
  const list = computeDictionary(ds, key);
  byKey.set(key, list);
  return list;
}

function computeDictionary(ds: Dataset, key: string): string[] {
  const set = new Set<string>();
  const def = ds.defs.find((d) => d.key === key)!;
  for (const r of ds.responses) {
    const v = clean(def, r.values[key]);
    if (v !== null) set.add(v as string);
  }
  return [...set].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

export function bruteStats(ds: Dataset, members: RawResponse[], spec: Spec, accuracy?: { populationSize?: number | null; confidenceLevel?: number | null }): BruteStats {
  const def = ds.defs.find((d) => d.key === spec.columnKey)!;
  const codes = def.kind === 'text' ? textDictionary(ds, def.key) : def.kind === 'numeric' ? [] : def.options.map((o) => o.code);
  const counts = codes.map(() => 0);
  let answered = 0;
  let answers = 0;
  let scored = 0;
  let sum = 0;
  let sumSq = 0;
  let npsBase = 0;
  let prom = 0;
  let det = 0;
  let top = 0;
  let bottom = 0;
  const k = Math.max(1, Math.floor(spec.boxSize ?? 2));
  const scale = def.kind === 'single' ? [...new Set(def.options.map((o) => scoreOf(def, o.code)).filter((s) => !Number.isNaN(s)))].sort((a, b) => a - b) : [];
  const tops = scale.slice(-k);
  const bottoms = scale.slice(0, k);
  for (const r of members) {
    const v = clean(def, r.values[def.key]);
    if (v === null) continue;
    answered++;
    if (def.kind === 'multi') {
      for (const c of v as string[]) counts[codes.indexOf(c)]!++;
      answers += (v as string[]).length;
      continue;
    }
    answers++;
    if (def.kind === 'single' || def.kind === 'text') counts[codes.indexOf(v as string)]!++;
    const s = def.kind === 'single' ? scoreOf(def, v as string) : def.kind === 'numeric' ? (v as number) : NaN;
    if (Number.isNaN(s)) continue;
    scored++;
    sum += s;
    sumSq += s * s;
    if (tops.includes(s)) top++;
    if (bottoms.includes(s)) bottom++;
    if (s >= 0 && s <= 10) {
      npsBase++;
      if (s >= 9) prom++;
      if (s <= 6) det++;
    }
  }
  // answers only means something for multiple choice; total for every kind.
  const method = def.kind === 'multi' ? (spec.nMethod ?? 'respondents') : spec.nMethod === 'total' ? 'total' : 'respondents';
  const base = method === 'answers' ? answers : method === 'total' ? members.length : answered;
  const single = def.kind === 'single';
  const z = accuracy?.confidenceLevel === 90 ? 1.6448536269514722 : accuracy?.confidenceLevel === 99 ? 2.5758293035489004 : 1.959963984540054;
  const N = accuracy?.populationSize ?? 0;
  const fpcOf = (n: number) => (N > 1 ? (n >= N ? 0 : Math.sqrt((N - n) / (N - 1))) : 1);
  const fpc = fpcOf(base);
  const sd = scored > 1 ? Math.sqrt(Math.max(0, (sumSq - (sum * sum) / scored) / (scored - 1))) : null;
  return {
    groupSize: members.length,
    answered,
    answers,
    base,
    counts,
    percentages: counts.map((c) => (base > 0 ? (c / base) * 100 : null)),
    scored,
    mean: scored > 0 ? sum / scored : null,
    topBox: single && scored > 0 ? (top / scored) * 100 : null,
    bottomBox: single && scored > 0 ? (bottom / scored) * 100 : null,
    nps: spec.nps && npsBase > 0 ? ((prom - det) / npsBase) * 100 : null,
    moe: base > 0 ? 100 * z * Math.sqrt(0.25 / base) * fpc : null,
    optionMoe: counts.map((c) => (base > 0 ? 100 * z * Math.sqrt((Math.min(c / base, 1) * (1 - Math.min(c / base, 1))) / base) * fpc : null)),
    meanMoe: sd === null ? null : (z * sd * fpcOf(scored)) / Math.sqrt(scored),
  };
}

/** Calendar periods via Date: [startDay, endDay] per period from `from` to `to`. */
export function bruteBuckets(from: number, to: number, g: string): [number, number][] {
  const key = (day: number) => {
    const d = new Date(day * 86_400_000);
    const y = d.getUTCFullYear();
    const m = d.getUTCMonth();
    if (g === 'day') return String(day);
    if (g === 'week') return String(day - ((d.getUTCDay() + 6) % 7));
    if (g === 'month') return `${y}-${m}`;
    if (g === 'quarter') return `${y}-Q${Math.floor(m / 3)}`;
    return String(y);
  };
  const out: [number, number][] = [];
  for (let day = from; day <= to; day++) {
    const last = out[out.length - 1];
    if (last && key(last[0]) === key(day)) last[1] = day;
    else out.push([day, day]);
  }
  return out;
}
