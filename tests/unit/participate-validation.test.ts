import { describe, expect, it } from 'vitest';
import { buildFormModel, type FormQuestion } from '../../src/server/services/participate/form-model';
import { applyPageRelevance, computeEquations, type Answers } from '../../src/server/services/participate/page-flow';
import { formFields, normalizeNumber, readQuestion } from '../../src/server/services/participate/read-answers';
import { validateQuestion } from '../../src/server/services/participate/validate-answers';
import type { ParsedQuestion, ParsedSurvey } from '../../src/server/services/surveys/lss/parse-lss';
import { participateNl } from '../../src/shared/i18n/participate';
import { structureOf } from '../helpers/parsed-structure';

const v = participateNl.validation;
let qid = 0;
const questions: ParsedQuestion[] = [];
const answers: ParsedSurvey['answers'] = [];
function q(type: string, code: string, o: { mandatory?: string; other?: boolean; preg?: string; attrs?: Record<string, string>; subs?: string[]; cols?: string[]; answers?: string[]; relevance?: string; text?: string } = {}) {
  const id = String(++qid);
  questions.push({ qid: id, parentQid: null, gid: '1', type, code, scaleId: 0, sortOrder: qid, mandatory: o.mandatory ?? 'N', other: !!o.other, relevance: o.relevance ?? '1', validation: o.preg ?? '', theme: '', texts: { nl: o.text ?? code }, helps: {}, attributes: o.attrs ?? {} });
  (o.subs ?? []).forEach((s, i) => questions.push({ qid: String(++qid), parentQid: id, gid: '1', type, code: s, scaleId: 0, sortOrder: i, mandatory: '', other: false, relevance: '1', validation: '', theme: '', texts: { nl: s }, helps: {}, attributes: {} }));
  (o.cols ?? []).forEach((s, i) => questions.push({ qid: String(++qid), parentQid: id, gid: '1', type, code: s, scaleId: 1, sortOrder: i, mandatory: '', other: false, relevance: '1', validation: '', theme: '', texts: { nl: s }, helps: {}, attributes: {} }));
  (o.answers ?? []).forEach((c, i) => answers.push({ qid: id, code: c, scaleId: 0, sortOrder: i, assessmentValue: 0, labels: { nl: c } }));
}
q('L', 'keuze', { mandatory: 'Y', other: true, answers: ['A1', 'A2'] });
q('M', 'meer', { subs: ['S1', 'S2', 'S3'], attrs: { min_answers: '2', max_answers: '2' }, other: true });
q('N', 'getal', { attrs: { min_num_value_n: '1', max_num_value_n: '10', num_value_int_only: '1' } });
q('K', 'verdeling', { subs: ['a', 'b'], attrs: { equals_num_value: '100' } });
q('S', 'postcode', { preg: '/^[1-9][0-9]{3} ?[A-Z]{2}$/i', attrs: { em_validation_q_tip: 'Vul een postcode in, zoals 1234 AB.' } });
q('T', 'tekst', { attrs: { maximum_chars: '10' } });
q('F', 'matrix', { mandatory: 'Y', subs: ['r1', 'r2'], answers: ['1', '2', '3'] });
q('R', 'rang', { answers: ['x', 'y', 'z'] });
q('D', 'datum', { attrs: { date_min: '2020-01-01', date_max: '2030-12-31' } });
q('Y', 'zacht', { mandatory: 'S' });
q('S', 'leeftijdcheck', { attrs: { em_validation_q: 'is_empty(self.NAOK) or getal.NAOK >= 5' } });
q(':', 'raster', { subs: ['y1'], cols: ['x1', 'x2'], attrs: { multiflexible_max: '9' } });
q('*', 'som', { text: '{sum(verdeling_a, verdeling_b) * 2}' });
q('M', 'gevolg', { subs: ['S1', 'S2'], attrs: { array_filter: 'meer' } });
const parsed = { sid: 1, baseLanguage: 'nl', languages: ['nl'], groups: [{ gid: '1', sortOrder: 0, relevance: '', randomizationGroup: '', names: { nl: 'G' }, descriptions: {} }], questions, answers } as unknown as ParsedSurvey;
const model = buildFormModel(1, structureOf(parsed), { lsSid: 1, baseLanguage: 'nl', languages: ['nl'], attributeNames: [] });
const byCode = (code: string) => [...model.questions.values()].find((x) => x.code === code)!;
const check = (code: string, values: Answers, opts: { paper?: boolean; soft?: boolean } = {}) =>
  validateQuestion(model, byCode(code), values, { lang: 'nl', paper: opts.paper, softSkipped: opts.soft ? new Set([byCode(code).id]) : new Set() });
const read = (fq: FormQuestion, fields: Record<string, string>) => readQuestion(fq, formFields(fields), new Set(fq.rows.map((r) => r.id)));

describe('answers: reading the form under the column keys', () => {
  it('reads every kind into LimeSurvey keys', () => {
    expect(read(byCode('keuze'), { keuze: '', keuze_other: 'iets anders' })).toEqual({ keuze: '-oth-', keuze_other: 'iets anders' });
    expect(read(byCode('keuze'), { keuze: 'A1', keuze_other: 'vergeten' })).toEqual({ keuze: 'A1', keuze_other: '' });
    expect(read(byCode('meer'), { meer_S1: 'Y', meer_S3: 'on' })).toEqual({ meer_S1: 'Y', meer_S2: '', meer_S3: '', meer_other: '' });
    expect(read(byCode('getal'), { getal: ' 7,5 ' })).toEqual({ getal: '7.5' });
    expect(read(byCode('raster'), { raster_y1_x1: '3', raster_y1_x2: '' })).toEqual({ raster_y1_x1: '3', raster_y1_x2: '' });
    expect(read(byCode('datum'), { datum: '2024-05-06' })).toEqual({ datum: '2024-05-06 00:00:00' });
    expect(read(byCode('rang'), { rang_1: 'z', rang_2: 'x' })).toEqual({ rang_1: 'z', rang_2: 'x', rang_3: '' });
    expect(normalizeNumber('1.250,75')).toBe('1250.75');
  });
});

describe('validation attributes, checked on the server with Dutch messages', () => {
  it('mandatory and the "other" text', () => {
    expect(check('keuze', { keuze: '' })).toBe(v.mandatory);
    expect(check('keuze', { keuze: '-oth-', keuze_other: '' })).toBe(v.otherText);
    expect(check('keuze', { keuze: 'A9' })).toBe(v.invalidChoice);
    expect(check('keuze', { keuze: 'A2' })).toBeNull();
    expect(check('matrix', { matrix_r1: '1', matrix_r2: '' })).toBe(v.mandatoryAll);
    expect(check('matrix', { matrix_r1: '', matrix_r2: '' })).toBe(v.mandatory);
  });

  it('soft mandatory: a warning the respondent may confirm', () => {
    expect(check('zacht', { zacht: '' })).toBe(v.soft);
    expect(check('zacht', { zacht: '' }, { soft: true })).toBeNull();
  });

  it('min/max answers', () => {
    expect(check('meer', { meer_S1: 'Y', meer_S2: '', meer_S3: '' })).toBe(v.minAnswers(2));
    expect(check('meer', { meer_S1: 'Y', meer_S2: 'Y', meer_S3: '', meer_other: 'x' })).toBe(v.maxAnswers(2));
    expect(check('meer', { meer_S1: 'Y', meer_S2: '', meer_S3: '', meer_other: 'x' })).toBeNull();
    expect(check('meer', { meer_S1: '', meer_S2: '', meer_S3: '' })).toBeNull();
  });

  it('numbers: integer only, min/max values, sums, grid bounds', () => {
    expect(check('getal', { getal: 'abc' })).toBe(v.number);
    expect(check('getal', { getal: '7.5' })).toBe(v.integer);
    expect(check('getal', { getal: '0' })).toBe(v.min('1'));
    expect(check('getal', { getal: '11' })).toBe(v.max('10'));
    expect(check('getal', { getal: '10' })).toBeNull();
    expect(check('verdeling', { verdeling_a: '60', verdeling_b: '30' })).toBe(v.sumEquals('100'));
    expect(check('verdeling', { verdeling_a: '60', verdeling_b: '40' })).toBeNull();
    expect(check('raster', { raster_y1_x1: '12', raster_y1_x2: '' })).toBe(v.max('9'));
  });

  it('regular expressions (with the question tip), maximum characters, date range', () => {
    expect(check('postcode', { postcode: '12345' })).toBe('Vul een postcode in, zoals 1234 AB.');
    expect(check('postcode', { postcode: '1234 ab' })).toBeNull();
    expect(check('tekst', { tekst: 'veel te lange tekst' })).toBe(v.maxChars(10));
    expect(check('datum', { datum: '2019-12-31 00:00:00' })).toBe(v.dateMin('01-01-2020'));
    expect(check('datum', { datum: '2031-02-30 00:00:00' })).toBe(v.date);
    expect(check('datum', { datum: '2025-02-28 00:00:00' })).toBeNull();
  });

  it('ranking: each answer once, no gaps', () => {
    expect(check('rang', { rang_1: 'x', rang_2: 'x', rang_3: '' })).toBe(v.rankTwice);
    expect(check('rang', { rang_1: '', rang_2: 'x', rang_3: '' })).toBe(v.rankGap);
    expect(check('rang', { rang_1: 'y', rang_2: 'x', rang_3: '' })).toBeNull();
  });

  it('em_validation_q expressions with self and other questions', () => {
    expect(check('leeftijdcheck', { leeftijdcheck: 'ja', getal: '3' })).toBe(v.expression);
    expect(check('leeftijdcheck', { leeftijdcheck: 'ja', getal: '6' })).toBeNull();
  });

  it('paper entry checks only what was typed', () => {
    expect(check('keuze', { keuze: '' }, { paper: true })).toBeNull();
    expect(check('keuze', { keuze: 'X' }, { paper: true })).toBe(v.invalidChoice);
    expect(check('getal', { getal: '99' }, { paper: true })).toBeNull();
    expect(check('getal', { getal: 'abc' }, { paper: true })).toBe(v.number);
  });
});

describe('conditions and equations on a page', () => {
  it('hides rows by array_filter and stores nothing for them; computes equations', () => {
    const page = model.pages[0]!;
    const values: Answers = { meer_S1: 'Y', meer_S2: '', meer_S3: '', gevolg_S1: 'Y', gevolg_S2: 'Y', verdeling_a: '60', verdeling_b: '40', som: '' };
    const { rows } = applyPageRelevance(model, page, values, {});
    const gevolg = byCode('gevolg');
    expect(rows.has(gevolg.rows[0]!.id)).toBe(true);
    expect(rows.has(gevolg.rows[1]!.id)).toBe(false);
    expect(values).not.toHaveProperty('gevolg_S2');
    computeEquations(model, page.questions, values, {});
    expect(values.som).toBe('200');
  });
});
