import { describe, expect, it } from 'vitest';
import type { Cube } from '../../src/server/analytics';
import { planChart, scalePalette } from '../../src/server/services/reports/seed-plan';
import type { ResponseColumn } from '../../src/server/services/surveys/column-map';
import type { StructureQuestion } from '../../src/server/services/surveys/load-structure';
import { CHART_SORTING_OPTIONS, CHART_TYPES, COLOR_SCHEMES, DATA_FORMATS } from '../../src/shared/lookups';

/** The quick-fill ('Vulling') picks a chart by the question's kind: only the question's type, its columns and the cube's codes and scores count. */
type Col = { kind: 'single'; codes: string[]; scores: number[] } | { kind: 'multi'; codes: string[] } | { kind: 'numeric' } | { kind: 'text' };
function pick(type: string, cols: Record<string, Col>, code = Object.keys(cols)[0]!.split('_')[0]!) {
  const q = { id: 7, code, type, texts: { nl: `<p>Vraag ${code}</p>` } } as unknown as StructureQuestion;
  const columns = Object.keys(cols).map((key) => ({ key, questionId: 7, part: 'value' }) as ResponseColumn);
  const cube = { byKey: new Map(Object.entries(cols).map(([k, c]) => [k, { key: k, ...c, ...('scores' in c ? { scores: Float64Array.from(c.scores) } : {}) }])) } as unknown as Cube;
  const plan = planChart(q, columns, cube, 'nl');
  if (!plan) return null;
  return {
    type: CHART_TYPES.find((t) => t.id === plan.chartTypeId)!.key,
    format: DATA_FORMATS.find((f) => f.id === plan.dataFormatId)!.key,
    scheme: COLOR_SCHEMES.find((s) => s.id === plan.colorSchemeId)!.name,
    sorting: CHART_SORTING_OPTIONS.find((o) => o.id === plan.sortingOptionId)?.key ?? null,
    columns: plan.columns,
    title: plan.title,
  };
}
const scale = (n: number, from = 1) => ({ kind: 'single' as const, codes: Array.from({ length: n }, (_, i) => String(i + from)), scores: Array.from({ length: n }, (_, i) => i + from) });
const nominal = (...codes: string[]) => ({ kind: 'single' as const, codes, scores: codes.map(() => NaN) });

describe('quick-fill: a chart by question kind', () => {
  it('an ordinal 5-point scale: a bar in scale order with the diverging palette (an array: a 100 % stacked bar)', () => {
    expect(pick('L', { tevreden: scale(5) })).toEqual({ type: 'bar', format: 'percentage', scheme: 'Oneens - eens (5 punten)', sorting: 'original', columns: ['tevreden'], title: 'Vraag tevreden' });
    expect(pick('F', { buurt_SQ001: scale(7), buurt_SQ002: scale(7) })).toMatchObject({ type: 'stacked-bar-100', scheme: 'Oneens - eens (7 punten)', sorting: 'original', columns: ['buurt_SQ001', 'buurt_SQ002'] });
  });

  it('other ordinal scales: sequential blues (3 points, "Nooit – Soms – Vaak"), a 1–10 grade the grade scale; assessment values count as scores', () => {
    expect(pick('F', { veilig_overdag: scale(3), veilig_avond: scale(3) })).toMatchObject({ type: 'stacked-bar-100', scheme: 'Blauwtinten', sorting: 'original' });
    expect(pick('B', { cijfer_SQ001: scale(10), cijfer_SQ002: scale(10) })).toMatchObject({ scheme: 'Rapportcijfer' });
    expect(pick('L', { vaak: { kind: 'single', codes: ['A1', 'A2', 'A3', 'A4'], scores: [1, 2, 3, 4] } })).toMatchObject({ type: 'bar', scheme: 'Blauwtinten', sorting: 'original' });
    expect(scalePalette(4, ['1', '2', '3', '4'])).toBe(COLOR_SCHEMES.find((s) => s.name === 'Blauwtinten')!.id);
  });

  it('a 0–10 recommendation question: the NPS chart', () => {
    expect(pick('L', { aanbevelen: scale(11, 0) })).toMatchObject({ type: 'net-promoter', columns: ['aanbevelen'] });
  });

  it('yes/no: a bar in two colours (the house colours: blue and orange)', () => {
    expect(pick('Y', { contact: nominal('Y', 'N') })).toMatchObject({ type: 'bar', scheme: 'ImpulZ', sorting: null });
    expect(pick('L', { ja: { kind: 'single', codes: ['1', '2', '-oth-'], scores: [1, 2, NaN] } })).toMatchObject({ type: 'bar', scheme: 'ImpulZ' });
  });

  it('multiple choice: a bar sorted from the most chosen answer down', () => {
    expect(pick('M', { problemen: { kind: 'multi', codes: ['SQ001', 'SQ002'] } })).toMatchObject({ type: 'bar', format: 'percentage', scheme: 'ImpulZ', sorting: 'value-desc', columns: ['problemen'] });
  });

  it('open text: the top answers; a number: the mean; other single choice: a bar in the survey order', () => {
    expect(pick('S', { verbeterpunt: { kind: 'text' } })).toMatchObject({ type: 'open-answers', format: 'count', columns: ['verbeterpunt'] });
    expect(pick('N', { jaren: { kind: 'numeric' } })).toMatchObject({ type: 'kpi', format: 'mean' });
    expect(pick('!', { wijk: nominal('W1', 'W2', 'W3', 'W4', 'W5', 'W6') })).toMatchObject({ type: 'bar', scheme: 'ImpulZ', sorting: null });
  });

  it('no chart for long text, dates and questions missing from the cube', () => {
    expect(pick('T', { opmerking: { kind: 'text' } })).toBeNull();
    expect(pick('D', { datum: { kind: 'numeric' } })).toBeNull();
    const q = { id: 7, code: 'weg', type: 'L', texts: { nl: 'Weg' } } as unknown as StructureQuestion;
    expect(planChart(q, [{ key: 'weg', questionId: 7, part: 'value' } as ResponseColumn], { byKey: new Map() } as unknown as Cube, 'nl')).toBeNull();
  });
});
