import { describe, expect, it } from 'vitest';
import { asksForImprovements, relevantLocations, stem, tokens } from '../../src/server/ai/relevance';

/** Issue 18: the analyst picks questions by their texts (Dutch stems, synonyms, TF-IDF), not by echoing keywords. */
const loc = (question: string, labels: string[] = []) => ({ question, codes: labels.map((_, i) => String(i + 1)), labels, benchmarks: [] });
const demo = [
  loc('Hoe tevreden bent u over deze punten in uw buurt? (1 = zeer ontevreden, 5 = zeer tevreden) – Schoonhouden van straten'),
  loc('Welke problemen komen vaak voor in uw buurt?', ['Zwerfafval', 'Hondenpoep', 'Te hard rijden', 'Overlast van jongeren', 'Parkeeroverlast']),
  loc('Hoe vaak voelt u zich onveilig in uw buurt? – Overdag', ['Nooit', 'Soms', 'Vaak']),
  loc('Hoe had u contact met de gemeente?', ['Aan de balie', 'Telefonisch', 'Via de website']),
  loc('Wat is uw geslacht?', ['Man', 'Vrouw']),
];
const picked = (q: string) => relevantLocations(demo, q)?.map((x) => x.location.question.slice(0, 22)) ?? null;

describe('question relevance', () => {
  it('stems Dutch words so singular, plural and derivations meet', () => {
    expect(stem('problemen')).toBe(stem('probleem'));
    expect(stem('tevredenheid')).toBe(stem('tevreden'));
    expect(stem('verbeterpunten')).toBe(stem('verbeterpunt'));
    expect(tokens('Wat zijn de drie belangrijkste verbeterpunten?')).toEqual(['verbeterpunt']);
  });
  it("finds the improvement-related questions for 'verbeterpunten', not contact or background questions", () => {
    expect(picked('Wat zijn de drie belangrijkste verbeterpunten?')?.sort()).toEqual(demo.slice(0, 3).map((l) => l.question.slice(0, 22)).sort());
    expect(asksForImprovements('Wat zijn de drie belangrijkste verbeterpunten?')).toBe(true);
    expect(asksForImprovements('Hoe zit het met de veiligheid?')).toBe(false);
  });
  it('ranks by TF-IDF: the question that names the word first; compounds count (overlast → Parkeeroverlast via labels only when no question matches)', () => {
    expect(picked('Hoe veilig is de buurt?')![0]).toBe('Hoe vaak voelt u zich ');
    expect(picked('Hoe zit het met overlast?')).toEqual(['Welke problemen komen ']);
    expect(picked('Via welk kanaal hadden mensen contact?')).toEqual(['Hoe had u contact met ']);
    expect(picked('Wat vinden mensen van de bibliotheek?')).toBeNull();
  });
});
