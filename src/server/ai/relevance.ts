import type { AiLocation } from './types';

/**
 * Which questions a user's question is about, by their texts: Dutch-normalised tokens (lower
 * case, no diacritics, stopwords out, a light stemmer that strips plural and derivational endings
 * and undoubles vowels, so 'problemen' and 'probleem' meet), a small list of words that mean the
 * same in survey reports, and TF-IDF weights over the report's own question texts (a word that
 * every question has, like 'buurt', weighs little). Parts of compounds count: 'overlast' finds
 * 'Parkeeroverlast'. The question text (with its subquestion) decides; answer labels only when no
 * question text matches, since labels like 'Tevreden' occur everywhere.
 */

const STOPWORDS = new Set(
  (
    'aan al alle alles als andere beetje bent ben bij daar dan dat de deze die dit doen door drie een eens en enkele er geef geeft geven graag had heb hebben heeft het hier hoe hun iets in is jaar je kan kunnen laat maar me meer meest met mijn naar niet nog of om ons onze ook op over samenvatting schrijf te tekst ten tot tussen u uit uw van veel voor waar wat welk welke wie wij wil willen word worden wordt zijn zich zo zou zeer resultaten vraag vragen belangrijk belangrijkste grootste drie twee vijf top punten'
  ).split(' '),
);

const SUFFIXES = ['heden', 'heid', 'ingen', 'ing', 'lijke', 'lijk', 'isch', 'ste', 'ers', 'en', 'er', 'e', 's'];

/** 'Verbeterpunten' → 'verbeterpunt', 'tevredenheid' → 'tevred', 'problemen'/'probleem' → 'problem'. */
export function stem(word: string): string {
  let w = word;
  for (let round = 0; round < 2; round++) {
    const suffix = SUFFIXES.find((s) => w.endsWith(s) && w.length - s.length >= 4);
    if (!suffix) break;
    w = w.slice(0, -suffix.length);
  }
  return w.replace(/([aeiou])\1/g, '$1').replace(/([^aeiou])\1$/, '$1');
}

/** The user's own words that count (lower case, no stopwords), for saying what the answer is about. */
export function meaningfulWords(text: string): string[] {
  const words = text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3 && !STOPWORDS.has(w.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')));
  return [...new Set(words)].slice(0, 12);
}

/** Lower case, no diacritics, words of three letters or more without stopwords, stemmed. */
export function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 3 && !/^\d+$/.test(w) && !STOPWORDS.has(w))
    .map(stem);
}

/**
 * Words that belong together in a survey report (stems): a word of the user's question (left)
 * brings the words on the right in at a lower weight. 'Verbeterpunt' so finds the questions about
 * problems, nuisance, safety and (dis)satisfaction; 'tevredenheid' finds ratings, not problems.
 */
const SYNONYM_WORDS: [string[], string[]][] = [
  [
    ['verbeter', 'verbeterpunt', 'problem', 'knelpunt', 'klacht', 'zwak', 'slecht', 'aandacht', 'minst', 'laagst'],
    ['verbeter', 'verbeterpunt', 'problem', 'knelpunt', 'klacht', 'ontevred', 'overlast', 'onveilig', 'tevred'],
  ],
  [['veilig', 'onveilig', 'veiligheid', 'criminaliteit'], ['veilig', 'onveilig', 'criminaliteit', 'inbrak', 'inbrek']],
  [['tevred', 'ontevred', 'waarder', 'oordel', 'beoordel', 'mening'], ['tevred', 'ontevred', 'waarder', 'oordel', 'rapportcijfer', 'cijfer']],
  [['schon', 'schoon', 'zwerfafval', 'afval', 'vuil', 'hondenpoep', 'rommel'], ['schon', 'schonhoud', 'zwerfafval', 'afval', 'vuil', 'hondenpoep']],
  [['verkeer', 'parker', 'parkeren', 'snelheid', 'rijd'], ['verkeer', 'hard', 'rijd', 'parker', 'parkeeroverlast', 'snelheid']],
  [['contact', 'kanal', 'kanaal', 'balie', 'telefon', 'website', 'bereikbar'], ['contact', 'kanal', 'balie', 'telefon', 'website', 'mail', 'bereikbar']],
  [['aanbevel', 'aanbevol', 'promotor', 'nps'], ['aanbevel', 'aanbeveelt', 'woonplaats']],
];
const SYNONYMS = SYNONYM_WORDS.map(([triggers, related]) => [new Set(triggers.map(stem)), [...new Set(related.map(stem))]] as const);
const IMPROVEMENT = SYNONYMS[0]![0];
const SYNONYM_WEIGHT = 0.6;
const LABEL_WEIGHT = 0.5;
/** A question is about the user's question when it scores at least this share of the best match. */
const RELATIVE_CUTOFF = 0.25;

/** A query term matches a token when equal, or when it is a part of the token's compound (5+ letters: 'overlast' in 'parkeeroverlast'). */
const matches = (term: string, token: string) => term === token || (term.length >= 5 && token.includes(term));

/** The user's words with their weights: the words themselves (1), the other words of their synonym groups (0,6). */
export function queryTerms(text: string): Map<string, number> {
  const terms = new Map<string, number>();
  for (const t of tokens(text)) {
    terms.set(t, 1);
    for (const [triggers, related] of SYNONYMS) {
      if (!triggers.has(t)) continue;
      for (const g of related) if (!terms.has(g)) terms.set(g, SYNONYM_WEIGHT);
    }
  }
  return terms;
}

type Doc = Map<string, number>;

function docOf(text: string, weight: number, into: Doc = new Map()): Doc {
  for (const t of tokens(text)) into.set(t, (into.get(t) ?? 0) + weight);
  return into;
}

/** TF-IDF cosine of the query terms with each document (0 when nothing matches). */
function scores(docs: Doc[], terms: Map<string, number>): number[] {
  const n = docs.length;
  const tf = (doc: Doc, term: string) => {
    let sum = 0;
    for (const [token, w] of doc) if (matches(term, token)) sum += w;
    return sum;
  };
  const idf = new Map([...terms.keys()].map((term) => [term, Math.log(1 + n / (1 + docs.filter((d) => tf(d, term) > 0).length))]));
  const tokenIdf = (token: string) => Math.log(1 + n / (1 + docs.filter((d) => d.has(token)).length));
  return docs.map((doc) => {
    let dot = 0;
    for (const [term, w] of terms) dot += w * idf.get(term)! * tf(doc, term);
    if (dot === 0) return 0;
    let norm = 0;
    for (const [token, w] of doc) norm += (w * tokenIdf(token)) ** 2;
    return dot / Math.sqrt(norm || 1);
  });
}

/**
 * The locations a question is about, best match first, with their scores; null when no question
 * text (nor, failing that, any answer label) matches. Only the texts are read, never a number.
 */
export function relevantLocations<L extends AiLocation>(locations: L[], question: string): { location: L; score: number }[] | null {
  const terms = queryTerms(question);
  if (!terms.size || !locations.length) return null;
  for (const field of ['question', 'labels'] as const) {
    const docs = locations.map((l) => (field === 'question' ? docOf(l.question, 1) : docOf((l.labels ?? []).join(' '), LABEL_WEIGHT)));
    const s = scores(docs, terms);
    const best = Math.max(...s);
    if (best <= 0) continue;
    return locations
      .map((location, i) => ({ location, score: s[i]! }))
      .filter((x) => x.score >= best * RELATIVE_CUTOFF)
      .sort((a, b) => b.score - a.score);
  }
  return null;
}

/** The user asks what to improve ('Wat zijn de drie belangrijkste verbeterpunten?', 'Waar zijn inwoners het minst tevreden over?'). */
export function asksForImprovements(question: string): boolean {
  const t = tokens(question);
  return t.some((w) => IMPROVEMENT.has(w) || w.startsWith('verbeter') || w.startsWith('ontevred'));
}
