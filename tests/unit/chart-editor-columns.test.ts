import { describe, expect, it } from 'vitest';
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
