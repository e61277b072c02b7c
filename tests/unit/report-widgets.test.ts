import { describe, expect, it } from 'vitest';
import { widgetsOf } from '../../src/shared/report-widgets';
import { cell, hidden } from './chart-fixtures';

/** Issue 18: one widget model for the staff view, the public page and the PDF. */
describe('report widgets', () => {
  const data = {
    benchmarks: [
      { label: 'Alle respondenten', start: '2026-01-01', end: '2026-06-30' },
      { label: 'Haven', start: '2026-01-01', end: '2026-06-30' },
    ],
    dataLocations: [{ benchmarks: [cell('Alle respondenten', [600, 634], ['1', '2']), hidden('Haven')] }],
    minN: 10,
    includeIncomplete: false,
  };
  it('the response counter shows the released group sizes and never a suppressed one', () => {
    const [w] = widgetsOf([{ id: 1, sectionId: 1, widgetTypeId: 1, settings: null }], data);
    expect(w).toMatchObject({ key: 'response-counter', label: 'Aantal respondenten' });
    expect(w!.lines.map((l) => l.text)).toEqual(['Alle respondenten: 1.234', 'Haven: Te weinig respondenten (minder dan 10)']);
  });
  it('at first paint (pending) the counter has its line per benchmark, without any number', () => {
    const [w] = widgetsOf([{ id: 1, sectionId: 1, widgetTypeId: 1, settings: null }], { ...data, dataLocations: [], pending: true });
    expect(w!.lines.map((l) => l.text)).toEqual(['Alle respondenten: wordt geteld…', 'Haven: wordt geteld…']);
  });
  it('period, min_n notice and contact block read their settings; an unknown type shows nothing', () => {
    const rows = [
      { id: 2, sectionId: 1, widgetTypeId: 2, settings: { label: 'Periode' } },
      { id: 3, sectionId: 2, widgetTypeId: 3, settings: {} },
      { id: 4, sectionId: 2, widgetTypeId: 4, settings: { name: 'Team Onderzoek', email: 'o@example.nl', phone: '010 - 123 45 67', text: '' } },
      { id: 5, sectionId: 2, widgetTypeId: 99, settings: {} },
    ];
    const ws = widgetsOf(rows, data);
    // Without a label of their own: a heading for readers, never the editor's type name ('Contactblok').
    expect(ws.map((w) => w.label)).toEqual(['Periode', 'Kleine groepen', 'Contact']);
    expect(ws[0]!.lines.map((l) => l.text)).toEqual(['1 januari 2026 t/m 30 juni 2026', 'Alleen volledig ingevulde vragenlijsten']);
    expect(ws[1]!.lines[0]!.text).toContain('vanaf 10 deelnemers');
    expect(ws[2]!.lines).toEqual([{ text: 'Team Onderzoek' }, { text: 'o@example.nl', href: 'mailto:o@example.nl' }, { text: '010 - 123 45 67', href: 'tel:0101234567' }]);
  });
});
