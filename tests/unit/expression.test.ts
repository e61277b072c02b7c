import { describe, expect, it } from 'vitest';
import { evaluate, isTrue, type Env } from '../../src/shared/expression/evaluate';
import { ExpressionError, parseExpression, splitTemplate } from '../../src/shared/expression/parse';
import { compileExpression, type Vocabulary } from '../../src/shared/expression/resolve';
import { holds } from '../../src/server/services/participate/page-flow';
import { fixtureModel } from '../helpers/parsed-structure';

// A small survey's vocabulary: QC (yes/no), QCS1 (multiple choice SH101, SH102), AF (multiple
// choice with three options), age and yearsMarried (numbers), name (text), SGQA ids of LimeSurvey.
const vocabulary: Vocabulary = {
  keys: new Set(['QC', 'QCS1_SH101', 'QCS1_SH102', 'QCS3', 'AF_1', 'AF_2', 'AF_3', 'age', 'yearsMarried', 'name', 'TOKEN:ATTRIBUTE_1']),
  codeByLsQid: new Map([[1435, 'QCS1']]),
  lists: new Map([['AF', ['AF_1', 'AF_2', 'AF_3']], ['QCS1', ['QCS1_SH101', 'QCS1_SH102']]]),
};
const env = (values: Record<string, string | null>): Env => ({ get: (k) => (k in values ? values[k]! : null) });
const truth = (src: string, values: Record<string, string | null>) => isTrue(compileExpression(src, vocabulary), env(values));
const value = (src: string, values: Record<string, string | null> = {}) => evaluate(compileExpression(src, vocabulary), env(values));

describe('ExpressionScript: LimeSurvey examples', () => {
  it('reads .NAOK comparisons (conditions compiled to relevance)', () => {
    expect(truth('((QC.NAOK == "Y"))', { QC: 'Y' })).toBe(true);
    expect(truth('((QC.NAOK == "Y"))', { QC: 'N' })).toBe(false);
    // Not shown: .NAOK reads it as empty, so the comparison is simply false / the != true.
    expect(truth('QC.NAOK == "Y"', {})).toBe(false);
    expect(truth('QC.NAOK != "Y"', {})).toBe(true);
  });

  it('makes a condition false when it reads a plain variable that is not applicable', () => {
    expect(truth('QC != "Y"', {})).toBe(false);
    expect(truth('QC != "Y"', { QC: '' })).toBe(true);
    // Also when `or` would not need that side.
    expect(truth('age > 5 or QC == "Y"', { age: '10' })).toBe(false);
  });

  it('evaluates is_empty', () => {
    expect(truth('is_empty(QC.NAOK)', {})).toBe(true);
    expect(truth('is_empty(QC.NAOK)', { QC: '' })).toBe(true);
    expect(truth('is_empty(QC.NAOK)', { QC: 'N' })).toBe(false);
    expect(truth('!is_empty(age) && !is_empty(yearsMarried) && yearsMarried >= age', { age: '30', yearsMarried: '31' })).toBe(true);
    expect(truth('!is_empty(age) && !is_empty(yearsMarried) && yearsMarried >= age', { age: '30', yearsMarried: '9' })).toBe(false);
    expect(truth('is_empty(age.NAOK) || is_empty(yearsMarried.NAOK)', { age: '30' })).toBe(true);
  });

  it('counts and sums answered values, also over that.X lists', () => {
    expect(truth('count(that.AF) > 0', { AF_1: '', AF_2: 'Y', AF_3: '' })).toBe(true);
    expect(truth('count(that.AF) > 0', { AF_1: '', AF_2: '', AF_3: '' })).toBe(false);
    expect(truth('count(that.AF) < 4', { AF_1: 'Y', AF_2: 'Y', AF_3: 'Y' })).toBe(true);
    expect(value('count(AF_1.NAOK, AF_2.NAOK, AF_3.NAOK)', { AF_1: 'Y', AF_3: 'Y' })).toBe('2');
    expect(value('sum(age, yearsMarried)', { age: '30', yearsMarried: '2.5' })).toBe('32.5');
  });

  it('evaluates if() and arithmetic', () => {
    expect(value('if(age >= 18, "volwassen", "kind")', { age: '40' })).toBe('volwassen');
    expect(value('if(age >= 18, "volwassen", "kind")', { age: '12' })).toBe('kind');
    expect(value('(age + 2) * 3', { age: '1' })).toBe('9');
    expect(value('1 / 0')).toBe('');
  });

  it('compares numbers as numbers, texts as texts, empty only equal to empty', () => {
    expect(truth('age > 5', { age: '10' })).toBe(true);
    expect(truth('age > 5', { age: '' })).toBe(false);
    expect(truth('age < 5', { age: '' })).toBe(false);
    expect(truth('age == 10.0', { age: '10' })).toBe(true);
    expect(truth('name == "Jan"', { name: 'Jan' })).toBe(true);
    expect(truth('name eq "Jan" and age ge 18', { name: 'Jan', age: '18' })).toBe(true);
    expect(truth('name == ""', { name: '' })).toBe(true);
  });

  it('resolves SGQA codes, case differences and token attributes', () => {
    expect(truth('282267X46X1435SH101.NAOK == "Y"', { QCS1_SH101: 'Y' })).toBe(true);
    expect(truth('qc.NAOK == "Y"', { QC: 'Y' })).toBe(true);
    expect(truth('TOKEN:ATTRIBUTE_1 == "Noord"', { 'TOKEN:ATTRIBUTE_1': 'Noord' })).toBe(true);
    expect(truth('QC.relevanceStatus', {})).toBe(false);
    expect(truth('QC.relevanceStatus', { QC: '' })).toBe(true);
  });

  it('reports what it cannot evaluate, with the reason', () => {
    const code = (src: string) => {
      try {
        compileExpression(src, vocabulary);
        return 'ok';
      } catch (err) {
        return err instanceof ExpressionError ? `${err.code}:${err.detail}` : 'other';
      }
    };
    expect(code('unknown == 1')).toBe('unknownVariable:unknown');
    expect(code('QC.question == "x"')).toBe('unsupportedAttribute:QC.question');
    expect(code('strrev(QC) == "x"')).toBe('unknownFunction:strrev');
    expect(code('if(QC, 1)')).toBe('arity:if');
    expect(code('QC = "Y"')).toBe('assignment:=');
    expect(code('(QC == "Y"')).toBe('syntax:einde');
    expect(code('regexMatch("/(?<=a)b(?x)/", name)')).toBe('regex:/(?<=a)b(?x)/');
    expect(code('regexMatch("/^[0-9]{4} ?[A-Z]{2}$/i", name)')).toBe('ok');
  });

  it('splits texts into literal and {expression} parts like LimeSurvey', () => {
    expect(splitTemplate('Hallo {name}, u bent {age} jaar. { niet } p {color: red}')).toEqual([
      { text: 'Hallo ' }, { text: '{name}', expr: 'name' }, { text: ', u bent ' }, { text: '{age}', expr: 'age' }, { text: ' jaar. { niet } p ' },
      { text: '{color: red}', expr: 'color: red' },
    ]);
    expect(() => parseExpression('color: red')).toThrow(ExpressionError);
  });
});

describe('ExpressionScript: every relevance equation of the fixture surveys evaluates or is reported', () => {
  for (const file of ['ls5_sample_survey_multilingual_fr_de_en_it.lss', 'ls205_sample_survey_english.lss', 'ls191_sample_survey_multilingual.lss', 'limesurvey_survey_841748_colors.lss']) {
    it(file, () => {
      const { model, structure } = fixtureModel(file);
      const reported = new Set(model.warnings.map((w) => `${w.subject}|${w.expression}`));
      let evaluated = 0;
      const emptyEnv: Env = { get: () => '' };
      for (const page of model.pages) {
        const g = structure.groups[page.index]!;
        if (page.relevance && 'error' in page.relevance) expect(model.warnings.some((w) => w.where === 'group' && w.expression === g.relevance)).toBe(true);
        for (const q of page.questions) {
          const src = g.questions.find((x) => x.id === q.id)!.relevance;
          if (!q.relevance) {
            expect(src.trim() === '' || src.trim() === '1').toBe(true);
            continue;
          }
          if ('error' in q.relevance) expect(reported.has(`${q.code}|${src}`)).toBe(true);
          else {
            expect(typeof holds(q.relevance, emptyEnv)).toBe('boolean');
            evaluated++;
          }
        }
      }
      if (file.startsWith('ls205') || file.startsWith('ls5') || file.startsWith('limesurvey')) expect(evaluated).toBeGreaterThan(0);
    });
  }
});
