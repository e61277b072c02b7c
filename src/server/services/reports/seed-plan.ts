import { type Cube, cubeKindOf } from '../../analytics';
import type { ResponseColumn } from '../surveys/column-map';
import type { StructureQuestion, SurveyStructure } from '../surveys/load-structure';
import { reportsNl } from '../../../shared/i18n/reports';
import { isAnswerOption } from '../../../shared/chart/config';
import { CHART_SORTING_OPTIONS, CHART_TYPES, COLOR_SCHEMES, DATA_FORMATS } from '../../../shared/lookups';

type ChartKey = (typeof CHART_TYPES)[number]['key'];
type FormatKey = (typeof DATA_FORMATS)[number]['key'];

export interface PlannedChart {
  title: string;
  chartTypeId: number;
  dataFormatId: number;
  colorSchemeId: number;
  /** CHART_SORTING_OPTIONS id, or null: the survey's order (scales keep their order). */
  sortingOptionId: number | null;
  columns: string[];
}
export interface PlannedSection {
  title: string;
  charts: PlannedChart[];
}

const typeId = (key: ChartKey) => CHART_TYPES.find((t) => t.key === key)!.id;
const formatId = (key: FormatKey) => DATA_FORMATS.find((f) => f.key === key)!.id;
const scheme = (name: (typeof COLOR_SCHEMES)[number]['name']) => COLOR_SCHEMES.find((s) => s.name === name)!.id;

/** Plain one-line text of a LimeSurvey html text, at most 191 characters. */
export function plainTitle(html: string | undefined, fallback: string): string {
  const text = (html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return fallback;
  return text.length > 191 ? `${text.slice(0, 190)}…` : text;
}

const sorting = (key: (typeof CHART_SORTING_OPTIONS)[number]['key']) => CHART_SORTING_OPTIONS.find((o) => o.key === key)!.id;


/** A 0–10 scale (how likely to recommend): eleven codes 0 … 10, as the NPS chart needs. */
function isRecommendation(codes: string[]): boolean {
  return codes.length === 11 && codes.every((c, i) => c === String(i));
}

/**
 * The palette of an ordinal scale, in scale order: 5 or 7 points diverge from the bad end over a
 * grey middle to the good end ('Oneens - eens'); a 1–10 grade gets the report-grade scale; other
 * scales (3 or 4 points, 'Nooit – Soms – Vaak') the sequential blues.
 */
export function scalePalette(points: number, codes: string[]): number {
  if (points === 5) return scheme('Oneens - eens (5 punten)');
  if (points === 7) return scheme('Oneens - eens (7 punten)');
  if (points === 10 && codes.every((c, i) => c === String(i + 1))) return scheme('Rapportcijfer');
  return scheme('Blauwtinten');
}

/**
 * One chart per question, picked by the question's kind (PUT report/{id}/seed, 'Vulling'):
 * - an ordinal scale (single choice whose answers all carry a score: numeric codes or assessment
 *   values, 3 points or more): a bar per answer in scale order with a diverging or sequential
 *   palette (scalePalette); an array of such rows a 100 % stacked bar with that palette;
 * - a 0–10 recommendation question: the Net Promoter Score chart;
 * - yes/no (two answers): a bar in two colours;
 * - multiple choice: a bar sorted from the most chosen answer down;
 * - open text (short text in the cube): the top answers ('Open antwoorden', most frequent first);
 * - a number: a KPI of the mean;
 * - other single choice (names, districts): a bar in the survey's order.
 * Long texts, dates, uploads and questions missing from the cube get no chart.
 */
export function planChart(q: StructureQuestion, columns: ResponseColumn[], cube: Cube, lang: string): PlannedChart | null {
  const kind = cubeKindOf(q.type);
  const title = plainTitle(q.texts[lang] ?? Object.values(q.texts)[0], q.code);
  const own = columns.filter((c) => c.questionId === q.id && c.part === 'value').map((c) => c.key);
  const chart = (type: ChartKey, format: FormatKey, colours: number, keys: string[], sortingOptionId: number | null = null): PlannedChart => ({ title, chartTypeId: typeId(type), dataFormatId: formatId(format), colorSchemeId: colours, sortingOptionId, columns: keys });
  if (kind === 'multi') return cube.byKey.has(q.code) ? chart('bar', 'percentage', scheme('ImpulZ'), [q.code], sorting('value-desc')) : null;
  const keys = own.filter((k) => cube.byKey.get(k)?.kind === kind);
  if (!keys.length) return null;
  if (kind === 'numeric') return chart('kpi', 'mean', scheme('ImpulZ'), keys);
  if (kind === 'text') return chart('open-answers', 'count', scheme('ImpulZ'), keys.slice(0, 1));
  if (kind !== 'single') return null;
  const col = cube.byKey.get(keys[0]!)!;
  if (col.kind !== 'single') return null;
  const codes = col.codes.filter(isAnswerOption);
  const scored = codes.length >= 3 && codes.every((c) => Number.isFinite(col.scores[col.codes.indexOf(c)]!));
  const array = keys.length > 1;
  if (!array && isRecommendation(codes)) return chart('net-promoter', 'percentage', scheme('ImpulZ'), keys);
  if (codes.length === 2) return chart(array ? 'stacked-bar-100' : 'bar', 'percentage', scheme('ImpulZ'), keys);
  if (scored) return chart(array ? 'stacked-bar-100' : 'bar', 'percentage', scalePalette(codes.length, codes), keys, sorting('original'));
  return chart(array ? 'stacked-bar-100' : 'bar', 'percentage', scheme('ImpulZ'), keys);
}

/** One section per question group that has at least one chart, in the survey's order. */
export function planSeed(structure: SurveyStructure, columns: ResponseColumn[], cube: Cube, lang: string): PlannedSection[] {
  return structure.groups
    .map((g, i) => ({
      title: plainTitle(g.names[lang] ?? Object.values(g.names)[0], reportsNl.groupFallback(i + 1)),
      charts: g.questions.map((q) => planChart(q, columns, cube, lang)).filter((c): c is PlannedChart => c !== null),
    }))
    .filter((s) => s.charts.length > 0);
}
