import { describe, expect, it } from 'vitest';
import type { ColumnTexts } from '../../src/server/services/report-data/column-texts';
import { type VariableNames, staffName, variableLabel, variableName, weightedBy } from '../../src/server/services/weighting/variable-names';

const texts = new Map<string, ColumnTexts>([
  ['leeftijd', { question: 'Wat is uw leeftijd?', subquestion: null, labels: new Map() }],
  ['wijk', { question: 'In welke wijk woont u?', subquestion: null, labels: new Map() }],
  ['Q3', { question: 'Wat is uw hoogst voltooide opleiding?', subquestion: null, labels: new Map() }],
  ['AGE', { question: 'Leeftijd', subquestion: null, labels: new Map() }],
  ['veilig_overdag', { question: 'Hoe vaak voelt u zich onveilig in uw buurt?', subquestion: 'Overdag', labels: new Map() }],
  ['G01Q02', { question: 'Hoe tevreden bent u over de dienstverlening van de gemeente Zuiderhaven in het afgelopen jaar?', subquestion: null, labels: new Map() }],
]);
const names: VariableNames = {
  panel: new Map([['panel:1', { title: 'Leeftijdsgroep', labels: new Map() }], ['panel:2', { title: 'WOZ-waarde (Burgerpanel)', labels: new Map() }]]),
  categories: new Map([['wijk', 'Wijk'], ['Q9', 'CBS-buurt']]),
};
const name = (key: string) => variableName(key, names, texts);

describe("'Gewogen naar …': a variable's name", () => {
  it('a panel background field by its name, never its key', () => {
    expect(name('panel:1')).toBe('leeftijdsgroep');
    expect(name('panel:2')).toBe('WOZ-waarde (Burgerpanel)');
    expect(name('panel:99')).toBe('een variabele zonder naam');
    expect(staffName('panel:1', names)).toBe('Leeftijdsgroep');
    expect(staffName('panel:99', names)).not.toContain('panel:');
    expect(variableLabel('panel:99', names, texts)).not.toContain('panel:');
  });

  it('a question by its filter category, else a code that reads as a word, else its quoted text', () => {
    expect(name('wijk')).toBe('wijk');
    expect(name('Q9')).toBe('CBS-buurt');
    expect(name('leeftijd')).toBe('leeftijd');
    expect(name('Q3')).toBe('‘Wat is uw hoogst voltooide opleiding?’');
    expect(name('AGE')).toBe('‘Leeftijd’');
    expect(name('veilig_overdag')).toBe('‘Hoe vaak voelt u zich onveilig in uw buurt? – Overdag’');
    const long = name('G01Q02');
    expect(long).toBe('‘Hoe tevreden bent u over de dienstverlening van de…’');
    expect(long.length).toBeLessThanOrEqual(62);
    expect(name('zonder')).toBe('zonder');
    expect(variableName('X1', names, undefined)).toBe('een variabele zonder naam');
  });

  it('the sentence lists them with commas and “en”', () => {
    const scheme = { variables: ['leeftijd', 'panel:1', 'wijk'].map((column_key) => ({ column_key, targets: {} })) };
    expect(weightedBy(scheme, names, texts)).toBe('Gewogen naar leeftijd, leeftijdsgroep en wijk');
    expect(weightedBy({ variables: [{ column_key: 'panel:2', targets: {} }] }, names, texts)).toBe('Gewogen naar WOZ-waarde (Burgerpanel)');
  });
});
