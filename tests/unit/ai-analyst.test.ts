import { describe, expect, it } from 'vitest';
import type { BenchmarkCell, BucketResult, Stats } from '../../src/server/analytics';
import { marginOfError } from '../../src/server/analytics';
import { writeAnalysis } from '../../src/server/ai/analyst';
import { askAi } from '../../src/server/ai/ask-ai';
import { buildPrompt } from '../../src/server/ai/prompt';
import type { AiInput } from '../../src/server/ai/types';

/** Released stats of a single-choice question from option counts (percentages and margin as the engine computes them). */
function stats(counts: number[], mean: number | null = null): Stats {
  const base = counts.reduce((a, b) => a + b, 0);
  return {
    groupSize: base, answered: base, answers: base, base, nMethod: 'respondents', scored: base, mean, topBox: null, bottomBox: null, nps: null,
    options: counts.map((count, i) => ({ code: `A${i + 1}`, count, percentage: base ? (100 * count) / base : null, marginOfError: base ? marginOfError(base, undefined, count / base) : null, empty: count === 0, low: count > 0 && count < 10 })),
    marginOfError: marginOfError(base, undefined),
  };
}
const cell = (label: string, s: Stats, buckets?: BucketResult[]): BenchmarkCell => ({ label, suppressed: false, stats: s, ...(buckets ? { buckets } : {}) });
/** A suppressed cell that (wrongly) still carries numbers: the assistant must not use them anyway. */
const leakySuppressed = (label: string, s: Stats): BenchmarkCell => ({ label, suppressed: true, reason: 'group_below_min_n', stats: s }) as unknown as BenchmarkCell;
const bucket = (startDay: number, s: Stats | null): BucketResult => (s ? { period: startDay, startDay, endDay: startDay + 27, suppressed: false, stats: s } : { period: startDay, startDay, endDay: startDay + 27, suppressed: true, reason: 'group_below_min_n' });

const JAN_2026 = 20454; // 2026-01-01
const JUN_2026 = 20605; // 2026-06-01
const labels = ['Ontevreden', 'Neutraal', 'Tevreden'];
const LEAK = stats([1, 1, 5]); // 71,4% / 14,3% — numbers of a group below min_n

const input = (over: Partial<AiInput> = {}): AiInput => ({
  benchmarks: ['Alle', 'Jong', 'Klein'],
  granularity: 'month',
  locations: [
    { question: 'Tevredenheid over de dienstverlening', codes: ['A1', 'A2', 'A3'], labels, benchmarks: [cell('Alle', stats([100, 60, 240])), cell('Jong', stats([120, 90, 90])), leakySuppressed('Klein', LEAK)] },
    { question: 'Veiligheid in de buurt', codes: ['A1', 'A2', 'A3'], labels, benchmarks: [cell('Alle', stats([50, 50, 100])), cell('Jong', stats([52, 48, 104])), leakySuppressed('Klein', LEAK)] },
    {
      question: 'Tevredenheid door de tijd',
      codes: ['A1', 'A2', 'A3'],
      labels,
      benchmarks: [cell('Alle', stats([40, 40, 120]), [bucket(JAN_2026, stats([30, 30, 40])), bucket(JAN_2026 + 31, null), bucket(JUN_2026, stats([10, 20, 70]))]), cell('Jong', stats([20, 20, 60])), leakySuppressed('Klein', LEAK)],
    },
  ],
  ...over,
});

describe('built-in analyst', () => {
  it('names the largest difference between benchmarks with its margin and says it exceeds it', () => {
    const text = writeAnalysis(input());
    // Tevreden: Alle 60,0% (n 400) vs Jong 30,0% (n 300) → 30 points; the margins at the shares themselves,
    // as the chart's significance mark uses them: √(1,96² · (0,6 · 0,4 / 400) + 1,96² · (0,3 · 0,7 / 300)) ≈ 7,1.
    expect(text).toContain("Tevredenheid over de dienstverlening – 'Tevreden': Alle 60,0% tegenover Jong 30,0% (verschil 30,0 procentpunt, foutmarge ±7,1 procentpunt). Dit verschil is significant: groter dan de foutmarge (95% betrouwbaarheid).");
  });

  it('calls a gap within the margin of error no difference: not listed, and says why when none is significant (issue 35 item 3)', () => {
    const text = writeAnalysis(input());
    expect(text).toContain('**Significante verschillen tussen benchmarks**');
    expect(text).not.toMatch(/Veiligheid in de buurt – '[^']+': Alle/);
    const [, safety] = input().locations;
    const none = writeAnalysis(input({ locations: [{ ...safety!, confidenceLevel: 90 }] }));
    expect(none).toContain('Geen van de verschillen tussen de benchmarks is significant (groter dan de foutmarge, 90% betrouwbaarheid); daarom worden hier geen verschillen genoemd.');
    expect(none).not.toMatch(/tegenover|verschil [\d,]+ procentpunt/);
  });

  it('writes benchmark names, never a letter in brackets', () => {
    const text = writeAnalysis(input({ benchmarks: ['Alle respondenten', 'Noord + Vrouw', '18 t/m 34 jaar'] }));
    expect(text).toContain('voor de benchmarks Alle respondenten, Noord + Vrouw en 18 t/m 34 jaar');
    expect(text).not.toMatch(/\([A-Z]\)/);
  });

  it('describes the change over time between the first and last released period', () => {
    const text = writeAnalysis(input());
    expect(text).toContain("Tevredenheid door de tijd, Alle, aandeel 'Tevreden': steeg van 40,0% (jan 2026) naar 70,0% (jun 2026), een significant verschil: groter dan de foutmarge (±13,9 procentpunt, 95% betrouwbaarheid).");
  });

  it('says no rise or fall when the change over time is within the margin', () => {
    const [, , trend] = input().locations;
    const flat = { ...trend!, benchmarks: [cell('Alle', stats([40, 40, 120]), [bucket(JAN_2026, stats([30, 30, 40])), bucket(JUN_2026, stats([28, 30, 42]))])] };
    const text = writeAnalysis(input({ benchmarks: ['Alle'], locations: [flat] }));
    expect(text).toMatch(/Tevredenheid door de tijd, aandeel 'Tevreden': 40,0% \(jan 2026\) en 42,0% \(jun 2026\); het verschil valt binnen de foutmarge \(±[\d,]+ procentpunt\) en is dus niet significant\./);
    expect(text).not.toMatch(/steeg|daalde/);
  });

  it('names highest and lowest scores', () => {
    const text = writeAnalysis(input());
    expect(text).toContain("Hoogste: Tevredenheid over de dienstverlening – 'Tevreden': 60,0% (Alle).");
    expect(text).toContain("Laagste: Tevredenheid over de dienstverlening – 'Neutraal': 15,0% (Alle).");
  });

  it('compares top-box shares across questions when they have them (comparable across scales)', () => {
    const withTop = (counts: number[], topBox: number) => ({ ...stats(counts, 3), topBox });
    const text = writeAnalysis({
      benchmarks: ['Alle'], granularity: 'none',
      locations: [
        { question: 'Groen', codes: ['A1', 'A2'], benchmarks: [cell('Alle', withTop([40, 60], 61.5))] },
        { question: 'Wegen', codes: ['A1', 'A2'], benchmarks: [cell('Alle', withTop([70, 30], 22.25))] },
      ],
    });
    expect(text).toContain('Hoogste: Groen: 61,5% in de hoogste antwoordcategorieën (Alle).');
    expect(text).toContain('Laagste: Wegen: 22,3% in de hoogste antwoordcategorieën (Alle).');
  });

  it('never states a number of a suppressed group, only that it has too few respondents', () => {
    const text = writeAnalysis(input());
    expect(text).toContain('Voor Klein zijn bij 3 vragen te weinig respondenten');
    expect(text).not.toMatch(/71,4|14,3|Klein [\d]/);
    expect(text).not.toMatch(/Klein \(|tegenover Klein|\(Klein\)/);
    const prompt = buildPrompt(input()).user;
    expect(prompt).toContain('Klein: te weinig respondenten (geen cijfers)');
    expect(prompt).not.toMatch(/71,4|14,3|n=7\b/);
    expect(prompt).toContain('foutmarge ±');
    // A suppressed time bucket is skipped, the next released one is used.
    expect(prompt).toContain('feb 2026: te weinig respondenten');
  });

  it('writes counts as approximate in cell-key mode and says why, exact otherwise', () => {
    const exact = buildPrompt(input()).user;
    expect(exact).toMatch(/\(n=\d/);
    expect(exact).not.toContain('ca.');
    expect(exact).not.toContain('licht afgerond');
    const perturbed = buildPrompt({ ...input(), approximate: true }).user;
    expect(perturbed).toContain('Aantallen zijn licht afgerond om privacy te beschermen');
    expect(perturbed).not.toMatch(/n=\d/);
    expect(perturbed).toMatch(/\(n=ca\. \d+/);
    expect(perturbed).toMatch(/ \(n=ca\. \d+\): /); // time buckets too
  });

  it('focuses on the questions matching the topic and the user question', () => {
    const text = writeAnalysis(input({ topic: 'veiligheid' }));
    expect(text).toContain("Gericht op: 'veiligheid'");
    expect(text).toContain('Veiligheid in de buurt');
    expect(text).not.toContain('dienstverlening');
    const viaQuestion = writeAnalysis(input({ aiInput: 'Hoe zit het met de tevredenheid?' }));
    expect(viaQuestion).toContain('Tevredenheid over de dienstverlening');
    expect(viaQuestion).not.toContain('Veiligheid in de buurt');
    expect(writeAnalysis(input({ topic: 'parkeren' }))).toContain("Geen vraag sluit aan bij 'parkeren'");
  });

  it('is deterministic and says so when nothing is released', () => {
    expect(writeAnalysis(input())).toBe(writeAnalysis(input()));
    const none = input({ benchmarks: ['Klein'], locations: [{ question: 'Q', codes: ['A1'], benchmarks: [leakySuppressed('Klein', LEAK)] }] });
    const text = writeAnalysis(none);
    expect(text).toContain('Er zijn geen resultaten met genoeg respondenten');
    expect(text).not.toMatch(/71,4/);
  });
});

describe('AI adapter', () => {
  it('uses the Workers AI binding with a prompt of released aggregates only', async () => {
    const calls: { model: string; messages: { role: string; content: string }[] }[] = [];
    const ai = { run: async (model: string, body: { messages: { role: string; content: string }[] }) => (calls.push({ model, ...body }), { response: 'Samenvatting van het model' }) };
    const answer = await askAi(ai, input());
    expect(answer).toEqual({ text: 'Samenvatting van het model', source: 'workers-ai' });
    expect(calls[0]!.model).toMatch(/^@cf\//);
    expect(calls[0]!.messages[1]!.content).toContain('Tevredenheid over de dienstverlening');
    expect(calls[0]!.messages[1]!.content).not.toMatch(/71,4/);
  });

  it('falls back to the built-in analyst without a binding or when the model fails', async () => {
    expect((await askAi(undefined, input())).source).toBe('ingebouwde analist');
    const broken = { run: async () => { throw new Error('down'); } };
    const answer = await askAi(broken, input());
    expect(answer.source).toBe('ingebouwde analist');
    expect(answer.text).toContain('Significante verschillen');
  });
});

describe('improvement points (issue 18)', () => {
  it('answers "verbeterpunten" with the lowest scale items and the most chosen problems, never scale answers as problems', () => {
    const scale = (q: string, topBox: number) => ({ question: `Hoe tevreden bent u over deze punten in uw buurt? – ${q}`, codes: ['A1', 'A2', 'A3'], labels, benchmarks: [cell('Alle', { ...stats([30, 30, 40], 2.1), topBox })] });
    const channels = { question: 'Hoe had u contact met de gemeente?', codes: ['A1', 'A2'], labels: ['Aan de balie', 'Via de website'], benchmarks: [cell('Alle', { ...stats([90, 10]), options: [90, 10].map((p, i) => ({ code: `A${i + 1}`, count: p, percentage: p, marginOfError: 3, empty: false, low: false })) })] };
    const multi = { question: 'Welke problemen komen vaak voor?', codes: ['A1', 'A2', 'A3'], labels: ['Zwerfafval', 'Hondenpoep', 'Parkeren'], benchmarks: [cell('Alle', { ...stats([40, 45, 20]), options: [40, 45, 20].map((p, i) => ({ code: `A${i + 1}`, count: p, percentage: p, marginOfError: 3, empty: false, low: false })) })] };
    const text = writeAnalysis({ benchmarks: ['Alle'], granularity: 'none', aiInput: 'Wat zijn de drie belangrijkste verbeterpunten?', locations: [scale('Onderhoud van groen', 55), scale('Straatverlichting', 35), multi, channels] });
    expect(text).toContain('**Mogelijke verbeterpunten**');
    expect(text).toContain('- Hoe tevreden bent u over deze punten in uw buurt? – Straatverlichting: slechts 35,0% in de hoogste antwoordcategorieën (Alle), significant lager dan het gemiddelde van de andere onderdelen (55,0%).');
    // Contact channels have nothing to do with improvements: not named, not as an extreme either.
    expect(text).not.toMatch(/contact|balie|website/i);
    expect(text).toContain("- Welke problemen komen vaak voor? – 'Hondenpoep': genoemd door 45,0% (Alle), significant vaker dan de andere antwoorden (gemiddeld 30,0%).");
    expect(text).not.toContain("'Parkeren': genoemd");
    // Within the margin: no improvement point, and the answer says so.
    const close = writeAnalysis({ benchmarks: ['Alle'], granularity: 'none', aiInput: 'Wat zijn de verbeterpunten?', locations: [scale('Onderhoud van groen', 40), scale('Straatverlichting', 35)] });
    expect(close).toContain('alleen een verbeterpunt als het verschil significant is');
    expect(close).toContain('er zijn dus geen verbeterpunten aan te wijzen');
    expect(close).not.toMatch(/slechts/);
    expect(text).not.toMatch(/Onderhoud van groen – '(Ontevreden|Neutraal|Tevreden)': genoemd/);
  });
});

describe('weighted figures (the report’s weighting scheme)', () => {
  const LABEL = 'Gewogen naar leeftijdsgroep, geslacht en wijk';
  /** A weighted location's cells: weighted shares beside unweighted counts, with Σw and effective n. */
  const weightedCells = () => [cell('Alle', { ...stats([100, 60, 240]), weightedBase: 400, effectiveN: 312.4 }), cell('Jong', { ...stats([120, 90, 90]), weightedBase: 300, effectiveN: 241.6 }), leakySuppressed('Klein', LEAK)];
  const mixed = (over: Partial<AiInput> = {}) => {
    const [service, safety, time] = input().locations;
    return input({ weighting: LABEL, locations: [{ ...service!, benchmarks: weightedCells(), weighted: true }, { ...safety!, weighted: false }, time!], ...over });
  };

  it('the prompt says which figures are weighted and by what, with the effective n; the others stay unmarked', () => {
    const prompt = buildPrompt(mixed()).user;
    expect(prompt).toContain(`Weging: ${LABEL}. Alleen de percentages, gemiddelden en foutmarges van de vragen met '(gewogen)' zijn gewogen`);
    expect(prompt).toContain('n is het aantal respondenten (ongewogen)');
    expect(prompt).toContain('Vraag: Tevredenheid over de dienstverlening (gewogen)');
    expect(prompt).toMatch(/- Alle \(n=400, effectieve n=312, foutmarge/);
    expect(prompt).toMatch(/- Jong \(n=300, effectieve n=242, foutmarge/);
    expect(prompt).toContain('Vraag: Veiligheid in de buurt\n');
    expect(prompt).toContain('Vraag: Tevredenheid door de tijd\n');
    expect(prompt.match(/\(gewogen\)/g)!.length).toBe(2); // the explanation and the one weighted question
    // Privacy as before: the suppressed group has no numbers, weighted or not.
    expect(prompt).toContain('Klein: te weinig respondenten (geen cijfers)');
    expect(prompt).not.toMatch(/71,4|14,3|n=7\b/);
    expect(buildPrompt(mixed()).system).toContain('presenteer gewogen percentages nooit als aantallen respondenten');
  });

  it('all weighted: one sentence for all; cell-key mode writes the effective n as approximate too', () => {
    const all = input({ weighting: LABEL, locations: input().locations.map((l) => ({ ...l, weighted: true, benchmarks: weightedCells() })) });
    const prompt = buildPrompt(all).user;
    expect(prompt).toContain(`Weging: ${LABEL}. Alle percentages, gemiddelden en foutmarges hieronder zijn gewogen.`);
    expect(prompt.match(/\(gewogen\)/g)!.length).toBe(3);
    expect(buildPrompt({ ...all, approximate: true }).user).toMatch(/\(n=ca\. 400, effectieve n=ca\. 312,/);
    expect(writeAnalysis(all)).toContain(`${LABEL}: de percentages, gemiddelden en foutmarges hieronder zijn gewogen.`);
  });

  it('only questions of another survey than the scheme’s (or no scheme): no word about weighting', () => {
    const none = mixed({ locations: input().locations.map((l) => ({ ...l, weighted: false })) });
    for (const text of [buildPrompt(none).user, writeAnalysis(none), buildPrompt(input()).user]) {
      expect(text).not.toMatch(/[Gg]ewogen|effectieve n|Weging/);
    }
    // A topic that selects only the unweighted question leaves weighting out as well.
    expect(buildPrompt(mixed({ topic: 'veiligheid' })).user).not.toMatch(/[Gg]ewogen|Weging/);
    expect(writeAnalysis(mixed())).toContain(`${LABEL}: alleen de cijfers van 'Tevredenheid over de dienstverlening' zijn gewogen, de andere niet.`);
  });
});
