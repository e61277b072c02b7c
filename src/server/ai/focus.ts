import type { AiLocation } from './types';

// Words that say nothing about which questions to look at.
const STOPWORDS = new Set(
  'aan alle alles andere beetje bij daar dan dat deze die dit doen door een enkele geef geven graag heb hebben het hier hoe hun iets jaar kan kunnen laat maar meer met mijn naar niet nog ons onze ook over samenvatting schrijf tekst tussen van veel voor waar wat welke wie wij wil willen worden zijn zou resultaten vragen vraag'.split(' '),
);

/** Keywords of the topic and the user's question: words of 4+ letters that are not stopwords. */
export function focusWords(...texts: (string | undefined)[]): string[] {
  const words = texts
    .join(' ')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 4 && !STOPWORDS.has(w));
  return [...new Set(words)].slice(0, 12);
}

const norm = (s: string) => s.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '');

/**
 * The locations whose question (else: answer labels) match a keyword; a crude stem (first 6 letters)
 * lets 'tevredenheid' find 'tevreden'. Null when nothing matches (the caller then uses all).
 */
export function focusLocations(locations: AiLocation[], words: string[]): AiLocation[] | null {
  if (!words.length) return null;
  const stems = words.map((w) => (w.length > 6 ? w.slice(0, 6) : w));
  const matches = (text: string) => stems.some((s) => norm(text).includes(s));
  // Questions first: answer labels like 'Tevreden' occur everywhere and would match every question.
  const byQuestion = locations.filter((l) => matches(l.question));
  if (byQuestion.length) return byQuestion;
  const byLabel = locations.filter((l) => (l.labels ?? []).some(matches));
  return byLabel.length ? byLabel : null;
}
