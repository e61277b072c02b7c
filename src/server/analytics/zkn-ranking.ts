/**
 * Zorgkaart ranking (pure): per provider the number of ratings, mean scores with 95% intervals,
 * the recommendation share, and a rank within type (and region) by a Bayesian average that pulls
 * providers with few ratings toward their type's mean, so a 10 from two people does not win.
 *
 * Privacy: a provider with fewer than min_n ratings gets no numbers at all ('te weinig
 * beoordelingen'), and its ratings do not enter the type mean either — otherwise the type mean,
 * with the shown providers' numbers, would give its mean away.
 */

export const ZKN_ASPECTS = ['afspraak', 'bejegening', 'luisteren', 'informatie', 'behandeling'] as const;
export type ZknAspect = (typeof ZKN_ASPECTS)[number];

export interface RankingProvider {
  id: number;
  type: string;
  region: string;
}

export interface RankingRating {
  providerId: number;
  overall: number;
  aspects: Partial<Record<ZknAspect, number | null>>;
  recommend: boolean | null;
}

export interface Interval {
  n: number;
  mean: number;
  low: number | null;
  high: number | null;
}

export interface ProviderResult {
  providerId: number;
  ranked: boolean;
  n: number | null;
  overall: Interval | null;
  aspects: Record<ZknAspect, Interval | null> | null;
  recommend: { n: number; pct: number; low: number; high: number } | null;
  /** Ratings per score 1…10 (index 0 = score 1). */
  distribution: number[] | null;
  typeMean: number | null;
  bayes: number | null;
  rankInType: number | null;
  rankInRegion: number | null;
}

// Two-sided 95% quantiles of Student's t for df 1…30.
const T975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086,
  2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];
const Z975 = 1.959964;

/** t(0.975, df): the table up to 30, then the Cornish–Fisher expansion (error < 0.0005). */
export function tQuantile975(df: number): number {
  if (df < 1) return NaN;
  if (df <= 30) return T975[df - 1]!;
  const z = Z975;
  const z3 = z ** 3;
  const z5 = z ** 5;
  const z7 = z ** 7;
  return z + (z3 + z) / (4 * df) + (5 * z5 + 16 * z3 + 3 * z) / (96 * df ** 2) + (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * df ** 3);
}

/** Mean with a t-interval, clamped to the 1–10 scale; no interval for a single value. */
export function meanInterval(values: number[]): Interval | null {
  const n = values.length;
  if (!n) return null;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  if (n < 2) return { n, mean, low: null, high: null };
  const variance = values.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1);
  const half = (tQuantile975(n - 1) * Math.sqrt(variance)) / Math.sqrt(n);
  return { n, mean, low: Math.max(1, mean - half), high: Math.min(10, mean + half) };
}

/** Wilson score interval (95%) for a share, in percent. */
export function wilsonPercent(yes: number, n: number): { n: number; pct: number; low: number; high: number } | null {
  if (!n) return null;
  const p = yes / n;
  const z2 = Z975 ** 2;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z975 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { n, pct: 100 * p, low: 100 * Math.max(0, centre - half), high: 100 * Math.min(1, centre + half) };
}

/** Competition ranking ("1, 2, 2, 4") by score, highest first. */
function rankBy<T>(items: T[], score: (t: T) => number): Map<T, number> {
  const ranks = new Map<T, number>();
  for (const item of items) {
    const mine = score(item);
    ranks.set(item, 1 + items.filter((other) => score(other) - mine > 1e-9).length);
  }
  return ranks;
}

/**
 * The ranking of one rating job. Bayesian average = (C·m + n·x̄) / (C + n), with m the mean of all
 * ratings of the ranked providers of the same type and C = min_n (the type mean counts as min_n
 * ratings).
 */
export function computeRanking(providers: RankingProvider[], ratingRows: RankingRating[], minN: number): ProviderResult[] {
  const byProvider = new Map<number, RankingRating[]>();
  for (const r of ratingRows) {
    const list = byProvider.get(r.providerId);
    if (list) list.push(r);
    else byProvider.set(r.providerId, [r]);
  }
  const rated = providers.filter((p) => byProvider.has(p.id));
  const ranked = rated.filter((p) => byProvider.get(p.id)!.length >= minN);
  const typeTotals = new Map<string, { sum: number; n: number }>();
  for (const p of ranked) {
    const t = typeTotals.get(p.type) ?? { sum: 0, n: 0 };
    for (const r of byProvider.get(p.id)!) {
      t.sum += r.overall;
      t.n += 1;
    }
    typeTotals.set(p.type, t);
  }
  const results = new Map<number, ProviderResult>();
  for (const p of rated) {
    const rows = byProvider.get(p.id)!;
    if (rows.length < minN) {
      results.set(p.id, { providerId: p.id, ranked: false, n: null, overall: null, aspects: null, recommend: null, distribution: null, typeMean: null, bayes: null, rankInType: null, rankInRegion: null });
      continue;
    }
    const overall = meanInterval(rows.map((r) => r.overall))!;
    const aspects = Object.fromEntries(
      ZKN_ASPECTS.map((a) => {
        const values = rows.map((r) => r.aspects[a]).filter((v): v is number => typeof v === 'number');
        // An aspect answered by fewer than min_n is itself a small group.
        return [a, values.length >= minN ? meanInterval(values) : null];
      }),
    ) as Record<ZknAspect, Interval | null>;
    const answered = rows.filter((r) => r.recommend !== null);
    const recommend = answered.length >= minN ? wilsonPercent(answered.filter((r) => r.recommend).length, answered.length) : null;
    const distribution = Array.from({ length: 10 }, (_, i) => rows.filter((r) => r.overall === i + 1).length);
    const t = typeTotals.get(p.type)!;
    const typeMean = t.sum / t.n;
    const bayes = (minN * typeMean + rows.length * overall.mean) / (minN + rows.length);
    results.set(p.id, { providerId: p.id, ranked: true, n: rows.length, overall, aspects, recommend, distribution, typeMean, bayes, rankInType: null, rankInRegion: null });
  }
  const rankedResults = ranked.map((p) => ({ p, r: results.get(p.id)! }));
  for (const type of typeTotals.keys()) {
    const inType = rankedResults.filter((x) => x.p.type === type);
    const ranks = rankBy(inType, (x) => x.r.bayes!);
    for (const x of inType) x.r.rankInType = ranks.get(x)!;
    const regions = new Set(inType.map((x) => x.p.region).filter(Boolean));
    for (const region of regions) {
      const inRegion = inType.filter((x) => x.p.region === region);
      const regionRanks = rankBy(inRegion, (x) => x.r.bayes!);
      for (const x of inRegion) x.r.rankInRegion = regionRanks.get(x)!;
    }
  }
  return rated.map((p) => results.get(p.id)!);
}
