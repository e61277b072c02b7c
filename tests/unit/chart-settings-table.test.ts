import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type ChartConfig, type ChartSpec, type DataLocationAnswer, buildChartSpec } from '../../src/shared/chart-spec';
import { schemeColors } from '../../src/shared/chart/colors';
import { FOLD_COLOR } from '../../src/shared/chart/fold';
import { CHART_OPTION_KEYS } from '../../src/shared/validation/reports-parts';
import { type Drawn, pdf, publicSvg, staff } from './chart-renderers';
import { cell, hidden, location, stats } from './chart-fixtures';

/**
 * Issue 18, "every stored setting takes effect in all three renderers": one row per setting the
 * chart editor stores. Each row builds the chart model with the setting on and off, asserts the
 * model, then what the staff view (uPlot island), the public page (SVG) and the PDF really draw
 * (chart-renderers.ts). Where a setting cannot mean anything for a renderer, the row says why.
 */
const BAR = 1;
const COLUMN = 2;
const LINE = 7;
const KPI = 10;
const likertCodes = ['1', '2', '3', '4', '5'];
const question = 'Hoe tevreden bent u? (1 = zeer ontevreden, 5 = zeer tevreden)';
/** A 1–5 scale, 100 respondents in the first group (5/10/20/40/25), one more per option in the next. */
const likert = (benchmarks = 1): DataLocationAnswer[] => [
  location(1, likertCodes, Array.from({ length: benchmarks }, (_, b) => cell(['Alle respondenten', 'Jongeren', 'Ouderen'][b]!, [5, 10, 20, 40, 25].map((n) => n + b), likertCodes, { topBox: 65 })), { question, labels: likertCodes }),
];
/** The 1–5 scale for three benchmarks with the given top boxes (as the engine releases them). */
const scale3 = (topBoxes: number[]): DataLocationAnswer[] => {
  const names = ['Alle respondenten', 'Jongeren', 'Ouderen'];
  return [location(1, likertCodes, topBoxes.map((topBox, b) => cell(names[b]!, [5, 10, 20, 40, 25].map((n) => n + b), likertCodes, { topBox })), { question, labels: likertCodes })];
};
/** An unordered question: Afval 10, Groen 40, Verkeer 20, Wegen 30 (of 100). */
const topicCodes = ['A1', 'A2', 'A3', 'A4'];
const topics = (counts = [10, 40, 20, 30]): DataLocationAnswer[] => [location(2, topicCodes, [cell('Alle respondenten', counts, topicCodes)], { labels: ['Afval', 'Groen', 'Verkeer', 'Wegen'] })];
const chart = (chartTypeId: number, more: Partial<ChartConfig> = {}, options: Record<string, unknown> = {}): ChartConfig => ({ id: 7, title: 'Instelling', chartTypeId, colorSchemeId: 2, ...more, options });

interface Renders {
  spec: ChartSpec;
  staff: Drawn;
  public: Drawn;
  pdf: Drawn & { lines: number };
}
type Check = (on: Renders, off: Renders) => void;
interface Row {
  /** The stored key (chart option row, or the chart's own column). */
  setting: string;
  /** What the editor calls it. */
  label: string;
  on: ChartConfig;
  off: ChartConfig;
  data: () => DataLocationAnswer[];
  /** The data of the 'off' chart when the setting changes what the data call answers (granularity). */
  dataOff?: () => DataLocationAnswer[];
  model: Check;
  /** A check, or the reason the setting means nothing for this renderer. */
  staff: Check | string;
  public: Check | string;
  pdf: Check | string;
}

const joined = (d: Drawn) => d.texts.join(' | ');
const order = (texts: string[], labels: string[]) => labels.map((l) => texts.findIndex((t) => t === l || t.startsWith(`${l} `)));
const increasing = (xs: number[]) => xs.every((x, i) => x >= 0 && (i === 0 || x > xs[i - 1]!));
const margins = (): DataLocationAnswer[] => {
  const loc = topics()[0]!;
  const b = loc.benchmarks[0]!;
  if (b.suppressed) return [loc];
  return [{ ...loc, confidenceLevel: 95, benchmarks: [{ ...b, stats: { ...b.stats, options: b.stats.options.map((o) => ({ ...o, marginOfError: 4.2 })) } }] }];
};
const trend = (): DataLocationAnswer[] => {
  const day = (m: number) => Date.UTC(2026, m, 1) / 86_400_000;
  const loc = likert(1)[0]!;
  loc.benchmarks = loc.benchmarks.map((c) => (c.suppressed ? c : { ...c, buckets: [0, 1].map((m) => ({ period: m, startDay: day(m), endDay: day(m) + 27, suppressed: false as const, stats: stats([5, 10, 20, 40, 25], likertCodes) })) }));
  return [loc];
};
/** Six answers of one group: the top three stay, 'Overig' = 6 + 4 + 2 (released numbers of a released group). */
const sixCodes = ['1', '2', '3', '4', '5', '6'];
const six = (): DataLocationAnswer[] => [location(3, sixCodes, [cell('Alle respondenten', [40, 6, 30, 4, 18, 2], sixCodes), cell('Jongeren', [20, 3, 15, 2, 9, 1], sixCodes)], { labels: ['Bus', 'Fiets', 'Auto', 'Scooter', 'Te voet', 'Boot'] })];

const SETTINGS: Row[] = [
  {
    setting: 'showN',
    label: 'Toon n per antwoord',
    on: chart(BAR, {}, { showN: true }),
    off: chart(BAR),
    data: () => likert(1),
    model: (on, off) => expect([on.spec.showN, off.spec.showN]).toEqual([true, false]),
    staff: (on, off) => {
      expect(on.staff.texts).toContain('40% (n=40)');
      expect(joined(off.staff)).not.toContain('n=');
    },
    public: (on, off) => {
      expect(on.public.texts).toContain('40% (n=40)');
      expect(joined(off.public)).not.toContain('n=');
    },
    pdf: (on, off) => {
      expect(on.pdf.texts).toContain('40% (n=40)');
      expect(joined(off.pdf)).not.toContain('n=');
    },
  },
  {
    setting: 'showLegend',
    label: 'Toon legenda',
    on: chart(BAR),
    off: chart(BAR, {}, { showLegend: false }),
    data: () => likert(2),
    model: (on, off) => expect([on.spec.showLegend, off.spec.showLegend]).toEqual([true, false]),
    staff: (on, off) => {
      expect(on.staff.legend).toEqual(['Alle respondenten', 'Jongeren']);
      expect(off.staff.legend).toEqual([]);
    },
    public: (on, off) => {
      expect(on.public.legend).toEqual(['Alle respondenten', 'Jongeren']);
      expect(off.public.legend).toEqual([]);
    },
    pdf: (on, off) => {
      expect(on.pdf.legend).toEqual(['Alle respondenten', 'Jongeren']);
      expect(off.pdf.legend).toEqual([]);
    },
  },
  {
    setting: 'showValues',
    label: 'Toon waarden in de grafiek',
    on: chart(BAR),
    off: chart(BAR, {}, { showValues: false }),
    data: () => likert(1),
    model: (on, off) => expect([on.spec.showValues, off.spec.showValues]).toEqual([true, false]),
    staff: (on, off) => {
      expect(on.staff.texts).toEqual(['5%', '10%', '20%', '40%', '25%']);
      expect(off.staff.texts).toEqual([]);
      // The hover keeps every number either way.
      expect(off.staff.hover).toContain('Alle respondenten: 40%');
    },
    public: (on, off) => {
      expect(on.public.texts).toContain('40%');
      expect(off.public.texts.filter((t) => /^\d+%$/.test(t))).toEqual([]);
    },
    pdf: (on, off) => {
      expect(on.pdf.texts).toContain('40%');
      expect(off.pdf.texts.filter((t) => /^\d+%$/.test(t))).toEqual([]);
    },
  },
  {
    setting: 'decimals',
    label: 'Aantal decimalen',
    on: chart(BAR, {}, { decimals: 2 }),
    off: chart(BAR),
    data: () => likert(1),
    model: (on, off) => expect([on.spec.decimals, off.spec.decimals]).toEqual([2, 0]),
    staff: (on, off) => {
      expect(on.staff.texts).toContain('40,00%');
      expect(on.staff.hover).toContain('Alle respondenten: 40,00%');
      expect(off.staff.texts).toContain('40%');
    },
    public: (on, off) => {
      expect(on.public.texts).toContain('40,00%');
      expect(off.public.texts).toContain('40%');
    },
    pdf: (on, off) => {
      expect(on.pdf.texts).toContain('40,00%');
      expect(off.pdf.texts).toContain('40%');
    },
  },
  {
    setting: 'max',
    label: 'Maximum van de as',
    on: chart(COLUMN, {}, { max: 80 }),
    off: chart(COLUMN),
    data: () => likert(1),
    model: (on, off) => expect([on.spec.range.max, off.spec.range.max]).toEqual([80, null]),
    staff: (on, off) => {
      expect(on.staff.axisMax).toBe(80);
      expect(off.staff.axisMax).not.toBe(80);
    },
    public: (on, off) => {
      expect(on.public.axisMax).toBe(80);
      expect(off.public.axisMax).toBe(50);
    },
    pdf: (on, off) => {
      expect(on.pdf.axisMax).toBe(80);
      expect(off.pdf.axisMax).toBe(100);
    },
  },
  {
    setting: 'hideEmpty',
    label: 'Verberg antwoorden zonder respondenten',
    on: chart(BAR, {}, { hideEmpty: true }),
    off: chart(BAR),
    data: () => topics([0, 40, 20, 40]),
    model: (on, off) => {
      expect(on.spec.categories.map((c) => c.label)).toEqual(['Groen', 'Verkeer', 'Wegen']);
      expect(off.spec.categories.map((c) => c.label)).toEqual(['Afval', 'Groen', 'Verkeer', 'Wegen']);
    },
    staff: (on, off) => {
      expect(on.staff.categories).toEqual(['Groen', 'Verkeer', 'Wegen']);
      expect(off.staff.categories).toContain('Afval');
    },
    public: (on, off) => {
      expect(on.public.texts).not.toContain('Afval');
      expect(off.public.texts).toContain('Afval');
    },
    pdf: (on, off) => {
      expect(on.pdf.categories).toEqual(['Groen', 'Verkeer', 'Wegen']);
      expect(off.pdf.categories).toContain('Afval');
    },
  },
  {
    setting: 'showMarginOfError',
    label: 'Toon foutmarge',
    on: chart(BAR, {}, { showMarginOfError: true }),
    off: chart(BAR),
    data: margins,
    model: (on, off) => {
      expect(on.spec.marginNote).toBe('Foutmarge (95% betrouwbaarheid): Alle respondenten tot ± 4,2 procentpunt');
      expect(off.spec.marginNote).toBeNull();
    },
    // The island writes spec.notes under the chart (Chart.tsx Notes) and the margin in the hover.
    staff: (on, off) => {
      expect(on.staff.hover).toContain('Alle respondenten: 40% ± 4,2');
      expect(on.spec.notes.join(' ')).toContain('Foutmarge');
      expect(off.staff.hover).toContain('Alle respondenten: 40%');
    },
    public: (on, off) => {
      expect(joined(on.public)).toContain('Foutmarge (95% betrouwbaarheid)');
      expect(joined(off.public)).not.toContain('Foutmarge');
    },
    pdf: (on, off) => {
      expect(joined(on.pdf)).toContain('Foutmarge (95% betrouwbaarheid)');
      expect(joined(off.pdf)).not.toContain('Foutmarge');
    },
  },
  {
    setting: 'sorting_option_id',
    label: 'Sortering (Hoogste waarde eerst)',
    on: chart(BAR, { sortingOptionId: 2 }),
    off: chart(BAR),
    data: () => topics(),
    model: (on) => expect(on.spec.categories.map((c) => c.label)).toEqual(['Groen', 'Wegen', 'Verkeer', 'Afval']),
    staff: (on, off) => {
      expect(on.staff.categories).toEqual(['Groen', 'Wegen', 'Verkeer', 'Afval']);
      expect(off.staff.categories).toEqual(['Afval', 'Groen', 'Verkeer', 'Wegen']);
    },
    public: (on, off) => {
      expect(increasing(order(on.public.texts, ['Groen', 'Wegen', 'Verkeer', 'Afval']))).toBe(true);
      expect(increasing(order(off.public.texts, ['Afval', 'Groen', 'Verkeer', 'Wegen']))).toBe(true);
    },
    pdf: (on, off) => {
      expect(on.pdf.categories).toEqual(['Groen', 'Wegen', 'Verkeer', 'Afval']);
      expect(off.pdf.categories).toEqual(['Afval', 'Groen', 'Verkeer', 'Wegen']);
    },
  },
  {
    setting: 'sorting_option_id',
    label: 'Sortering on a stacked chart of answers without an order (Hoogste waarde eerst: the segments move, each keeps its colour)',
    on: chart(BAR, { sortingOptionId: 2 }, { stacked: true }),
    off: chart(BAR, {}, { stacked: true }),
    data: () => topics(),
    model: (on, off) => {
      expect(on.spec.kind).toBe('stacked-bar');
      expect(on.spec.series.map((s) => s.label)).toEqual(['Groen', 'Wegen', 'Verkeer', 'Afval']);
      expect(off.spec.series.map((s) => s.label)).toEqual(['Afval', 'Groen', 'Verkeer', 'Wegen']);
      expect(on.spec.series.map((s) => s.color)).toEqual([1, 3, 2, 0].map((i) => off.spec.series[i]!.color));
    },
    staff: (on, off) => {
      expect(on.staff.legend).toEqual(['Groen', 'Wegen', 'Verkeer', 'Afval']);
      // Segment tops of the one bar, stacked in the sorted order.
      expect(on.staff.stackTops.map((tops) => Math.round(tops[0]!))).toEqual([40, 70, 90, 100]);
      expect(off.staff.stackTops.map((tops) => Math.round(tops[0]!))).toEqual([10, 50, 70, 100]);
      expect(on.staff.fills).toEqual(on.spec.series.map((s) => s.color));
    },
    public: (on, off) => {
      expect(on.public.legend).toEqual(['Groen', 'Wegen', 'Verkeer', 'Afval']);
      expect(increasing(order(on.public.texts, ['40%', '30%', '20%', '10%']))).toBe(true);
      expect(increasing(order(off.public.texts, ['10%', '40%', '20%', '30%']))).toBe(true);
      expect(on.public.fills.slice(0, 4)).toEqual(on.spec.series.map((s) => s.color));
    },
    pdf: (on, off) => {
      expect(on.pdf.legend).toEqual(['Groen', 'Wegen', 'Verkeer', 'Afval']);
      expect(increasing(order(on.pdf.texts, ['40%', '30%', '20%', '10%']))).toBe(true);
      expect(on.pdf.fills).toEqual(on.spec.series.map((s) => s.color));
      expect(off.pdf.fills).toEqual(off.spec.series.map((s) => s.color));
    },
  },
  {
    setting: 'sorting_option_id',
    label: 'Sortering on a stacked scale (Hoogste waarde eerst: the scale keeps its order, the bars move by their top box)',
    on: chart(BAR, { sortingOptionId: 2 }, { stacked: true }),
    off: chart(BAR, {}, { stacked: true }),
    data: () => scale3([50, 70, 60]),
    model: (on, off) => {
      expect(on.spec.categories.map((c) => c.label)).toEqual(['Jongeren', 'Ouderen', 'Alle respondenten']);
      expect(off.spec.categories.map((c) => c.label)).toEqual(['Alle respondenten', 'Jongeren', 'Ouderen']);
      expect(on.spec.series.map((s) => s.label)).toEqual(off.spec.series.map((s) => s.label));
      // The cells move with their bars: Jongeren's 5 + 1 answers of '1'.
      expect(on.spec.series[0]!.counts).toEqual([6, 7, 5]);
    },
    staff: (on, off) => {
      expect(on.staff.categories).toEqual(['Jongeren', 'Ouderen', 'Alle respondenten']);
      expect(off.staff.categories).toEqual(['Alle respondenten', 'Jongeren', 'Ouderen']);
      expect(on.staff.legend).toEqual(['1 – zeer ontevreden', '2', '3', '4', '5 – zeer tevreden']);
      expect(on.staff.hover.slice(0, 5)).toEqual(off.staff.hover.slice(5, 10));
    },
    public: (on, off) => {
      expect(increasing(order(on.public.texts, ['Jongeren', 'Ouderen', 'Alle respondenten']))).toBe(true);
      expect(increasing(order(off.public.texts, ['Alle respondenten', 'Jongeren', 'Ouderen']))).toBe(true);
      expect(on.public.legend).toEqual(['1 – zeer ontevreden', '2', '3', '4', '5 – zeer tevreden']);
    },
    pdf: (on, off) => {
      expect(on.pdf.categories).toEqual(['Jongeren', 'Ouderen', 'Alle respondenten']);
      expect(off.pdf.categories).toEqual(['Alle respondenten', 'Jongeren', 'Ouderen']);
      expect(on.pdf.legend).toEqual(['1 – zeer ontevreden', '2', '3', '4', '5 – zeer tevreden']);
    },
  },
  {
    setting: 'color_scheme_id',
    label: 'Kleurenschema (Grijstinten vs. Kleurenblind-veilig, one series coloured per answer)',
    on: chart(BAR, { colorSchemeId: 6 }),
    off: chart(BAR, { colorSchemeId: 2 }),
    data: () => topics(),
    model: (on, off) => {
      expect(on.spec.categories.map((c) => c.color)).toEqual(schemeColors(6, 4));
      expect(off.spec.categories.map((c) => c.color)).toEqual(schemeColors(2, 4));
    },
    staff: (on, off) => {
      expect(on.staff.fills).toEqual(schemeColors(6, 4));
      expect(off.staff.fills).toEqual(schemeColors(2, 4));
    },
    public: (on, off) => {
      expect(on.public.fills).toEqual(schemeColors(6, 4));
      expect(off.public.fills).toEqual(schemeColors(2, 4));
    },
    pdf: (on, off) => {
      expect(on.pdf.fills).toEqual(schemeColors(6, 4));
      expect(off.pdf.fills).toEqual(schemeColors(2, 4));
    },
  },
  {
    setting: 'pattern_id',
    label: 'Patroon (Horizontale lijnen; none or Effen = plain fills)',
    on: chart(BAR, { patternId: 4 }),
    off: chart(BAR, { patternId: 1 }),
    data: () => likert(2),
    model: (on, off) => {
      expect(on.spec.series.map((s) => s.pattern)).toEqual(['horizontal', 'vertical']);
      expect(off.spec.series.map((s) => s.pattern)).toEqual([null, null]);
    },
    staff: (on, off) => {
      expect(on.staff.patterned).toBe(2);
      expect(off.staff.patterned).toBe(0);
    },
    public: (on, off) => {
      expect(on.public.patterned).toBe(2);
      expect(off.public.patterned).toBe(0);
    },
    pdf: (on, off) => expect(on.pdf.lines).toBeGreaterThan(off.pdf.lines + 20),
  },
  {
    setting: 'data_format_id',
    label: 'Dataformaat (percentage en aantal)',
    on: chart(BAR, { dataFormatId: 3 }),
    off: chart(BAR),
    data: () => likert(1),
    model: (on) => expect(on.spec.format).toBe('percentage-count'),
    staff: (on, off) => {
      expect(on.staff.texts).toContain('40% (40)');
      expect(off.staff.texts).toContain('40%');
    },
    public: (on) => expect(on.public.texts).toContain('40% (40)'),
    pdf: (on, off) => {
      expect(on.pdf.texts).toContain('40% (40)');
      expect(off.pdf.texts).not.toContain('40% (40)');
    },
  },
  {
    setting: 'granularity_id',
    label: 'Granulariteit (Maand) on a line chart',
    on: chart(LINE, { granularityId: 3 }),
    off: chart(LINE),
    data: trend,
    // Without a granularity the data call answers no periods (tests/api/report-data.test.ts, 'splits a trend chart by its own granularity').
    dataOff: () => likert(1),
    model: (on, off) => {
      expect(on.spec.timeAxis).toBe(true);
      expect(on.spec.categories.map((c) => c.label)).toEqual(['jan 2026', 'feb 2026']);
      expect(off.spec.timeAxis).toBe(false);
    },
    staff: (on, off) => {
      expect(on.staff.categories).toEqual(['jan 2026', 'feb 2026']);
      expect(off.staff.categories).toEqual(['1 – zeer ontevreden', '2', '3', '4', '5 – zeer tevreden']);
    },
    public: (on) => expect(on.public.texts).toEqual(expect.arrayContaining(['jan 2026', 'feb 2026'])),
    pdf: (on) => expect(on.pdf.texts).toEqual(expect.arrayContaining(['jan 2026', 'feb 2026'])),
  },
  {
    setting: 'kpi_id',
    label: 'Kengetal (KPI): Respons',
    on: chart(KPI, { kpiId: 1 }),
    off: chart(KPI, { kpiId: 7 }),
    data: () => likert(1),
    model: (on, off) => {
      expect(on.spec.series[0]!.values).toEqual([100]);
      expect(off.spec.series[0]!.values).toEqual([65]);
    },
    staff: (on, off) => {
      expect(on.staff.via).toContain('svg');
      expect(on.staff.texts).toContain('100');
      expect(off.staff.texts).toContain('65%');
    },
    public: (on, off) => {
      expect(on.public.texts).toContain('100');
      expect(off.public.texts).toContain('65%');
    },
    pdf: (on, off) => {
      expect(on.pdf.texts).toContain('100');
      expect(off.pdf.texts).toContain('65%');
    },
  },
  {
    setting: 'stacked',
    label: 'Gestapeld (bar chart of a scale, two benchmarks)',
    on: chart(BAR, {}, { stacked: true }),
    off: chart(BAR),
    data: () => likert(2),
    model: (on, off) => {
      expect(on.spec.kind).toBe('stacked-bar');
      expect(on.spec.categories.map((c) => c.label)).toEqual(['Alle respondenten', 'Jongeren']);
      expect(on.spec.series.map((s) => s.label)).toEqual(['1 – zeer ontevreden', '2', '3', '4', '5 – zeer tevreden']);
      expect(off.spec.kind).toBe('bar');
    },
    staff: (on, off) => {
      // One bar per benchmark (named after it); segment tops add up to 100%.
      expect(on.staff.categories).toEqual(['Alle respondenten', 'Jongeren']);
      expect(on.staff.stackTops.at(-1)!.map((v) => Math.round(v!))).toEqual([100, 100]);
      expect(on.staff.legend).toEqual(['1 – zeer ontevreden', '2', '3', '4', '5 – zeer tevreden']);
      expect(off.staff.stackTops).toEqual([]);
    },
    public: (on, off) => {
      expect(on.public.legend).toEqual(['1 – zeer ontevreden', '2', '3', '4', '5 – zeer tevreden']);
      expect(on.public.texts).toEqual(expect.arrayContaining(['Alle respondenten', 'Jongeren']));
      expect(off.public.legend).toEqual(['Alle respondenten', 'Jongeren']);
    },
    pdf: (on, off) => {
      expect(on.pdf.legend).toEqual(['1 – zeer ontevreden', '2', '3', '4', '5 – zeer tevreden']);
      expect(on.pdf.categories).toEqual(['Alle respondenten', 'Jongeren']);
      expect(on.pdf.fills).toHaveLength(10);
      expect(off.pdf.legend).toEqual(['Alle respondenten', 'Jongeren']);
    },
  },
  {
    setting: 'reverseColors',
    label: "Kleuren omkeren (a 1–5 scale stacked on 'Oneens - eens': the first answer gets the scale's last colour)",
    on: chart(3, { colorSchemeId: 3 }, { reverseColors: true }),
    off: chart(3, { colorSchemeId: 3 }),
    data: () => likert(1),
    model: (on, off) => {
      expect(off.spec.series.map((s) => s.color)).toEqual(['#b2182b', '#ef8a62', '#cfcfcf', '#67a9cf', '#2166ac']);
      expect(on.spec.series.map((s) => s.color)).toEqual(['#2166ac', '#67a9cf', '#cfcfcf', '#ef8a62', '#b2182b']);
      // Text on a fill follows the fill.
      expect(on.spec.series[0]!.textColor).toBe(off.spec.series[4]!.textColor);
      expect(on.spec.series.map((s) => s.label)).toEqual(off.spec.series.map((s) => s.label));
    },
    staff: (on, off) => {
      expect(on.staff.fills).toEqual([...off.staff.fills].reverse());
      expect(on.staff.fills[0]).toBe('#2166ac');
    },
    public: (on, off) => {
      expect(on.public.fills.slice(0, 5)).toEqual(['#2166ac', '#67a9cf', '#cfcfcf', '#ef8a62', '#b2182b']);
      expect(off.public.fills.slice(0, 5)).toEqual(['#b2182b', '#ef8a62', '#cfcfcf', '#67a9cf', '#2166ac']);
    },
    pdf: (on, off) => {
      expect(on.pdf.fills.slice(0, 5)).toEqual(['#2166ac', '#67a9cf', '#cfcfcf', '#ef8a62', '#b2182b']);
      expect(off.pdf.fills.slice(0, 5)).toEqual(['#b2182b', '#ef8a62', '#cfcfcf', '#67a9cf', '#2166ac']);
    },
  },
  {
    setting: 'maxCategories',
    label: "Maximaal aantal categorieën (3: the rest folded into 'Overig')",
    on: chart(BAR, {}, { maxCategories: 3 }),
    off: chart(BAR),
    data: six,
    model: (on, off) => {
      expect(on.spec.categories.map((c) => c.label)).toEqual(['Bus', 'Auto', 'Te voet', 'Overig']);
      expect(on.spec.series[0]!.values).toEqual([40, 30, 18, 12]);
      expect(on.spec.series[1]!.counts).toEqual([20, 15, 9, 6]);
      expect(off.spec.categories).toHaveLength(6);
    },
    staff: (on) => {
      expect(on.staff.categories).toEqual(['Bus', 'Auto', 'Te voet', 'Overig']);
      expect(on.staff.texts).toEqual(expect.arrayContaining(['12%']));
    },
    public: (on, off) => {
      expect(on.public.texts).toEqual(expect.arrayContaining(['Overig', '12%']));
      expect(on.public.texts).not.toContain('Fiets');
      expect(off.public.texts).toContain('Fiets');
    },
    pdf: (on) => {
      expect(on.pdf.categories).toEqual(['Bus', 'Auto', 'Te voet', 'Overig']);
      expect(on.pdf.texts).toContain('12%');
    },
  },
];

describe('every chart setting the editor stores takes effect in the staff view, the public page and the PDF', () => {
  it('the table covers every chart option key the API accepts', () => {
    expect(CHART_OPTION_KEYS.filter((k) => !SETTINGS.some((r) => r.setting === k))).toEqual([]);
  });
  for (const row of SETTINGS) {
    describe(`${row.setting} ('${row.label}')`, () => {
      const build = async (c: ChartConfig): Promise<Renders> => {
        const spec = buildChartSpec(c, (c === row.off && row.dataOff ? row.dataOff : row.data)(), { minN: 10 });
        return { spec, staff: staff(spec), public: publicSvg(spec), pdf: await pdf(spec) };
      };
      it('chart model', async () => row.model(await build(row.on), await build(row.off)));
      for (const renderer of ['staff', 'public', 'pdf'] as const) {
        const check = row[renderer];
        if (typeof check === 'string') it(`${renderer}: no effect possible — ${check}`, () => expect(check.length).toBeGreaterThan(20));
        else it(renderer, async () => check(await build(row.on), await build(row.off)));
      }
    });
  }
});

/** Settings of the report (not of a chart) that change what the three renderers show, tested where they act. */
const REPORT_SETTINGS: { setting: string; label: string; where: Record<'staff' | 'public' | 'pdf', [file: string, test: string]> }[] = [
  {
    setting: 'date_filter',
    label: 'Datumfilter tonen',
    where: {
      staff: ['tests/unit/chart-settings-table.test.ts', "'Datumfilter tonen' off: the staff menu offers no date fields"],
      public: ['tests/api/report-privacy.test.ts', 'without date filter other dates are refused by the staff API, the public API and the menu; the public page ignores them'],
      pdf: ['tests/api/report-privacy.test.ts', 'without date filter other dates are refused by the staff API, the public API and the menu; the public page ignores them'],
    },
  },
  {
    setting: 'min_n',
    label: 'Minimale groepsgrootte (n)',
    where: {
      staff: ['tests/api/report-data.test.ts', 'suppresses a benchmark whose filter leaves fewer than min_n respondents: no numbers at all'],
      public: ['tests/api/public-report.test.ts', 'never returns numbers of a group below min_n'],
      pdf: ['tests/api/report-export.test.ts', 'shows a suppressed benchmark as "Te weinig respondenten" without any of its numbers'],
    },
  },
  {
    setting: 'pdf_export / direct_access',
    label: 'PDF-export toestaan / Openbaar toegankelijk',
    where: {
      staff: ['tests/api/report-export.test.ts', 'refuses without dashboard.export (403), for another company and with pdf_export off (404), bad input (422)'],
      public: ['tests/api/public-report.test.ts', 'is 404 while the report has no direct access, also for a logged-in visitor of another company'],
      pdf: ['tests/api/report-export.test.ts', 'refuses without dashboard.export (403), for another company and with pdf_export off (404), bad input (422)'],
    },
  },
  {
    setting: 'date_granularity / include_incomplete',
    label: 'Datumgranulariteit / onvolledige vragenlijsten meetellen',
    where: {
      staff: ['tests/api/report-privacy.test.ts', 'counts completed responses only unless the report includes incomplete ones, and says which'],
      public: ['tests/api/report-privacy.test.ts', 'with the date filter on, ranges one day apart are the same whole months: identical answers'],
      pdf: ['tests/api/report-privacy.test.ts', 'counts completed responses only unless the report includes incomplete ones, and says which'],
    },
  },
];

describe('report settings: each renderer has a test where the setting acts', () => {
  for (const r of REPORT_SETTINGS) {
    for (const [renderer, [file, test]] of Object.entries(r.where)) {
      it(`${r.setting} ('${r.label}') — ${renderer}: ${file} › ${test}`, () => expect(readFileSync(file, 'utf8')).toContain(test));
    }
  }
});

describe("'Datumfilter tonen' off: the staff menu offers no date fields", () => {
  it("'Datumfilter tonen' off: the staff menu offers no date fields", async () => {
    const { renderToStaticMarkup } = await import('react-dom/server');
    const { createElement } = await import('react');
    const store = await import('../../src/islands/report/report.store');
    const { BenchmarkFields } = await import('../../src/islands/report/BenchmarkList');
    const limits = { benchmarkCount: 3, startDate: '2026-01-01', endDate: '2026-12-31', dateGranularity: 'month' as const };
    store.$limits.set({ ...limits, dateFilter: false });
    const off = renderToStaticMarkup(createElement(BenchmarkFields));
    store.$limits.set({ ...limits, dateFilter: true });
    const on = renderToStaticMarkup(createElement(BenchmarkFields));
    expect(on).toContain('<select');
    expect(off).not.toContain('<select');
    expect(off).not.toContain('type="date"');
  });
});

describe("maxCategories: 'Overig' never reveals a number the engine did not release", () => {
  it("a group without a released number in the folded answers gets no 'Overig' (never base minus the shown answers)", () => {
    // Two data locations; Jongeren is suppressed in the second only (partly suppressed series).
    const a = location(4, sixCodes, [cell('Alle respondenten', [40, 6, 30, 4, 18, 2], sixCodes), cell('Jongeren', [20, 3, 15, 2, 9, 1], sixCodes)], { labels: sixCodes.map((c) => `Antwoord ${c}`), label: 'Wijk' });
    const b = location(5, sixCodes, [cell('Alle respondenten', [10, 10, 10, 10, 10, 10], sixCodes), hidden('Jongeren')], { labels: sixCodes.map((c) => `Antwoord ${c}`), label: 'Dorp' });
    const spec = buildChartSpec(chart(BAR, {}, { maxCategories: 2 }), [a, b], { minN: 10 });
    const overig = spec.categories.map((c, i) => [c.label, i] as const).filter(([l]) => l.endsWith('Overig'));
    expect(overig.map(([l]) => l)).toEqual(['Wijk: Overig', 'Dorp: Overig']);
    const [wijk, dorp] = overig.map(([, i]) => i);
    expect(spec.series[1]!.values[wijk!]).toBeCloseTo(100 * (3 + 2 + 9 + 1) / 50);
    expect(spec.series[1]!.values[dorp!]).toBeNull();
    expect(spec.series[1]!.counts![dorp!]).toBeNull();
    expect(spec.series[0]!.values[dorp!]).toBeCloseTo(100 * 40 / 60);
    // 'Overig' carries no margin, so it is never marked significant.
    expect(spec.series[0]!.margins?.[dorp!] ?? null).toBeNull();
  });
  it('a fully suppressed group has no numbers in any category, Overig included', () => {
    const loc = location(6, sixCodes, [cell('Alle respondenten', [40, 6, 30, 4, 18, 2], sixCodes), hidden('Jongeren')]);
    const spec = buildChartSpec(chart(BAR, {}, { maxCategories: 3 }), [loc], { minN: 10 });
    expect(spec.series[1]!.values.every((v) => v === null)).toBe(true);
    expect(spec.series[1]!.counts).toBeNull();
  });
  it("multiple choice: shares of respondents don't add up, so the rest is left out with a Dutch note", () => {
    const loc = { ...six()[0]!, kind: 'multi' as const };
    const spec = buildChartSpec(chart(BAR, {}, { maxCategories: 3 }), [loc], { minN: 10 });
    expect(spec.categories.map((c) => c.label)).toEqual(['Bus', 'Auto', 'Te voet']);
    expect(spec.notes.join(' ')).toContain("3 andere antwoorden niet getoond (meerdere antwoorden mogelijk, dus niet op te tellen tot 'Overig').");
  });
  it("'Overig' is grey, stays last whatever the sorting, and takes in the question's own 'Overig' answer", () => {
    const codes = ['1', '2', '3', '-oth-'];
    const loc = location(7, codes, [cell('Alle respondenten', [10, 20, 30, 40], codes)], { labels: ['Bus', 'Fiets', 'Auto', 'Overig'] });
    const spec = buildChartSpec(chart(BAR, { sortingOptionId: 3 }, { maxCategories: 2 }), [loc], { minN: 10 });
    expect(spec.categories.map((c) => c.label)).toEqual(['Fiets', 'Auto', 'Overig']);
    expect(spec.series[0]!.values).toEqual([20, 30, 50]);
    expect(spec.categories.at(-1)!.color).toBe(FOLD_COLOR);
  });
  it('stacked: the answers beyond the top N become one grey segment per bar, none for a suppressed bar', () => {
    const loc = location(8, sixCodes, [cell('Alle respondenten', [40, 6, 30, 4, 18, 2], sixCodes), hidden('Jongeren')], { labels: ['Bus', 'Fiets', 'Auto', 'Scooter', 'Te voet', 'Boot'] });
    const spec = buildChartSpec(chart(3, {}, { maxCategories: 3 }), [loc], { minN: 10 });
    expect(spec.series.map((s) => s.label)).toEqual(['Bus', 'Auto', 'Te voet', 'Overig']);
    expect(spec.series.at(-1)!.values).toEqual([12, null]);
    expect(spec.series.at(-1)!.color).toBe(FOLD_COLOR);
  });
  it('an answer keeps its colour when others are folded', () => {
    const all = buildChartSpec(chart(3), six(), { minN: 10 });
    const folded = buildChartSpec(chart(3, {}, { maxCategories: 3 }), six(), { minN: 10 });
    const colorOf = (spec: ChartSpec, label: string) => spec.series.find((s) => s.label === label)!.color;
    for (const label of ['Bus', 'Auto', 'Te voet']) expect(colorOf(folded, label)).toBe(colorOf(all, label));
    const bars = (spec: ChartSpec, label: string) => spec.categories.find((c) => c.label === label)!.color;
    const one = (max?: number) => buildChartSpec(chart(BAR, {}, max ? { maxCategories: max } : {}), [{ ...six()[0]!, benchmarks: six()[0]!.benchmarks.slice(0, 1) }], { minN: 10 });
    for (const label of ['Bus', 'Auto', 'Te voet']) expect(bars(one(3), label)).toBe(bars(one(), label));
  });
});

describe("'Gestapeld' where stacking means nothing", () => {
  it('one number per group (a mean), multiple choice and trends stay as they are', () => {
    expect(buildChartSpec(chart(BAR, { dataFormatId: 4 }, { stacked: true }), likert(2)).kind).toBe('bar');
    expect(buildChartSpec(chart(COLUMN, {}, { stacked: true }), [{ ...topics()[0]!, kind: 'multi' }]).kind).toBe('column');
    expect(buildChartSpec(chart(LINE, { granularityId: 3 }, { stacked: true }), trend()).kind).toBe('line');
  });
  it("'Verberg antwoorden zonder respondenten' drops empty segments of a stacked chart", () => {
    const spec = buildChartSpec(chart(3, {}, { hideEmpty: true }), topics([0, 40, 20, 40]));
    expect(spec.series.map((s) => s.label)).toEqual(['Groen', 'Verkeer', 'Wegen']);
  });
});

describe('sorting on stacked charts', () => {
  const item = (id: number, label: string, topBoxes: number[]) =>
    location(id, likertCodes, topBoxes.map((topBox, b) => cell(['Alle respondenten', 'Jongeren'][b]!, [5, 10, 20, 40, 25], likertCodes, { topBox })), { question, labels: likertCodes, label });
  const items = () => [item(11, 'Schoon', [40, 45]), item(12, 'Veilig', [70, 20]), item(13, 'Groen', [55, 60])];
  const bars = (sortingOptionId: number) => buildChartSpec(chart(3, { sortingOptionId }), items(), { minN: 10 }).categories.map((c) => c.label);
  it('several questions move as whole items (by their first bar), each keeping its benchmarks in the menu order', () => {
    expect(bars(2)).toEqual(['Veilig (Alle respondenten)', 'Veilig (Jongeren)', 'Groen (Alle respondenten)', 'Groen (Jongeren)', 'Schoon (Alle respondenten)', 'Schoon (Jongeren)']);
    expect(bars(3).filter((_, i) => i % 2 === 0)).toEqual(['Schoon (Alle respondenten)', 'Groen (Alle respondenten)', 'Veilig (Alle respondenten)']);
    expect(bars(4).filter((_, i) => i % 2 === 0)).toEqual(['Groen (Alle respondenten)', 'Schoon (Alle respondenten)', 'Veilig (Alle respondenten)']);
    expect(bars(5).filter((_, i) => i % 2 === 0)).toEqual(['Veilig (Alle respondenten)', 'Schoon (Alle respondenten)', 'Groen (Alle respondenten)']);
    expect(bars(1).filter((_, i) => i % 2 === 0)).toEqual(['Schoon (Alle respondenten)', 'Veilig (Alle respondenten)', 'Groen (Alle respondenten)']);
  });
  it('a suppressed bar has no top box: it goes last, and its item follows its first released bar', () => {
    const spec = buildChartSpec(chart(BAR, { sortingOptionId: 2 }, { stacked: true }), [location(1, likertCodes, [hidden('Alle respondenten'), cell('Jongeren', [5, 10, 20, 40, 25], likertCodes, { topBox: 65 })], { question, labels: likertCodes })], { minN: 10 });
    expect(spec.categories.map((c) => [c.label, !!c.suppressed])).toEqual([['Jongeren', false], ['Alle respondenten', true]]);
    expect(spec.series[0]!.values[1]).toBeNull();
  });
  it("answers without an order: sorted on the first released bar, alphabetically by label, 'Overig' last", () => {
    // Letter codes: answers without an order (numeric codes would make them a scale).
    const codes = ['B', 'F', 'A', 'S', 'T', 'O'];
    const data = () => [location(3, codes, [hidden('Alle respondenten'), cell('Jongeren', [20, 3, 15, 2, 9, 1], codes)], { labels: ['Bus', 'Fiets', 'Auto', 'Scooter', 'Te voet', 'Boot'] })];
    const segs = (sortingOptionId: number, options: Record<string, unknown> = {}) => buildChartSpec(chart(3, { sortingOptionId }, options), data(), { minN: 10 }).series.map((s) => s.label);
    expect(segs(3)).toEqual(['Boot', 'Scooter', 'Fiets', 'Te voet', 'Auto', 'Bus']);
    expect(segs(4)).toEqual(['Auto', 'Boot', 'Bus', 'Fiets', 'Scooter', 'Te voet']);
    expect(segs(3, { maxCategories: 3 })).toEqual(['Te voet', 'Auto', 'Bus', 'Overig']);
  });
});
