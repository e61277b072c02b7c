/** Dutch texts of the AI assistant (summary page). The built-in analyst writes with these. */
export const aiNl = {
  sourceWorkersAi: 'workers-ai',
  sourceAnalyst: 'ingebouwde analist',
  heading: '### Samenvatting van de resultaten',
  intro: (questions: number, benchmarks: string[]) =>
    `Deze samenvatting beschrijft ${questions} ${questions === 1 ? 'vraag' : 'vragen'}${benchmarks.length > 1 ? ` voor de benchmarks ${list(benchmarks)}` : ''}.`,
  focus: (words: string[]) => `Gericht op: ${words.map((w) => `'${w}'`).join(', ')}.`,
  matched: (questions: string[]) => `Gekozen op de tekst van de vragen: ${list(questions.map((q) => `'${q}'`))}.`,
  noFocusMatch: (words: string[]) => `Geen vraag sluit aan bij ${words.map((w) => `'${w}'`).join(', ')}; daarom gaat de samenvatting over alle vragen.`,
  differencesHeading: '**Significante verschillen tussen benchmarks**',
  improvementsIntro: (level: string) =>
    `U vraagt naar verbeterpunten. Een onderdeel heet hier alleen een verbeterpunt als het verschil significant is: een score die lager is dan het gemiddelde van de andere onderdelen, of een antwoord dat vaker wordt genoemd dan de andere antwoorden, met een verschil groter dan de foutmarge (${level}% betrouwbaarheid).`,
  improvementsHeading: '**Mogelijke verbeterpunten**',
  noImprovements: 'Geen onderdeel scoort significant lager dan de andere en geen probleem wordt significant vaker genoemd dan de andere; er zijn dus geen verbeterpunten aan te wijzen.',
  lowScore: (question: string, value: string, label: string, others: string) =>
    `- ${question}: slechts ${value} in de hoogste antwoordcategorieën (${label}), significant lager dan het gemiddelde van de andere onderdelen (${others}).`,
  mentioned: (question: string, option: string, value: string, label: string, others: string) =>
    `- ${question} – '${option}': genoemd door ${value} (${label}), significant vaker dan de andere antwoorden (gemiddeld ${others}).`,
  difference: (question: string, option: string, a: string, pa: string, b: string, pb: string, diff: string, margin: string, level: string) =>
    `- ${question}${option ? ` – '${option}'` : ''}: ${a} ${pa} tegenover ${b} ${pb} (verschil ${diff}, foutmarge ±${margin}). Dit verschil is significant: groter dan de foutmarge (${level}% betrouwbaarheid).`,
  meanDifference: (question: string, a: string, ma: string, b: string, mb: string, diff: string, margin: string, level: string) =>
    `- ${question}: gemiddeld ${ma} bij ${a} tegenover ${mb} bij ${b} (verschil ${diff}, foutmarge ±${margin}). Dit verschil is significant: groter dan de foutmarge (${level}% betrouwbaarheid).`,
  noDifferences: 'Er zijn geen benchmarks met genoeg respondenten om te vergelijken.',
  noSignificantDifferences: (level: string) =>
    `Geen van de verschillen tussen de benchmarks is significant (groter dan de foutmarge, ${level}% betrouwbaarheid); daarom worden hier geen verschillen genoemd.`,
  trendsHeading: '**Ontwikkeling in de tijd**',
  trend: (question: string, subject: string, from: string, fromPeriod: string, to: string, toPeriod: string, direction: 'steeg' | 'daalde' | 'geen verschil', margin: string | null, level: string) =>
    direction === 'geen verschil'
      ? `- ${question}${subject}: ${from} (${fromPeriod}) en ${to} (${toPeriod}); ${
          margin === null ? 'zonder foutmarge is niet te zeggen of dit een echt verschil is.' : `het verschil valt binnen de foutmarge (±${margin}) en is dus niet significant.`
        }`
      : `- ${question}${subject}: ${direction} van ${from} (${fromPeriod}) naar ${to} (${toPeriod}), een significant verschil: groter dan de foutmarge (±${margin}, ${level}% betrouwbaarheid).`,
  extremesHeading: '**Hoogste en laagste scores**',
  highest: (question: string, option: string, value: string, label: string) => `- Hoogste: ${question}${option ? ` – '${option}'` : ''}: ${value} (${label}).`,
  lowest: (question: string, option: string, value: string, label: string) => `- Laagste: ${question}${option ? ` – '${option}'` : ''}: ${value} (${label}).`,
  topBox: (value: string) => `${value} in de hoogste antwoordcategorieën`,
  suppressed: (label: string, count: number) =>
    `Voor ${label} ${count === 1 ? 'is bij 1 vraag' : `zijn bij ${count} vragen`} te weinig respondenten; daarover worden geen cijfers genoemd.`,
  noData: 'Er zijn geen resultaten met genoeg respondenten om samen te vatten.',
  /** The analyst's line when numbers follow the report's weighting scheme; `questions`: the weighted ones when not all are. */
  weighted: (label: string, questions: string[] | null) =>
    questions === null ? `${label}: de percentages, gemiddelden en foutmarges hieronder zijn gewogen.` : `${label}: alleen de cijfers van ${list(questions.map((q) => `'${q}'`))} zijn gewogen, de andere niet.`,
  /** The prompt's line about weighting (only when some of its questions are weighted). */
  weightedPrompt: (label: string, all: boolean) =>
    `Weging: ${label}. ${all ? 'Alle percentages, gemiddelden en foutmarges hieronder zijn gewogen' : "Alleen de percentages, gemiddelden en foutmarges van de vragen met '(gewogen)' zijn gewogen; die van de andere vragen zijn ongewogen"}. n is het aantal respondenten (ongewogen); de effectieve n is de steekproefomvang na weging, waarmee de foutmarges berekend zijn. Een gewogen percentage is geen aandeel van het aantal respondenten.`,
  /** After a weighted question's text in the prompt. */
  weightedMark: ' (gewogen)',
  effectiveN: (n: string) => `effectieve n=${n}`,
  points: 'procentpunt',
  workersAiSystem:
    'Je bent een onderzoeksanalist van een gemeente. Schrijf in het Nederlands een korte, zakelijke samenvatting (markdown, maximaal 250 woorden) van de onderstaande geaggregeerde enquêteresultaten. Noem iets alleen een verschil, een stijging of daling, of een verbeterpunt als het verschil groter is dan de foutmarge (significant), en zeg dat erbij; noem de ontwikkelingen in de tijd en de hoogste en laagste scores. Noem de benchmarks bij hun gegeven naam, nooit met een letter zoals (A). Gebruik alleen de gegeven cijfers; verzin niets. Groepen met te weinig respondenten hebben geen cijfers: noem daar geen cijfers voor. Staat er een weging bij, zeg dan dat de cijfers van de gewogen vragen gewogen zijn (met de gegeven zin \'Gewogen naar …\') en presenteer gewogen percentages nooit als aantallen respondenten; vragen zonder \'(gewogen)\' noem je niet gewogen.',
} as const;

function list(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} en ${items.at(-1)}`;
}
