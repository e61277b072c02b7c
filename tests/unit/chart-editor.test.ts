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

describe("'Maximum van de as' (chart option max): a field like the other numbers", () => {
  it('the panel shows a labelled number field with its hint; decimals allowed', async () => {
    const { renderToStaticMarkup } = await import('react-dom/server');
    const { createElement } = await import('react');
    const { default: ChartOptionsPanel } = await import('../../src/islands/chart-editor/ChartOptionsPanel');
    const html = renderToStaticMarkup(createElement(ChartOptionsPanel, { options: { max: 80 }, onChange: () => {}, errors: { max: 'Kies een getal groter dan 0 en hoogstens 1.000.000' } }));
    const field = /<label[^>]*>Maximum van de as(<input [^>]*>)/.exec(html)?.[1] ?? '';
    for (const attr of ['type="number"', 'step="any"', 'value="80"', 'aria-invalid="true"']) expect(field).toContain(attr);
    expect(field).toMatch(/aria-describedby="\S+-max-hint \S+-max-error"/);
    expect(html).toContain('Leeg: volgt uit de cijfers');
  });

  it("is checked with the API's schema: above 0, at most 1.000.000, a number; also in the chart's own options object", async () => {
    const { parseOptionValue } = await import('../../src/shared/validation/reports-parts');
    const { ChartUpdate } = await import('../../src/shared/validation/reports');
    for (const bad of [0, -5, 'abc', 2_000_000, true]) expect(parseOptionValue('max', bad).error?.issues[0]?.message).toBe('Kies een getal groter dan 0 en hoogstens 1.000.000');
    expect([parseOptionValue('max', '4.5').data, parseOptionValue('max', 80).data]).toEqual([4.5, 80]);
    const wrong = ChartUpdate.safeParse({ options: { max: 0, rchart: { any: 1 } } });
    expect(wrong.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['options.max', 'Kies een getal groter dan 0 en hoogstens 1.000.000']]);
    expect(ChartUpdate.parse({ options: { max: '80', rchart: { any: 1 } } }).options).toEqual({ max: 80, rchart: { any: 1 } });
  });

  it('clearing it deletes the stored value: its row, and the copy in the chart’s own options object', async () => {
    sent.length = 0;
    const out = await saveChartOptions(7, [{ id: 5, chart_id: 7, key: 'max', value: 80 }], { max: 80 }, { max: undefined }, ['max']);
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual(['DELETE /api/v2/chart/7/chartOption/5']);
    expect(out).toEqual([]);
    const { chartBody } = await import('../../src/islands/chart-editor/ChartForm');
    const draft = (options: Record<string, unknown>): ChartDraft => ({ id: 7, section_id: 1, chart_type_id: 2, title: 'T', sorting_option_id: 1, data_format_id: 1, data_type_id: null, kpi_id: null, pattern_id: null, granularity_id: 0, color_scheme_id: 1, options });
    // Set through the API in the chart's own options (no row): saving other fields keeps it …
    expect(chartBody(draft({ max: 80, rchart: 1 }), { max: 80 }, []).options).toEqual({ max: 80, rchart: 1 });
    // … clearing or changing it takes it out of the object (a change becomes a row).
    expect(chartBody(draft({ max: undefined }), { max: 80 }, []).options).toEqual({});
    expect(chartBody(draft({ max: 90 }), { max: 80 }, []).options).toEqual({});
    // A value held by a row stays in the row only.
    expect(chartBody(draft({ max: 80 }), { max: 80 }, [{ id: 5, chart_id: 7, key: 'max', value: 80 }]).options).toEqual({});
  });
});
