import { CHART_SORTING_OPTIONS, CHART_TYPES, DATA_FORMATS, GRANULARITY, KPIS } from '../lookups';
import { chartsNl } from '../i18n/charts';
import type { PeriodGranularity } from './periods';
import type { ChartConfig, DataLocationAnswer, ValueFormat } from './types';

export interface NormalConfig {
  id: number;
  title: string;
  typeKey: string;
  format: ValueFormat;
  sort: (typeof CHART_SORTING_OPTIONS)[number]['key'];
  schemeId: number | null;
  patternId: number | null;
  granularity: PeriodGranularity | null;
  kpi: (typeof KPIS)[number]['key'] | null;
  showN: boolean;
  /** 'Toon legenda' (default on): off = no legend in any renderer. */
  showLegend: boolean;
  /** 'Toon waarden' (default on): numbers on bars, columns and segments in every renderer. */
  showValues: boolean;
  usePatterns: boolean;
  /** 'Kleuren omkeren': the colour scheme runs from its last colour to its first (chart/colors.ts paints). */
  reverseColors: boolean;
  hideEmpty: boolean;
  showMarginOfError: boolean;
  decimals: number | null;
  max: number | null;
  /** 'Gestapeld': a bar or column chart of answer options draws stacked bars (one per benchmark). */
  stacked: boolean;
  /** 'Maximaal aantal categorieën': the top N answers, the rest folded into 'Overig' (chart/fold.ts). */
  maxCategories: number | null;
}

const SOLID_PATTERN = 1;
const pick = <T>(a: T | undefined, b: T | undefined): T | undefined => (a !== undefined ? a : b);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The chart's settings from either the API (snake_case) or a row (camelCase), with defaults. */
export function normalizeConfig(c: ChartConfig, opts: { usePatterns?: boolean; granularityId?: number }): NormalConfig {
  const o: Record<string, unknown> = { ...(c.options ?? {}), ...Object.fromEntries((c.chartOptions ?? []).map((r) => [r.key, r.value])) };
  const typeId = pick(c.chartTypeId, c.chart_type_id);
  const formatId = pick(c.dataFormatId, c.data_format_id);
  const sortId = pick(c.sortingOptionId, c.sorting_option_id);
  const granularityId = pick(c.granularityId, c.granularity_id) || opts.granularityId || 0;
  const kpiId = pick(c.kpiId, c.kpi_id);
  const g = GRANULARITY.find((x) => x.id === granularityId)?.key ?? 'none';
  return {
    id: c.id,
    title: c.title,
    typeKey: CHART_TYPES.find((t) => t.id === typeId)?.key ?? 'column',
    format: DATA_FORMATS.find((f) => f.id === formatId)?.key ?? 'percentage',
    sort: CHART_SORTING_OPTIONS.find((s) => s.id === sortId)?.key ?? 'original',
    schemeId: pick(c.colorSchemeId, c.color_scheme_id) ?? null,
    patternId: pick(c.patternId, c.pattern_id) ?? null,
    granularity: g === 'none' ? null : g,
    kpi: KPIS.find((k) => k.id === kpiId)?.key ?? null,
    showN: o.showN === true,
    showLegend: o.showLegend !== false,
    showValues: o.showValues !== false,
    // Choosing a pattern in the editor ('Patroon', anything but none or 'Effen') switches patterns on.
    usePatterns: opts.usePatterns === true || o.usePatterns === true || ((pick(c.patternId, c.pattern_id) ?? null) !== null && pick(c.patternId, c.pattern_id) !== SOLID_PATTERN),
    reverseColors: o.reverseColors === true,
    hideEmpty: o.hideEmpty === true,
    showMarginOfError: o.showMarginOfError === true,
    decimals: num(o.decimals) !== null ? Math.max(0, Math.min(3, Math.floor(num(o.decimals)!))) : null,
    // Above 0 only, as the API checks it (the editor's preview may hold a value not yet checked).
    max: (num(o.max) ?? 0) > 0 ? num(o.max) : null,
    stacked: o.stacked === true,
    maxCategories: num(o.maxCategories) !== null && num(o.maxCategories)! >= 1 ? Math.min(50, Math.floor(num(o.maxCategories)!)) : null,
  };
}

/** Label of option i of a data location: its text in the data language, else a readable code. */
/** An answer option proper, not the 'Anders' code ('-oth-', '__other__') or another system code. */
export const isAnswerOption = (code: string): boolean => !code.startsWith('-') && !code.startsWith('__');

export function optionLabel(loc: DataLocationAnswer, i: number): string {
  const code = loc.codes[i] ?? '';
  const label = loc.labels?.[i];
  if (label && label !== code) return label;
  const end = scaleEnds(loc.question)?.get(code);
  if (end) return `${code} – ${end}`;
  if (label) return label;
  return code === '-oth-' || code === '__other__' ? chartsNl.other : code;
}

/**
 * The texts of a numeric scale's ends as the question states them: 'Hoe tevreden … (1 = zeer
 * ontevreden, 5 = zeer tevreden)' → 1 → 'zeer ontevreden', 5 → 'zeer tevreden'. LimeSurvey's
 * 1–5 and 1–10 arrays have no answer texts of their own, so legends would read '1 2 3 4 5'.
 */
export function scaleEnds(question: string | undefined): Map<string, string> | null {
  if (!question) return null;
  const found = new Map<string, string>();
  for (const m of question.matchAll(/(\d+)\s*=\s*([^,;()]+)/g)) found.set(m[1]!, m[2]!.trim());
  return found.size >= 2 ? found : null;
}

/** Label of a data location as a category: its own label, the subquestion, the question, or the column key. */
export function locationLabel(loc: Pick<DataLocationAnswer, 'label' | 'subquestion' | 'question' | 'columnKey'>): string {
  return loc.label || loc.subquestion || loc.question || loc.columnKey;
}

/** The Dutch text of a suppressed group: 'Te weinig respondenten (minder dan 10): <reason>'. */
export function suppressionText(reason: string, minN: number | null): string {
  const head = minN ? chartsNl.suppressedMinN(minN) : chartsNl.suppressed;
  const why = chartsNl.reasons[reason as keyof typeof chartsNl.reasons];
  return why ? `${head}: ${why(minN)}` : head;
}
