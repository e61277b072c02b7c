import { describe, expect, it } from 'vitest';
import { answerValues, checkAnswers, fieldKind, type AnswerField } from '../../src/shared/validation/panels';
import { fitSize } from '../../src/server/services/panels/panel-image-pixels';

const field = (id: number, type_id: number, extra: Partial<AnswerField> = {}): AnswerField => ({ id, type_id, name: `Veld ${id}`, required: false, min: null, max: null, options: [], ...extra });
const choice = (id: number, type_id: number, required = false) => field(id, type_id, { required, options: [{ id: id * 10 + 1, label: 'a' }, { id: id * 10 + 2, label: 'b' }] });

describe('panel field answers (checkAnswers)', () => {
  it('maps the field types to kinds', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(fieldKind)).toEqual(['text', 'textarea', 'number', 'date', 'single', 'single', 'multi', 'postcode']);
  });

  it('stores each type as typed, normalised', () => {
    const fields = [field(1, 1), field(2, 3, { min: 0, max: 10 }), field(3, 4), field(4, 8), choice(5, 5), choice(6, 7)];
    const result = checkAnswers(fields, { 1: ' tekst ', 2: '7,5', 3: '2024-02-29', 4: '1234ab', 5: '51', 6: ['61', 62, 61] });
    expect(result.errors).toBeNull();
    expect(result.rows).toEqual([
      { fieldId: 1, optionId: null, value: 'tekst' },
      { fieldId: 2, optionId: null, value: '7.5' },
      { fieldId: 3, optionId: null, value: '2024-02-29' },
      { fieldId: 4, optionId: null, value: '1234 AB' },
      { fieldId: 5, optionId: 51, value: null },
      { fieldId: 6, optionId: 61, value: null },
      { fieldId: 6, optionId: 62, value: null },
    ]);
    expect(answerValues(fields, result.rows!)).toEqual({ 1: 'tekst', 2: 7.5, 3: '2024-02-29', 4: '1234 AB', 5: 51, 6: [61, 62] });
  });

  it('refuses what does not fit, in Dutch, keyed data.<id>', () => {
    const fields = [field(1, 3, { min: 1, max: 5 }), field(2, 4), field(3, 8), choice(4, 6, true), choice(5, 7), field(6, 1)];
    const result = checkAnswers(fields, { 1: '0', 2: '2023-02-29', 3: '0123 AB', 5: [51, 99], 6: 'x'.repeat(192), 7: 'onbekend' });
    expect(result.errors).toEqual({
      'data.1': ['De minimale waarde van dit veld is 1'],
      'data.2': ['Voer een geldige datum in (JJJJ-MM-DD)'],
      'data.3': ['Voer een geldige postcode in (bijv. 1234 AB)'],
      'data.4': ['Dit veld mag niet leeg zijn'],
      'data.5': ['Kies een of meer van de opties'],
      'data.6': ['De maximale lengte voor dit veld is 191 karakters'],
      'data.7': ['Veld 7 hoort niet bij dit panel.'],
    });
    expect(checkAnswers([field(1, 3)], { 1: '1e3' }).errors).toEqual({ 'data.1': ['Voer een getal in'] });
    expect(checkAnswers([field(1, 3)], { 1: { a: 1 } }).errors).toEqual({ 'data.1': ['Voer een getal in'] });
    expect(checkAnswers([choice(1, 5)], { 1: 99 }).errors).toEqual({ 'data.1': ['Kies een van de opties'] });
  });
});

describe('panel image size (fitSize)', () => {
  it('fits into 600 × 500 keeping the aspect ratio and never enlarges', () => {
    expect(fitSize(1200, 800)).toEqual({ width: 600, height: 400 });
    expect(fitSize(1000, 2000)).toEqual({ width: 250, height: 500 });
    expect(fitSize(300, 200)).toEqual({ width: 300, height: 200 });
    expect(fitSize(10_000, 1)).toEqual({ width: 600, height: 1 });
  });
});
