import { type Cube, cubeKindOf } from '../../analytics';
import type { ResponseColumn } from '../surveys/column-map';
import type { StructureQuestion, SurveyStructure } from '../surveys/load-structure';
import { reportsNl } from '../../../shared/i18n/reports';
import { CHART_TYPES, COLOR_SCHEMES, DATA_FORMATS } from '../../../shared/lookups';

type ChartKey = (typeof CHART_TYPES)[number]['key'];
type FormatKey = (typeof DATA_FORMATS)[number]['key'];

export interface PlannedChart {
  title: string;
  chartTypeId: number;
  dataFormatId: number;
  colorSchemeId: number;
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

/** Likert arrays of 5 or 7 points get the disagree–agree colours; everything else the house colours. */
function coloursFor(cube: Cube, keys: string[]): number {
  const col = cube.byKey.get(keys[0]!);
  const n = col && col.kind === 'single' ? col.codes.length : 0;
  return n === 5 ? scheme('Oneens - eens (5 punten)') : n === 7 ? scheme('Oneens - eens (7 punten)') : scheme('ImpulZ');
}

/**
 * One sensible chart per question (PUT report/{id}/seed): Likert arrays (several single-choice
 * columns) → stacked-bar-100, single choice → bar, multiple choice → bar, numeric → kpi of the
 * mean. Open text, dates, uploads and questions missing from the cube get no chart.
 */
export function planChart(q: StructureQuestion, columns: ResponseColumn[], cube: Cube, lang: string): PlannedChart | null {
  const kind = cubeKindOf(q.type);
  const title = plainTitle(q.texts[lang] ?? Object.values(q.texts)[0], q.code);
  const own = columns.filter((c) => c.questionId === q.id && c.part === 'value').map((c) => c.key);
  if (kind === 'multi') return cube.byKey.has(q.code) ? { title, chartTypeId: typeId('bar'), dataFormatId: formatId('percentage'), colorSchemeId: scheme('ImpulZ'), columns: [q.code] } : null;
  const keys = own.filter((k) => cube.byKey.get(k)?.kind === kind);
  if (!keys.length) return null;
  if (kind === 'numeric') return { title, chartTypeId: typeId('kpi'), dataFormatId: formatId('mean'), colorSchemeId: scheme('ImpulZ'), columns: keys };
  if (kind !== 'single') return null;
  if (keys.length > 1) return { title, chartTypeId: typeId('stacked-bar-100'), dataFormatId: formatId('percentage'), colorSchemeId: coloursFor(cube, keys), columns: keys };
  return { title, chartTypeId: typeId('bar'), dataFormatId: formatId('percentage'), colorSchemeId: scheme('ImpulZ'), columns: keys };
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
