import { describe, expect, it } from 'vitest';
import { buildChartSpec } from '../../src/shared/chart-spec';
import { chartWeightingNote, reportWeightingNote } from '../../src/shared/chart/weighting-note';
import { CHART_TYPES } from '../../src/shared/lookups';
import { cell, location } from './chart-fixtures';

const type = (key: string) => CHART_TYPES.find((t) => t.key === key)!.id;
const codes = ['1', '2'];
const LABEL = 'Gewogen naar leeftijdsgroep, geslacht en wijk';
const scheme = { name: 'Bevolking 2026', label: LABEL };
const weighted = (id: number) => location(id, codes, [cell('A', [40, 60], codes)], { weighted: true, question: `Gewogen vraag ${id}` });
const plain = (id: number) => location(id, codes, [cell('A', [40, 60], codes)], { weighted: false, question: `Andere vraag ${id}` });
const notes = (locs: ReturnType<typeof location>[], chartType = 'bar') => buildChartSpec({ id: 1, title: 'T', chartTypeId: type(chartType) }, locs, { weightedBy: LABEL }).notes;

describe("'Gewogen naar …' under a chart: exactly when its numbers were weighted", () => {
  it('a chart of the scheme’s survey says it; a chart of another survey does not', () => {
    expect(notes([weighted(1)])).toContain(`${LABEL}.`);
    expect(notes([plain(1)]).join(' ')).not.toContain('Gewogen');
    // Unmarked data (an answer without the flag) is not weighted either.
    expect(notes([location(1, codes, [cell('A', [40, 60], codes)])]).join(' ')).not.toContain('Gewogen');
  });

  it('an unweighted report (no label) never says it, whatever the flags', () => {
    expect(buildChartSpec({ id: 1, title: 'T', chartTypeId: type('bar') }, [weighted(1)]).notes.join(' ')).not.toContain('Gewogen');
    expect(chartWeightingNote(null, [weighted(1)])).toBeNull();
  });

  it('a chart of two surveys names the weighted questions only', () => {
    expect(notes([weighted(1), plain(2)])).toContain(`${LABEL}: alleen ‘Gewogen vraag 1’.`);
    expect(chartWeightingNote(LABEL, [weighted(1), weighted(3), plain(2)])).toBe(`${LABEL}: alleen ‘Gewogen vraag 1’ en ‘Gewogen vraag 3’.`);
  });

  it('open answers (counted texts) carry no note', () => {
    const text = location(1, ['a'], [cell('A', [5], ['a'])], { kind: 'text', weighted: true });
    expect(notes([text], 'open-answers').join(' ')).not.toContain('Gewogen');
    expect(chartWeightingNote(LABEL, [text])).toBeNull();
  });
});

describe("the report's line (PDF cover, public page)", () => {
  it("is the scheme's sentence when every chart with numbers is weighted, 'Deels gewogen' when some are, nothing when none", () => {
    expect(reportWeightingNote(scheme, [weighted(1), weighted(2)])).toBe(LABEL);
    expect(reportWeightingNote(scheme, [weighted(1), location(9, ['a'], [], { kind: 'text', weighted: false })])).toBe(LABEL);
    const partly = reportWeightingNote(scheme, [weighted(1), plain(2)]);
    expect(partly).toBe("Deels gewogen: alleen de grafieken waaronder ‘Gewogen naar …’ staat (weging ‘Bevolking 2026’)");
    expect(partly).not.toContain(LABEL);
    expect(reportWeightingNote(scheme, [plain(1)])).toBeNull();
    expect(reportWeightingNote(null, [weighted(1)])).toBeNull();
  });
});
