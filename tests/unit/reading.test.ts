import { describe, expect, it } from 'vitest';
import { displayNames } from '../../src/islands/report/benchmarks';
import { needsOptionLabels } from '../../src/shared/benchmark-names';
import { buildChartSpec, fitProblem } from '../../src/shared/chart-spec';
import { cell, location } from './chart-fixtures';

const catalog = [{ options: [{ id: 1, label: '18 t/m 34 jaar' }, { id: 4, label: '65 jaar of ouder' }] }, { options: [{ id: 101, label: 'Centrum' }, { id: 102, label: 'Noord' }] }, { options: [{ id: 201, label: 'Vrouw' }] }];
const b = (label: string, filterOptions: number[] = []) => ({ label, start: null, end: null, filterOptions });

describe('benchmark names (legends, tables, PDF)', () => {
  it('own label first, else all respondents, else the option labels', () => {
    expect(displayNames([b(''), b('', [1]), b('Ouderen', [4])], catalog)).toEqual(['Alle respondenten', '18 t/m 34 jaar', 'Ouderen']);
    expect(displayNames([b('A'), b('B', [1, 101])], catalog)).toEqual(['Alle respondenten', '18 t/m 34 jaar + Centrum']);
  });
  it("options of one category with ', ', categories with ' + ', in category order (issue 35 item 3)", () => {
    expect(displayNames([b('', [201, 102])], catalog)).toEqual(['Noord + Vrouw']);
    expect(displayNames([b('', [4, 1, 201])], catalog)).toEqual(['65 jaar of ouder, 18 t/m 34 jaar + Vrouw']);
  });
  it('never a letter: names that would repeat get their number, unknown options are left out', () => {
    expect(displayNames([b(''), b('')], catalog)).toEqual(['Alle respondenten', 'Alle respondenten (2)']);
    expect(displayNames([b('', [102]), b('B', [102])], catalog)).toEqual(['Noord', 'Noord (2)']);
    expect(displayNames([b(''), b('', [999, 201]), b('', [999])], catalog)).toEqual(['Alle respondenten', 'Vrouw', '…']);
    for (const name of displayNames([b(''), b('', [1]), b('', [1]), b('D')], catalog)) expect(name).not.toMatch(/\([A-Z]\)|^[A-Z]$/);
  });
  it("the first paint asks for the menu's labels only when a filtered benchmark has no label of its own", () => {
    expect(needsOptionLabels([b(''), b('Ouderen', [4])])).toBe(false);
    expect(needsOptionLabels([b('A'), b('B', [1])])).toBe(true);
    expect(needsOptionLabels([b('', [1])])).toBe(true);
    expect(needsOptionLabels([b('')])).toBe(false);
  });
});

describe('chart types that cannot show the data', () => {
  const codes = ['1', '2', '3', '4', '5'];
  const likert = location(1, codes, [cell('A', [1, 2, 3, 4, 5], codes)]);
  it('gives a Dutch sentence and no numbers', () => {
    expect(fitProblem('net-promoter', [likert])).toMatch(/nul tot en met tien/);
    expect(fitProblem('open-answers', [likert])).toMatch(/open vraag/);
    expect(fitProblem('pie', [likert, { ...likert, id: 2 }])).toMatch(/één vraag/);
    expect(fitProblem('column', [likert])).toBeNull();
    const spec = buildChartSpec({ id: 1, title: 'T', chartTypeId: 14 }, [likert]);
    expect(spec.unfit).toBeTruthy();
    expect(spec.series).toEqual([]);
  });
});
