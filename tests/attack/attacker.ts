/**
 * An automated differencing attacker (issue 12). It knows only what any visitor knows: the filter
 * catalogue (options of one category are disjoint answers), the report's date rule and min_n. It
 * issues seeded sequences of requests — date ranges one period apart, filter chains one option or
 * category apart, time buckets of every granularity, the filter menu, category and period sweeps —
 * through a target (the engine directly, or the staff and public HTTP endpoints), records every
 * released number under the definition of its group, and then tries to derive a group of 1 … m−1
 * people (or one person's answer) by subtraction:
 *
 *  - nested pairs: A's definition inside B's (range inside, every restriction of B also in A with
 *    fewer options): |B| − |A| in 1 … m−1;
 *  - time partitions: released groups with the same selection and disjoint ranges inside a
 *    released range C: |C| − Σ in 1 … m−1 (the best packing);
 *  - category partitions: released groups S ∧ c ∈ O (disjoint O's) inside a released S:
 *    |S| − Σ in 1 … m−1 (the best packing; what is left is the other options and "none").
 *
 * Extended (issue 32, the README's open limits): two selection steps at once (nested pairs two or
 * more options or categories apart, 'two-step'), inclusion–exclusion over two categories,
 * overlapping options of a category on a multiple-choice question (|S∧a| + |S∧b| − |S∧(a or b)|),
 * and repeated, re-ordered requests through both doors; these aim at small groups it has seen.
 *
 * Every number it compares is one the target released; a finding is a real leak. It also reports
 * two answers for the same definition that differ (an inconsistency). With `evaluate` it scores
 * every derivation of a true small group against the truth (cellkey-eval.ts).
 */
// [first, last] day of the calendar period holding a day: the neighbour oracle's (independent of the engine).
import { periodOf } from '../unit/analytics/brute-neighbours';

export type Granularity = 'day' | 'week' | 'month' | 'quarter' | 'year';
const DAY_MS = 86_400_000;
export const dayOf = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
export const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);


export interface AttackSetup {
  /**
   * Filter categories with their option ids. Options of one category never overlap unless the
   * category is marked `overlapping` (options on a multiple-choice question: one respondent can
   * match several).
   */
  categories: { id: number; options: number[]; overlapping?: boolean }[];
  dateFilter: boolean;
  /** The report's date granularity (the unit ranges snap to with the date filter on). */
  granularity: Granularity;
  /** The report period (days). */
  period: [number, number];
  minN: number;
  benchmarkCount: number;
  /** Multiple filters mode of the report (2 one option per category, 3 one category), if any. */
  multipleFilters?: number | null;
  /** The report's protection mode (issue 32); suppress by default. */
  protection?: 'suppress' | 'cellkey';
}

export interface StatsLike {
  groupSize: number;
  answered: number;
  options: { count: number }[];
}
export type GroupLike = ({ suppressed: false; stats: StatsLike } | { suppressed: true; reason?: string }) & { buckets?: (({ suppressed: false; stats: StatsLike } | { suppressed: true }) & { startDay: number; endDay: number })[] };
export interface DataLike {
  benchmarks: { start: string | null; end: string | null; filterOptions: number[] }[];
  dataLocations: { columnKey: string; benchmarks: GroupLike[] }[];
}
export interface MenuLike {
  start: string | null;
  end: string | null;
  options: { id: number; categoryId: number; soloCount: number | null; combinedCount: number | null }[];
}
export interface BenchmarkRequest {
  start?: string | null;
  end?: string | null;
  filterOptions: number[];
}
export type Via = 'staff' | 'public';

/** Where the attacker sends its requests; null answers are refusals (4xx). */
export interface AttackTarget {
  data(via: Via, body: { benchmarks: BenchmarkRequest[]; granularity?: Granularity }): Promise<DataLike | null>;
  menu(body: { selectedFilterOptions: number[]; start?: string | null; end?: string | null }): Promise<MenuLike | null>;
}

export interface Finding {
  /**
   * nested: one selection step (plus any range nesting); two-step: nested pairs two or more
   * selection steps apart; time-sum, category-sum: partitions; incl-excl: |S| − |S∧a| − |S∧b| +
   * |S∧a∧b| over two categories; overlap: |S∧a| + |S∧b| − |S∧(a or b)| = |S∧a∧b| for options of an
   * overlapping category; inconsistent: one definition answered two ways.
   */
  kind: 'nested' | 'two-step' | 'time-sum' | 'category-sum' | 'incl-excl' | 'overlap' | 'inconsistent';
  what: string;
  derived: number;
}

/**
 * Evaluation against the truth (issue 32): with the true count and members of every definition
 * (from the test's own exact engine run) the attacker scores each derivation whose TRUE value is
 * a small group (1 … m−1): is its derived value exact, and which values of the small group are
 * consistent with the released numbers it used (`candidates`: every combination of true counts
 * the p-table could have published as those numbers, `preimage`). Derivations of the same group
 * (`target`: the same members, found from the truth — more than a real attacker could know, so
 * the evaluation is on the attacker's side) pool their candidates in `summarise`
 * (cellkey-eval.ts): certain = one candidate left.
 */
export interface Evaluation {
  kind: Finding['kind'];
  truth: number;
  derived: number;
  exact: boolean;
  /** The values of the small group consistent with this derivation's released numbers (≥ 0, ascending). */
  candidates: number[];
  /** The derived group's members (a fingerprint): derivations with the same target pool their candidates. */
  target: string;
  /**
   * The released numbers the derivation used, with their sign, their true counts and their cell
   * (a fingerprint of its members: the same members have the same cell key, so the same noise).
   */
  terms: { n: number; sign: number; truth: number; cell: string }[];
}
export type DefLike = { lo: number; hi: number; sel: Map<number, number[]> };
export interface EvaluationOptions {
  truth(kind: string, def: DefLike): number;
  /** A fingerprint of the definition's members: two 32-bit sums of per-respondent hashes. */
  members(kind: string, def: DefLike): [number, number];
  /** The true counts a released count v of a released group can come from (suppress: [v]; cell key: the p-table's preimage, all ≥ m). */
  preimage(v: number): number[];
}

interface Def {
  lo: number;
  hi: number;
  /** Chosen options per category id (sorted). */
  sel: Map<number, number[]>;
}
interface Obs {
  /** 'group' (respondents) or 'dl:<column>' (respondents who answered it). */
  kind: string;
  def: Def;
  n: number;
  counts: number[] | null;
  key: string;
}

export interface Rng {
  next(): number;
  int(lo: number, hi: number): number;
  pick<T>(xs: readonly T[]): T;
  chance(p: number): boolean;
}

/** mulberry32. */
export function seeded(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)), pick: (xs) => xs[Math.floor(next() * xs.length)]!, chance: (p) => next() < p };
}

const GRANS: Granularity[] = ['day', 'week', 'month', 'quarter', 'year'];

export class Attacker {
  readonly findings: Finding[] = [];
  requests = 0;
  refused = 0;
  private readonly obs = new Map<string, Obs>();
  private readonly catOf = new Map<number, number>();

  readonly evaluations: Evaluation[] = [];
  /** Answers for a definition seen before (repeated or re-ordered requests, the other door). */
  repeats = 0;

  /**
   * `extended` adds the attacks of the README's open limits (issue 32): two selection steps at
   * once, inclusion–exclusion over two categories, and repeated, re-ordered requests (staff and
   * public alike). Off by default so the suppress-mode runs of issue 12 stay as they were.
   */
  constructor(
    private readonly setup: AttackSetup,
    private readonly target: AttackTarget,
    private readonly rng: Rng,
    private readonly opts: { extended?: boolean; evaluate?: EvaluationOptions } = {},
  ) {
    for (const c of setup.categories) for (const o of c.options) this.catOf.set(o, c.id);
  }

  get observations(): number {
    return this.obs.size;
  }

  // ── definitions ──────────────────────────────────────────────────────────────
  private selOf(ids: number[]): Map<number, number[]> {
    const m = new Map<number, number[]>();
    for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
      const c = this.catOf.get(id)!;
      m.set(c, [...(m.get(c) ?? []), id]);
    }
    return m;
  }
  private keyOf(kind: string, d: Def): string {
    const sel = [...d.sel].sort((a, b) => a[0] - b[0]).map(([c, ids]) => `${c}:${ids.join('.')}`).join('|');
    return `${kind}#${d.lo}-${d.hi}#${sel}`;
  }
  private record(kind: string, def: Def, n: number, counts: number[] | null, label: string): void {
    const key = this.keyOf(kind, def);
    const prev = this.obs.get(key);
    if (prev) {
      this.repeats++;
      if (prev.n !== n || (prev.counts && counts && prev.counts.join() !== counts.join())) this.findings.push({ kind: 'inconsistent', what: `${label}: ${key} answered ${prev.n} and ${n}`, derived: Math.abs(prev.n - n) });
      return;
    }
    this.obs.set(key, { kind, def, n, counts, key });
  }

  // ── requests ─────────────────────────────────────────────────────────────────
  private async data(via: Via, benchmarks: BenchmarkRequest[], granularity?: Granularity): Promise<void> {
    this.requests++;
    const answer = await this.target.data(via, { benchmarks, ...(granularity ? { granularity } : {}) });
    if (!answer) {
      this.refused++;
      return;
    }
    answer.benchmarks.forEach((b, i) => {
      const def: Def = { lo: dayOf(b.start!), hi: dayOf(b.end!), sel: this.selOf(b.filterOptions) };
      for (const loc of answer.dataLocations) {
        const cell = loc.benchmarks[i]!;
        if (!cell.suppressed) {
          this.record('group', def, cell.stats.groupSize, null, via);
          this.record(`dl:${loc.columnKey}`, def, cell.stats.answered, cell.stats.options.map((o) => o.count), via);
        }
        for (const t of cell.buckets ?? []) {
          if (t.suppressed) continue;
          const bdef: Def = { lo: t.startDay, hi: t.endDay, sel: def.sel };
          this.record('group', bdef, t.stats.groupSize, null, via);
          this.record(`dl:${loc.columnKey}`, bdef, t.stats.answered, t.stats.options.map((o) => o.count), via);
        }
      }
    });
  }

  private async menu(ids: number[], start: number | null, end: number | null): Promise<void> {
    this.requests++;
    const answer = await this.target.menu({ selectedFilterOptions: ids, start: start === null ? null : isoOf(start), end: end === null ? null : isoOf(end) });
    if (!answer) {
      this.refused++;
      return;
    }
    const lo = dayOf(answer.start!);
    const hi = dayOf(answer.end!);
    const sel = this.selOf(ids);
    for (const o of answer.options) {
      if (o.soloCount !== null) this.record('group', { lo, hi, sel: this.selOf([o.id]) }, o.soloCount, null, 'menu');
      if (o.combinedCount !== null) {
        const others = [...sel].filter(([c]) => c !== o.categoryId).flatMap(([, xs]) => xs);
        this.record('group', { lo, hi, sel: this.selOf([...others, o.id]) }, o.combinedCount, null, 'menu');
      }
    }
  }

  // ── strategies ───────────────────────────────────────────────────────────────
  private randomIds(): number[] {
    const ids: number[] = [];
    const mode = this.setup.multipleFilters;
    const cats = this.setup.categories.filter(() => this.rng.chance(0.45));
    for (const c of mode === 3 ? cats.slice(0, 1) : cats) {
      const k = mode === 2 ? 1 : this.rng.pick([1, 1, 1, 2, 2, 3]);
      const pool = [...c.options];
      for (let i = 0; i < k && pool.length; i++) ids.push(...pool.splice(this.rng.int(0, pool.length - 1), 1));
    }
    return ids;
  }

  /** A random range of whole units within the period ± a year (date filter on); null dates otherwise. */
  private randomRange(): [number | null, number | null] {
    if (!this.setup.dateFilter) return [null, null];
    const [p0, p1] = this.setup.period;
    const a = this.rng.int(p0 - 60, p1);
    const b = Math.min(p1 + 60, a + this.rng.int(0, Math.max(30, (p1 - p0) >> 1)));
    return [a, b];
  }

  /** One-step neighbours of a selection (what the chain strategy walks). */
  private neighbourIds(ids: number[]): number[][] {
    const out: number[][] = [];
    const sel = this.selOf(ids);
    for (const c of this.setup.categories) {
      const mine = sel.get(c.id) ?? [];
      if (!mine.length) for (const o of c.options) out.push([...ids, o]);
      else {
        out.push(ids.filter((id) => !mine.includes(id)));
        for (const o of c.options) if (!mine.includes(o)) out.push([...ids, o]);
        if (mine.length > 1) for (const o of mine) out.push(ids.filter((id) => id !== o));
      }
    }
    out.push([]);
    return out;
  }

  private req(ids: number[], lo: number | null, hi: number | null): BenchmarkRequest {
    return { start: lo === null ? null : isoOf(lo), end: hi === null ? null : isoOf(hi), filterOptions: ids };
  }

  /** A small released group seen so far (fewer than 3m), as ids and range, or null: the extended attacks aim at small groups. */
  private smallSeen(): { ids: number[]; lo: number | null; hi: number | null } | null {
    const small = [...this.obs.values()].filter((o) => o.kind === 'group' && o.n < 3 * this.setup.minN);
    if (!small.length) return null;
    const o = this.rng.pick(small);
    return { ids: [...o.def.sel.values()].flat(), lo: this.setup.dateFilter ? o.def.lo : null, hi: this.setup.dateFilter ? o.def.hi : null };
  }

  private async oneRound(): Promise<void> {
    const via: Via = this.rng.chance(0.5) ? 'staff' : 'public';
    let ids = this.randomIds();
    let [lo, hi] = this.randomRange();
    const G = this.setup.granularity;
    const strategy = this.rng.int(0, this.opts.extended ? 9 : 5);
    const aim = strategy >= 6 && this.rng.chance(0.6) ? this.smallSeen() : null;
    if (aim) ({ ids, lo, hi } = aim);
    if (strategy === 9) {
      // Overlapping options: S ∧ a, S ∧ b and S ∧ (a or b) for two options of an overlapping category.
      const sel = this.selOf(ids);
      const free = this.setup.categories.filter((c) => c.overlapping && !sel.has(c.id) && c.options.length > 1);
      if (!free.length) return;
      const c = this.rng.pick(free);
      const pool = [...c.options];
      const a = pool.splice(this.rng.int(0, pool.length - 1), 1)[0]!;
      const b = this.rng.pick(pool);
      const groups = [ids, [...ids, a], [...ids, b], [...ids, a, b]];
      for (let i = 0; i < groups.length; i += this.setup.benchmarkCount) await this.data(via, groups.slice(i, i + this.setup.benchmarkCount).map((x) => this.req(x, lo, hi)));
      return;
    }
    if (strategy === 6) {
      // Two selection steps at once: the group and neighbours of its neighbours.
      const two = this.neighbourIds(ids).filter(() => this.rng.chance(0.3)).flatMap((n) => this.neighbourIds(n).filter(() => this.rng.chance(0.2)));
      const ns = [ids, ...two];
      for (let i = 0; i < ns.length && i < 12; i += this.setup.benchmarkCount) await this.data(via, ns.slice(i, i + this.setup.benchmarkCount).map((x) => this.req(x, lo, hi)));
      return;
    }
    if (strategy === 7) {
      // Inclusion–exclusion: S, S ∧ a, S ∧ b, S ∧ a ∧ b for options a, b of two categories S does not use.
      const sel = this.selOf(ids);
      const free = this.setup.categories.filter((c) => !sel.has(c.id));
      if (free.length < 2) return;
      const [c1, c2] = [free[0]!, free[1]!];
      // Option sets: all but one option (a large part, so the rest is small) or a single option.
      const part = (c: { options: number[] }) => {
        const pool = [...c.options];
        const one = pool.splice(this.rng.int(0, pool.length - 1), 1);
        return this.rng.chance(0.6) && pool.length ? pool : one;
      };
      const a = part(c1);
      const b = part(c2);
      const groups = [ids, [...ids, ...a], [...ids, ...b], [...ids, ...a, ...b]];
      for (let i = 0; i < groups.length; i += this.setup.benchmarkCount) await this.data(via, groups.slice(i, i + this.setup.benchmarkCount).map((x) => this.req(x, lo, hi)));
      return;
    }
    if (strategy === 8) {
      // Repeated and re-ordered: the same groups again, shuffled, through the other door.
      const groups = [ids, ...this.neighbourIds(ids).filter(() => this.rng.chance(0.3))].slice(0, this.setup.benchmarkCount);
      for (let k = 0; k < 3; k++) {
        const order = [...groups].sort(() => this.rng.next() - 0.5);
        await this.data(k % 2 ? 'public' : 'staff', order.map((x) => this.req(x, lo, hi)));
      }
      return;
    }
    if (strategy === 0) {
      // A filter chain: the group and its neighbours, several per request.
      const ns = [ids, ...this.neighbourIds(ids).filter(() => this.rng.chance(0.4))];
      for (let i = 0; i < ns.length; i += this.setup.benchmarkCount) await this.data(via, ns.slice(i, i + this.setup.benchmarkCount).map((x) => this.req(x, lo, hi)), this.rng.chance(0.3) ? this.rng.pick(GRANS) : undefined);
    } else if (strategy === 1 && this.setup.dateFilter && lo !== null && hi !== null) {
      // Ranges one period (and one day) apart at either end.
      const unit = periodOf(lo, G);
      const step = unit[1] - unit[0] + 1;
      for (const [a, b] of [[lo, hi], [lo - step, hi], [lo + step, hi], [lo, hi - step], [lo, hi + step], [lo, hi - 1], [lo + 1, hi]] as [number, number][]) {
        if (b >= a) await this.data(via, [this.req(ids, a, b)]);
      }
    } else if (strategy === 2) {
      // Time buckets of every granularity for one group.
      for (const g of GRANS.filter(() => this.rng.chance(0.5))) await this.data(via, [this.req(ids, lo, hi)], g);
    } else if (strategy === 3) {
      // The filter menu for the group and for its neighbours.
      await this.menu(ids, lo, hi);
      for (const n of this.neighbourIds(ids).filter(() => this.rng.chance(0.15))) await this.menu(n, lo, hi);
    } else if (strategy === 4) {
      // A category sweep: the group narrowed by each option of one category it does not use.
      const sel = this.selOf(ids);
      const free = this.setup.categories.filter((c) => !sel.has(c.id));
      if (!free.length) return;
      const c = this.rng.pick(free);
      const groups = [ids, ...c.options.map((o) => [...ids, o])];
      for (let i = 0; i < groups.length; i += this.setup.benchmarkCount) await this.data(via, groups.slice(i, i + this.setup.benchmarkCount).map((x) => this.req(x, lo, hi)));
    } else if (this.setup.dateFilter && lo !== null && hi !== null) {
      // A period sweep: consecutive single periods and the whole range.
      await this.data(via, [this.req(ids, lo, hi)]);
      let day = periodOf(lo, G)[0];
      for (let k = 0; k < 8 && day <= hi; k++) {
        const [a, b] = periodOf(day, G);
        await this.data(via, [this.req(ids, a, b)]);
        day = b + 1;
      }
    } else {
      await this.data(via, [this.req(ids, lo, hi)], this.rng.pick(GRANS));
    }
  }

  /** Sends requests until the budget is spent, then looks for derivable small groups. */
  async run(budget: number): Promise<Finding[]> {
    while (this.requests < budget) await this.oneRound();
    this.analyse();
    return this.findings;
  }

  /**
   * Inclusion–exclusion over two categories (extended): |S| − |S∧A| − |S∧B| + |S∧A∧B| =
   * |S ∧ ¬A ∧ ¬B| for option sets A, B of two categories S does not restrict.
   */
  private inclusionExclusion(list: Obs[]): void {
    const byKey = new Map(list.map((o) => [o.key, o]));
    const without = (o: Obs, drop: number[]) => byKey.get(this.keyOf(o.kind, { ...o.def, sel: new Map([...o.def.sel].filter(([c]) => !drop.includes(c))) }));
    for (const sab of list) {
      const cats = [...sab.def.sel.keys()];
      for (const [i, c1] of cats.entries()) {
        for (const c2 of cats.slice(i + 1)) {
          const s = without(sab, [c1, c2]);
          const sa = without(sab, [c2]);
          const sb = without(sab, [c1]);
          if (!s || !sa || !sb) continue;
          this.derive('incl-excl', `${s.key} − A − B + AB (${sab.key})`, [{ o: s, sign: 1 }, { o: sa, sign: -1 }, { o: sb, sign: -1 }, { o: sab, sign: 1 }]);
        }
      }
    }
  }

  /** Overlapping options (extended): |S∧a| + |S∧b| − |S∧(a or b)| = |S∧a∧b|. */
  private overlaps(list: Obs[]): void {
    const byKey = new Map(list.map((o) => [o.key, o]));
    const keyOf = (o: Obs, sel: Map<number, number[]>) => this.keyOf(o.kind, { ...o.def, sel });
    for (const s of list) {
      for (const c of this.setup.categories) {
        if (!c.overlapping || s.def.sel.has(c.id)) continue;
        for (const [i, a] of c.options.entries()) {
          const sa = byKey.get(keyOf(s, new Map([...s.def.sel, [c.id, [a]]])));
          if (!sa) continue;
          for (const b of c.options.slice(i + 1)) {
            const sb = byKey.get(keyOf(s, new Map([...s.def.sel, [c.id, [b]]])));
            const sab = byKey.get(keyOf(s, new Map([...s.def.sel, [c.id, [a, b].sort((x, y) => x - y)]])));
            if (!sb || !sab) continue;
            this.derive('overlap', `${sa.key} + ${sb.key} − ${sab.key}`, [{ o: sa, sign: 1 }, { o: sb, sign: 1 }, { o: sab, sign: -1 }]);
          }
        }
      }
    }
  }

  /** Selection steps from b down to a (a inside b): options dropped from b's categories, categories added. */
  private steps(a: Def, b: Def): number {
    let n = 0;
    for (const [c, ids] of b.sel) n += ids.length - a.sel.get(c)!.length;
    for (const c of a.sel.keys()) if (!b.sel.has(c)) n++;
    return n;
  }

  // ── analysis ─────────────────────────────────────────────────────────────────
  private inside(a: Def, b: Def): boolean {
    if (a.lo < b.lo || a.hi > b.hi) return false;
    for (const [c, ids] of b.sel) {
      const mine = a.sel.get(c);
      if (!mine || mine.some((id) => !ids.includes(id))) return false;
    }
    return true;
  }

  /** One derivation: a finding when its value is small; scored against the truth when evaluating. */
  private derive(kind: Finding['kind'], what: string, terms: { o: Obs; sign: number }[]): void {
    const m = this.setup.minN;
    const derived = terms.reduce((s, t) => s + t.sign * t.o.n, 0);
    if (derived > 0 && derived < m) this.findings.push({ kind, what, derived });
    const ev = this.opts.evaluate;
    if (!ev) return;
    const truths = terms.map((t) => ev.truth(t.o.kind, t.o.def));
    const truth = terms.reduce((s, t, i) => s + t.sign * truths[i]!, 0);
    if (!(truth > 0 && truth < m)) return;
    // Every sum of true counts the released numbers allow, one term at a time; a group has ≥ 0 people.
    let sums = new Set([0]);
    for (const t of terms) {
      const next = new Set<number>();
      for (const s of sums) for (const v of ev.preimage(t.o.n)) next.add(s + t.sign * v);
      sums = next;
    }
    const candidates = [...sums].filter((x) => x >= 0).sort((x, y) => x - y);
    let h1 = 0;
    let h2 = 0;
    const cells: string[] = [];
    for (const t of terms) {
      const [a, b] = ev.members(t.o.kind, t.o.def);
      h1 = (h1 + t.sign * a) >>> 0;
      h2 = (h2 + t.sign * b) >>> 0;
      cells.push(`${a}:${b}`);
    }
    this.evaluations.push({ kind, truth, derived, exact: derived === truth, candidates, target: `${h1}:${h2}`, terms: terms.map((t, i) => ({ n: t.o.n, sign: t.sign, truth: truths[i]!, cell: cells[i]! })) });
  }

  analyse(): void {
    const m = this.setup.minN;
    // Evaluating: look at pairs whose released sizes differ by up to m − 1 plus the noise of both.
    const window = this.opts.evaluate ? m + 8 : m;
    const byKind = new Map<string, Obs[]>();
    for (const o of this.obs.values()) byKind.set(o.kind, [...(byKind.get(o.kind) ?? []), o]);
    for (const list of byKind.values()) {
      if (this.opts.extended) {
        this.inclusionExclusion(list);
        this.overlaps(list);
      }
      // Nested pairs: only sizes within m − 1 of each other can leak.
      list.sort((x, y) => x.n - y.n);
      for (let i = 0; i < list.length; i++) {
        for (let j = i + 1; j < list.length && list[j]!.n - list[i]!.n < window; j++) {
          const a = list[i]!;
          const b = list[j]!;
          if (this.inside(a.def, b.def)) this.derive(this.steps(a.def, b.def) > 1 ? 'two-step' : 'nested', `${b.key} − ${a.key}`, [{ o: b, sign: 1 }, { o: a, sign: -1 }]);
          else if (this.inside(b.def, a.def)) this.derive(this.steps(b.def, a.def) > 1 ? 'two-step' : 'nested', `${a.key} − ${b.key} (released sizes in the other order)`, [{ o: a, sign: 1 }, { o: b, sign: -1 }]);
        }
      }
      // Time partitions: same selection, disjoint ranges inside a released range.
      const bySel = new Map<string, Obs[]>();
      for (const o of list) {
        const k = o.key.split('#')[2]!;
        bySel.set(k, [...(bySel.get(k) ?? []), o]);
      }
      for (const group of bySel.values()) {
        for (const c of group) {
          const parts = group.filter((p) => p !== c && p.def.lo >= c.def.lo && p.def.hi <= c.def.hi).sort((x, y) => x.def.hi - y.def.hi);
          if (parts.length < 2) continue;
          // Weighted interval scheduling: the largest sum of disjoint parts (and which parts).
          const best: number[] = [];
          const chosen: Obs[][] = [];
          parts.forEach((p, i) => {
            let k = i - 1;
            while (k >= 0 && parts[k]!.def.hi >= p.def.lo) k--;
            const take = p.n + (k >= 0 ? best[k]! : 0);
            const skip = i ? best[i - 1]! : 0;
            best.push(Math.max(skip, take));
            chosen.push(take >= skip ? [...(k >= 0 ? chosen[k]! : []), p] : chosen[i - 1]!);
          });
          const picked = chosen[chosen.length - 1]!;
          if (picked.length) this.derive('time-sum', `${c.key} minus ${picked.length} disjoint periods`, [{ o: c, sign: 1 }, ...picked.map((o) => ({ o, sign: -1 }))]);
        }
      }
      // Category partitions: S and S ∧ c ∈ O for disjoint O's, same range.
      const byRange = new Map<string, Obs[]>();
      for (const o of list) {
        const k = `${o.def.lo}-${o.def.hi}`;
        byRange.set(k, [...(byRange.get(k) ?? []), o]);
      }
      for (const group of byRange.values()) {
        const index = new Map(group.map((o) => [o.key.split('#')[2]!, o]));
        for (const p of group) {
          for (const cat of this.setup.categories) {
            if (cat.overlapping || p.def.sel.has(cat.id)) continue;
            const packs: { mask: number; n: number; o: Obs }[] = [];
            for (const o of group) {
              if (o === p || !o.def.sel.has(cat.id) || o.def.sel.size !== p.def.sel.size + 1) continue;
              if ([...p.def.sel].some(([c, ids]) => o.def.sel.get(c)?.join() !== ids.join())) continue;
              const mask = o.def.sel.get(cat.id)!.reduce((acc, id) => acc | (1 << cat.options.indexOf(id)), 0);
              packs.push({ mask, n: o.n, o });
            }
            if (!packs.length || index.get(p.key.split('#')[2]!) !== p) continue;
            const best = new Map<number, { n: number; of: Obs[] }>([[0, { n: 0, of: [] }]]);
            for (const q of packs) {
              for (const [mask, b] of [...best]) {
                if (mask & q.mask) continue;
                const prev = best.get(mask | q.mask);
                if (!prev || b.n + q.n > prev.n) best.set(mask | q.mask, { n: b.n + q.n, of: [...b.of, q.o] });
              }
            }
            const top = [...best.values()].reduce((x, y) => (y.n > x.n ? y : x));
            if (top.of.length) this.derive('category-sum', `${p.key} minus options of category ${cat.id}`, [{ o: p, sign: 1 }, ...top.of.map((o) => ({ o, sign: -1 }))]);
          }
        }
      }
    }
  }
}
