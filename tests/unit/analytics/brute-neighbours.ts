// Independent oracle of the neighbour rule (README "Analytics engine"): every neighbour is built as
// a group *definition* (range of days, chosen option ids) and counted with plain loops over the raw
// responses. Imports nothing from the engine.
import { bruteMembers, clean, matchOption } from './brute-force';
import type { Dataset, RawResponse } from './generate';

type G = 'day' | 'week' | 'month' | 'quarter' | 'year';
interface Cat { id: number; options: { id: number; conditions: { columnKey: string; comparator: string; value: string | number | (string | number)[]; operator?: string }[] }[] }

export interface BruteRules {
  dateFilter: boolean;
  G: G;
  /** The report period (defaults already applied). */
  reportRange: [number, number];
  includeIncomplete?: boolean;
}

const DAY_MS = 86_400_000;

/** [first, last] day of the calendar period of granularity g holding `day`, with Date arithmetic. */
export function periodOf(day: number, g: G): [number, number] {
  const d = new Date(day * DAY_MS);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const utc = (yy: number, mm: number) => Date.UTC(yy, mm, 1) / DAY_MS;
  switch (g) {
    case 'day':
      return [day, day];
    case 'week': {
      const monday = day - ((d.getUTCDay() + 6) % 7);
      return [monday, monday + 6];
    }
    case 'month':
      return [utc(y, m), utc(y, m + 1) - 1];
    case 'quarter':
      return [utc(y, m - (m % 3)), utc(y, m - (m % 3) + 3) - 1];
    case 'year':
      return [utc(y, 0), utc(y + 1, 0) - 1];
  }
}

const ORDER: G[] = ['day', 'week', 'month', 'quarter', 'year'];
/** h periods are unions of g periods. */
export function nests(h: G, g: G): boolean {
  if (g === 'day') return true;
  if (g === 'week') return h === 'week';
  if (h === 'day' || h === 'week') return false;
  return ORDER.indexOf(h) >= ORDER.indexOf(g);
}

/** The range a benchmark really covers: the report period (date filter off) or its dates snapped outward to whole periods. */
export function bruteEffectiveRange(range: [number, number], rules: BruteRules): [number, number] {
  if (!rules.dateFilter) return rules.reportRange;
  return [periodOf(range[0], rules.G)[0], periodOf(range[1], rules.G)[1]];
}

/** The trend granularity used: g when its periods are unions of G periods, else G. */
export const bruteTrend = (g: G, rules: BruteRules): G => (nests(g, rules.G) ? g : rules.G);

function domain(rules: BruteRules): [number, number] {
  return rules.dateFilter ? [-1e9, 1e9] : rules.reportRange;
}

/** Members of (range, options) that the report counts: in the domain, complete unless incomplete ones count. */
export function bruteGroup(ds: Dataset, catalog: Cat[], range: [number, number], ids: number[], rules: BruteRules): RawResponse[] {
  const [a, b] = domain(rules);
  const r: [number, number] = [Math.max(range[0], a), Math.min(range[1], b)];
  return bruteMembers(ds, catalog, r, ids).filter((x) => rules.includeIncomplete || x.complete !== false);
}

type Effective = (rs: RawResponse[]) => RawResponse[];

/** Everyone of a group who answered `columnKey`, or everyone (group pass). */
export function effectiveOf(ds: Dataset, columnKey: string | null): Effective {
  if (!columnKey) return (rs) => rs;
  const def = ds.defs.find((d) => d.key === columnKey)!;
  return (rs) => rs.filter((r) => clean(def, r.values[columnKey]) !== null);
}

/** Selection neighbours (option-id lists or explicit member lists), with whether they widen the group. */
function selectionNeighbours(ds: Dataset, catalog: Cat[], range: [number, number], ids: number[], rules: BruteRules): { members: RawResponse[]; widening: boolean }[] {
  const defs = new Map(ds.defs.map((d) => [d.key, d]));
  const out: { members: RawResponse[]; widening: boolean }[] = [];
  const group = (list: number[]) => bruteGroup(ds, catalog, range, list, rules);
  for (const cat of catalog) {
    const mine = cat.options.filter((o) => ids.includes(o.id)).map((o) => o.id);
    const without = ids.filter((id) => !mine.includes(id));
    if (!mine.length) {
      for (const o of cat.options) out.push({ members: group([...ids, o.id]), widening: false });
      continue;
    }
    out.push({ members: group(without), widening: true });
    const none = group(without).filter((r) => !cat.options.some((o) => matchOption(defs, r, o.conditions)));
    out.push({ members: [...group(ids), ...none], widening: true });
    for (const o of cat.options) if (!mine.includes(o.id)) out.push({ members: group([...ids, o.id]), widening: true });
    if (mine.length > 1) for (const id of mine) out.push({ members: group(ids.filter((x) => x !== id)), widening: false });
  }
  out.push({ members: group([]), widening: true });
  return out;
}

/** Time neighbours: the range extended or shrunk at either end by the nearest unit holding a member. */
function rangeNeighbours(ds: Dataset, catalog: Cat[], range: [number, number], ids: number[], rules: BruteRules, eff: Effective): RawResponse[][] {
  const [a, b] = domain(rules);
  const unit = (day: number): [number, number] => {
    const [s, e] = periodOf(day, rules.G);
    return [Math.max(s, a), Math.min(e, b)];
  };
  const all = eff(bruteGroup(ds, catalog, [a, b], ids, rules));
  const days = all.map((r) => r.day);
  const out: RawResponse[][] = [];
  const before = days.filter((d) => d < range[0]);
  if (before.length) out.push(bruteGroup(ds, catalog, [unit(Math.max(...before))[0], range[1]], ids, rules));
  const after = days.filter((d) => d > range[1]);
  if (after.length) out.push(bruteGroup(ds, catalog, [range[0], unit(Math.min(...after))[1]], ids, rules));
  const inside = days.filter((d) => d >= range[0] && d <= range[1]);
  if (inside.length) {
    out.push(bruteGroup(ds, catalog, [unit(Math.min(...inside))[1] + 1, range[1]], ids, rules));
    out.push(bruteGroup(ds, catalog, [range[0], unit(Math.max(...inside))[0] - 1], ids, rules));
  }
  return out;
}

export interface BruteGroupDef {
  range: [number, number];
  ids: number[];
  /** A time bucket of this trend granularity (containers apply with the date filter off). */
  bucketOf?: G;
}

/**
 * Whether the rule releases the group (R1 and the neighbour rule) for the effective set `eff`.
 * Buckets are also checked against the coarser periods and the report period (date filter off).
 */
export function bruteReleasable(ds: Dataset, catalog: Cat[], x: BruteGroupDef, m: number, rules: BruteRules, eff: Effective): boolean {
  if (m <= 1) return true;
  const members = eff(bruteGroup(ds, catalog, x.range, x.ids, rules));
  if (members.length < m) return false;
  const bad = (ys: RawResponse[]) => {
    const d = Math.abs(eff(ys).length - members.length);
    return d > 0 && d < m;
  };
  const neighbours = selectionNeighbours(ds, catalog, x.range, x.ids, rules);
  if (neighbours.some((n) => bad(n.members))) return false;
  if (rules.dateFilter || x.bucketOf) {
    if (rangeNeighbours(ds, catalog, x.range, x.ids, rules, eff).some(bad)) return false;
  }
  if (!rules.dateFilter && x.bucketOf) {
    const g = x.bucketOf;
    const containers: [number, number][] = [rules.reportRange];
    for (const h of ORDER) {
      if (h === g || !nests(h, g) || !nests(h, rules.G)) continue;
      const [s, e] = periodOf(x.range[0], h);
      containers.push([Math.max(s, rules.reportRange[0]), Math.min(e, rules.reportRange[1])]);
    }
    for (const c of containers) {
      if (bad(bruteGroup(ds, catalog, c, x.ids, rules))) return false;
      for (const n of selectionNeighbours(ds, catalog, c, x.ids, rules)) if (n.widening && bad(n.members)) return false;
    }
  }
  return true;
}
