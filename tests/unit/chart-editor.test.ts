import { describe, expect, it, vi } from 'vitest';
import { $dirty, $draft, initDraft, saveChartOptions, setField, setOption, type ChartDraft } from '../../src/islands/chart-editor/editor.store';
import { needsSubquestion, questionColumn, subquestionChoices, usableQuestion, type PickerQuestion } from '../../src/islands/chart-editor/column-key';

const q = (type: string, hasSubquestions = false): PickerQuestion => ({ id: 1, code: 'Q1', type, question: 'Vraag', hasSubquestions });
const sub = (code: string, scale_id = 0) => ({ id: code.length, code, question: `Rij ${code}`, scale_id });

describe('chart editor column keys (same keys as the import column map)', () => {
  it('single questions are their own column; ranking charts rank 1', () => {
    expect(needsSubquestion(q('L'))).toBe(false);
    expect(questionColumn(q('L'))).toBe('Q1');
    expect(questionColumn(q('R'))).toBe('Q1_1');
  });

  it('multiple choice is one column without a subquestion', () => {
    expect(needsSubquestion(q('M', true))).toBe(false);
    expect(subquestionChoices(q('M', true), [sub('SQ1')])).toEqual([]);
    expect(questionColumn(q('P', true))).toBe('Q1');
  });

  it('arrays need a subquestion: Q_SQ, dual scale Q_SQ_s, number arrays Q_ROW_COL', () => {
    expect(needsSubquestion(q('F', true))).toBe(true);
    expect(subquestionChoices(q('F', true), [sub('SQ1'), sub('SQ2')]).map((c) => c.key)).toEqual(['Q1_SQ1', 'Q1_SQ2']);
    expect(subquestionChoices(q('1', true), [sub('A')]).map((c) => c.key)).toEqual(['Q1_A_0', 'Q1_A_1']);
    expect(subquestionChoices(q(':', true), [sub('R1'), sub('C1', 1), sub('C2', 1)]).map((c) => c.key)).toEqual(['Q1_R1_C1', 'Q1_R1_C2']);
  });

  it('text displays and uploads cannot feed a chart', () => {
    expect(usableQuestion(q('X'))).toBe(false);
    expect(usableQuestion(q('|'))).toBe(false);
    expect(usableQuestion(q('5'))).toBe(true);
  });
});

const sent: { method: string; path: string; body: unknown }[] = [];
vi.mock('../../src/shared/api-client', () => ({
  ApiError: class extends Error {},
  request: vi.fn(async (method: string, path: string, body?: { key?: string; value: unknown }) => {
    sent.push({ method, path, body });
    const id = Number(/chartOption\/(\d+)$/.exec(path)?.[1] ?? 100 + sent.length);
    return { data: { id, chart_id: 7, key: body?.key ?? 'decimals', value: body?.value } };
  }),
}));

describe('chart editor store', () => {
  const chart: ChartDraft = {
    id: 7, section_id: 1, chart_type_id: 1, title: 'T', sorting_option_id: 1, data_format_id: 1, data_type_id: null,
    kpi_id: null, pattern_id: null, granularity_id: 0, color_scheme_id: 1, options: { decimals: 0 },
  };

  it('tracks unsaved changes of fields and options', () => {
    initDraft(chart);
    expect($dirty.get()).toBe(false);
    setField('color_scheme_id', 2);
    setOption('showN', true);
    expect($dirty.get()).toBe(true);
    expect($draft.get()).toMatchObject({ color_scheme_id: 2, options: { decimals: 0, showN: true } });
    initDraft($draft.get()!);
    expect($dirty.get()).toBe(false);
  });

  it('writes only changed chart options: PUT for known rows, POST for new keys', async () => {
    sent.length = 0;
    const rows = [{ id: 3, chart_id: 7, key: 'decimals', value: 0 }];
    const out = await saveChartOptions(7, rows, { decimals: 0, showLegend: true }, { decimals: 2, showLegend: true, showN: true }, ['decimals', 'showLegend', 'showN', 'stacked']);
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual(['PUT /api/v2/chart/7/chartOption/3', 'POST /api/v2/chart/7/chartOption']);
    expect(sent[0]!.body).toEqual({ value: 2 });
    expect(sent[1]!.body).toEqual({ key: 'showN', value: true });
    expect(out.map((r) => [r.key, r.value])).toEqual([['decimals', 2], ['showN', true]]);
  });

  it("a cleared number ('Maximaal aantal categorieën') deletes its row, so the default applies again", async () => {
    sent.length = 0;
    const rows = [{ id: 4, chart_id: 7, key: 'maxCategories', value: 3 }];
    const out = await saveChartOptions(7, rows, { maxCategories: 3 }, { maxCategories: undefined }, ['maxCategories']);
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual(['DELETE /api/v2/chart/7/chartOption/4']);
    expect(out).toEqual([]);
  });

  it("switches read as the chart model reads them: 'Toon legenda' and 'Toon waarden' are on until switched off", async () => {
    const { switchOn } = await import('../../src/islands/chart-editor/ChartOptionsPanel');
    expect([switchOn('showLegend', undefined), switchOn('showValues', undefined), switchOn('showLegend', false)]).toEqual([true, true, false]);
    expect([switchOn('showN', undefined), switchOn('stacked', true)]).toEqual([false, true]);
  });
});
