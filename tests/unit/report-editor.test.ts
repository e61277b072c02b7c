import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: { method: string; path: string; body?: unknown }[] = [];
let fail = false;
vi.mock('../../src/shared/api-client', () => ({
  api: vi.fn(async (method: string, path: string, options: { body?: unknown } = {}) => {
    calls.push({ method, path, body: options.body });
    if (fail) throw new Error('kapot');
    return { data: { id: 99, report_id: 7, title: (options.body as { title?: string })?.title, order: 2 } };
  }),
}));

const store = await import('../../src/islands/report-editor/editor.store');
const { issuesToErrors } = await import('../../src/islands/report-editor/fields');
const { ReportInput } = await import('../../src/shared/validation/reports');
const { overviewTab, visibleOverviewTabs } = await import('../../src/components/report-editor/overview-items');
const { newReportValues, todayNl } = await import('../../src/components/report-editor/form-values');

const chart = (id: number, order: number) => ({ id, section_id: 1, title: `G${id}`, chart_type_id: 1, order });
const sections = () => [
  { id: 1, report_id: 7, title: 'Een', order: 0, charts: [chart(11, 0), chart(12, 1), chart(13, 2)] },
  { id: 2, report_id: 7, title: 'Twee', order: 1, charts: [] },
  { id: 3, report_id: 7, title: 'Drie', order: 2, charts: [] },
];

beforeEach(() => {
  calls.length = 0;
  fail = false;
  store.$sections.set(sections());
});

describe('moveItem / renumber', () => {
  it('moves down, up and clamps at the ends', () => {
    expect(store.moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(store.moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(store.moveItem(['a', 'b', 'c'], 2, 9)).toEqual(['a', 'b', 'c']);
    expect(store.moveItem(['a', 'b', 'c'], 5, 0)).toEqual(['a', 'b', 'c']);
  });
  it('renumbers order 0…n−1', () => {
    expect(store.renumber([{ order: 5 }, { order: 2 }]).map((x) => x.order)).toEqual([0, 1]);
  });
});

describe('editor store', () => {
  it('moves a section and PATCHes the full new order', async () => {
    expect(await store.moveSection(7, 0, 2)).toBe(true);
    expect(store.$sections.get().map((s) => [s.id, s.order])).toEqual([[2, 0], [3, 1], [1, 2]]);
    expect(calls).toEqual([{ method: 'PATCH', path: '/api/v2/report/7/section/order', body: { order: [2, 3, 1] } }]);
  });
  it('sends nothing for a move that changes nothing', async () => {
    expect(await store.moveSection(7, 0, 0)).toBe(false);
    expect(calls).toHaveLength(0);
  });
  it('puts the old order back when saving fails', async () => {
    fail = true;
    expect(await store.moveSection(7, 2, 0)).toBe(false);
    expect(store.$sections.get().map((s) => s.id)).toEqual([1, 2, 3]);
  });
  it('moves a chart within its section', async () => {
    expect(await store.moveChart(1, 2, 0)).toBe(true);
    expect(store.$sections.get()[0]!.charts.map((c) => c.id)).toEqual([13, 11, 12]);
    expect(calls[0]).toEqual({ method: 'PATCH', path: '/api/v2/section/1/chart/order', body: { order: [13, 11, 12] } });
  });
  it('adds, renames and deletes sections and charts', async () => {
    await store.addSection(7, 'Vier');
    expect(store.$sections.get().at(-1)).toMatchObject({ id: 99, title: 'Vier', charts: [] });
    await store.renameSection(7, 2, 'Nieuw');
    expect(store.$sections.get()[1]!.title).toBe('Nieuw');
    await store.deleteChart(1, 12);
    expect(store.$sections.get()[0]!.charts.map((c) => c.id)).toEqual([11, 13]);
    await store.deleteSection(7, 1);
    expect(store.$sections.get().map((s) => s.id)).toEqual([2, 3, 99]);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/v2/report/7/section',
      'PUT /api/v2/report/7/section/2',
      'DELETE /api/v2/chart/12',
      'DELETE /api/v2/report/7/section/1',
    ]);
  });
});

describe('texts and widgets in the store', () => {
  it('adds and removes a widget of one section only', async () => {
    await store.addWidget(2, 1, { label: 'Deelnemers' });
    expect(calls[0]).toEqual({ method: 'POST', path: '/api/v2/widget', body: { section_id: 2, widget_type_id: 1, settings: { label: 'Deelnemers' } } });
    expect(store.$sections.get()[1]!.widgets?.map((w) => w.id)).toEqual([99]);
    expect(store.$sections.get()[0]!.widgets).toBeUndefined();
    await store.deleteWidget(2, 99);
    expect(calls[1]).toMatchObject({ method: 'DELETE', path: '/api/v2/widget/99' });
    expect(store.$sections.get()[1]!.widgets).toEqual([]);
  });
  it('keeps one section text per position; null removes it', () => {
    store.setSectionText(1, 'before', { id: 5, body: 'a', position: 'before', section_id: 1 });
    store.setSectionText(1, 'before', { id: 6, body: 'b', position: 'before', section_id: 1 });
    store.setSectionText(1, 'after', { id: 7, body: 'c', position: 'after', section_id: 1 });
    expect(store.$sections.get()[0]!.texts!.map((t) => t.id).sort()).toEqual([6, 7]);
    store.setSectionText(1, 'before', null);
    expect(store.$sections.get()[0]!.texts!.map((t) => t.id)).toEqual([7]);
  });
  it('keeps the widget list when creating one fails', async () => {
    fail = true;
    await expect(store.addWidget(2, 1, {})).rejects.toThrow();
    expect(store.$sections.get()[1]!.widgets).toBeUndefined();
  });
});

describe('report form values', () => {
  it('gives the Dutch messages per field, incl. Minimaal 1 benchmark', () => {
    const parsed = ReportInput.safeParse({ ...newReportValues(1), title: '', benchmark_count: '0', end_date: '2026-13-01' });
    expect(parsed.success).toBe(false);
    const errors = issuesToErrors(parsed.error!);
    expect(errors.benchmark_count).toEqual(['Minimaal 1 benchmark']);
    expect(errors.title).toEqual(['Dit veld mag niet leeg zijn']);
    expect(errors.end_date?.[0]).toMatch(/geldige datum/);
  });
  it('accepts the defaults of a new report once it has a title', () => {
    expect(ReportInput.safeParse({ ...newReportValues(1), title: 'Peiling' }).success).toBe(true);
  });
  it('uses the Dutch calendar day for the default end date', () => {
    expect(todayNl(new Date('2026-03-31T22:30:00Z'))).toBe('2026-04-01');
    expect(newReportValues(null, new Date('2026-06-01T10:00:00Z')).end_date).toBe('2026-06-01');
  });
  it('falls back to the "all" overview tab for unknown tabs', () => {
    expect(overviewTab('concept')).toBe('concept');
    expect(overviewTab('archived')).toBe('archived');
    expect(overviewTab('<script>')).toBe('all');
    expect(overviewTab(null)).toBe('all');
  });
  it('shows readers the Concept and Ter controle tabs only when they hold a report', () => {
    expect(visibleOverviewTabs({ published: 2 }, false)).toEqual(['published', 'all', 'archived']);
    expect(visibleOverviewTabs({ review: 1 }, false)).toEqual(['review', 'published', 'all', 'archived']);
    expect(visibleOverviewTabs({}, true)).toEqual(['concept', 'review', 'published', 'all', 'archived']);
  });
});
