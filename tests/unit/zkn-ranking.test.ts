import { describe, expect, it } from 'vitest';
import { computeRanking, meanInterval, tQuantile975, wilsonPercent, type RankingRating } from '../../src/server/analytics/zkn-ranking';

const rate = (providerId: number, scores: number[], recommend: (boolean | null)[] = []): RankingRating[] =>
  scores.map((overall, i) => ({ providerId, overall, aspects: { afspraak: overall, bejegening: i === 0 ? null : overall }, recommend: recommend[i] ?? null }));

describe('Zorgkaart ranking', () => {
  // Hand-computed (min_n = 3, prior weight C = min_n):
  //  huisartsen A: 8, 9, 10  → mean 9, sd 1, t(2) = 4.303 → 9 ± 2.4843 → [6.5157, 10 (clamped)]
  //             B: 7 × 6    → mean 7, sd 0 → [7, 7]
  //             C: 10, 10   → 2 < min_n: 'te weinig beoordelingen', not in the type mean
  //  type mean m = (8+9+10+6·7)/9 = 69/9 = 7.6667
  //  A: (3·69/9 + 3·9)/(3+3) = 50/6 = 8.3333 → rank 1;  B: (3·69/9 + 6·7)/(3+6) = 65/9 = 7.2222 → rank 2
  //  thuiszorg D: 6, 6, 6 → m = 6, weighted 6, rank 1 of its own type
  const providers = [
    { id: 1, type: 'huisartsenpraktijk', region: 'Utrecht' },
    { id: 2, type: 'huisartsenpraktijk', region: 'Gelderland' },
    { id: 3, type: 'huisartsenpraktijk', region: 'Utrecht' },
    { id: 4, type: 'thuiszorg', region: '' },
    { id: 5, type: 'thuiszorg', region: '' },
  ];
  const rows = [...rate(1, [8, 9, 10], [true, true, false]), ...rate(2, [7, 7, 7, 7, 7, 7]), ...rate(3, [10, 10]), ...rate(4, [6, 6, 6])];
  const results = computeRanking(providers, rows, 3);
  const by = (id: number) => results.find((r) => r.providerId === id)!;

  it('matches the hand-computed example', () => {
    expect(by(1).n).toBe(3);
    expect(by(1).overall!.mean).toBeCloseTo(9, 10);
    expect(by(1).overall!.low).toBeCloseTo(6.5157, 3);
    expect(by(1).overall!.high).toBe(10);
    expect(by(1).typeMean).toBeCloseTo(69 / 9, 10);
    expect(by(1).bayes).toBeCloseTo(50 / 6, 10);
    expect(by(2).bayes).toBeCloseTo(65 / 9, 10);
    expect(by(2).overall).toEqual({ n: 6, mean: 7, low: 7, high: 7 });
    expect([by(1).rankInType, by(2).rankInType]).toEqual([1, 2]);
    expect(by(4)).toMatchObject({ ranked: true, bayes: 6, rankInType: 1, rankInRegion: null });
    expect(by(1).distribution).toEqual([0, 0, 0, 0, 0, 0, 0, 1, 1, 1]);
  });

  it('lists a provider below min_n without any number and leaves out providers without ratings', () => {
    expect(by(3)).toEqual({ providerId: 3, ranked: false, n: null, overall: null, aspects: null, recommend: null, distribution: null, typeMean: null, bayes: null, rankInType: null, rankInRegion: null });
    expect(results.map((r) => r.providerId).sort()).toEqual([1, 2, 3, 4]);
  });

  it('ranks within the region of the type', () => {
    expect(by(1).rankInRegion).toBe(1);
    expect(by(2).rankInRegion).toBe(1);
  });

  it('suppresses an aspect answered by fewer than min_n and the recommendation share likewise', () => {
    // bejegening is empty on each provider's first rating: A has 2 answers < 3.
    expect(by(1).aspects!.bejegening).toBeNull();
    expect(by(1).aspects!.afspraak!.mean).toBeCloseTo(9, 10);
    expect(by(2).aspects!.bejegening!.n).toBe(5);
    expect(by(2).recommend).toBeNull();
    // Wilson 95% for 2 of 3: 66.7% [20.77, 93.85]
    expect(by(1).recommend!.pct).toBeCloseTo(66.667, 2);
    expect(by(1).recommend!.low).toBeCloseTo(20.77, 1);
    expect(by(1).recommend!.high).toBeCloseTo(93.85, 1);
  });

  it('shrinks a few high ratings toward the type mean and leaves fewer than min_n unranked', () => {
    // min_n 5: E 5 × 10, F 40 × 9 → m = (50 + 360)/45 = 9.111; E (5·9.111+50)/10 = 9.556, F (45.56+360)/45 = 9.012
    const r = computeRanking(
      [{ id: 1, type: 'ziekenhuis', region: '' }, { id: 2, type: 'ziekenhuis', region: '' }, { id: 3, type: 'ziekenhuis', region: '' }],
      [...rate(1, [10, 10, 10, 10, 10]), ...rate(2, Array(40).fill(9)), ...rate(3, [10, 10, 10, 10])],
      5,
    );
    expect(r[0]!.bayes).toBeCloseTo((5 * (410 / 45) + 50) / 10, 10);
    // Provider 3 (four tens) has a higher mean than everyone yet is not ranked at all.
    expect(r[2]!.ranked).toBe(false);
    expect(r[2]!.rankInType).toBeNull();
    // Shrinkage: E's weighted score is well below its raw mean of 10.
    expect(r[0]!.bayes!).toBeLessThan(9.6);
  });

  it('gives equal scores the same rank (1, 1, 3)', () => {
    const r = computeRanking(
      [1, 2, 3].map((id) => ({ id, type: 'ggz', region: '' })),
      [...rate(1, [8, 8]), ...rate(2, [8, 8]), ...rate(3, [6, 6])],
      2,
    );
    expect(r.map((x) => x.rankInType)).toEqual([1, 1, 3]);
  });

  it('uses exact t quantiles for small df and a close approximation beyond', () => {
    expect(tQuantile975(1)).toBe(12.706);
    expect(tQuantile975(30)).toBe(2.042);
    expect(tQuantile975(40)).toBeCloseTo(2.021, 3);
    expect(tQuantile975(120)).toBeCloseTo(1.98, 3);
    expect(meanInterval([5])).toEqual({ n: 1, mean: 5, low: null, high: null });
    expect(wilsonPercent(0, 0)).toBeNull();
  });
});
