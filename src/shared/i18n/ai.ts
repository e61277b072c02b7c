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
  differencesHeading: '**Grootste verschillen tussen benchmarks**',
  improvementsIntro: 'U vraagt naar verbeterpunten: hieronder de onderdelen met de laagste scores en de meest genoemde problemen.',
  improvementsHeading: '**Mogelijke verbeterpunten**',
  noImprovements: 'Er zijn geen onderdelen met een score of meerkeuzevragen met genoeg respondenten om verbeterpunten te noemen.',
  lowScore: (question: string, value: string, label: string) => `- ${question}: slechts ${value} in de hoogste antwoordcategorieën (${label}).`,
  mentioned: (question: string, option: string, value: string, label: string) => `- ${question} – '${option}': genoemd door ${value} (${label}).`,
  difference: (question: string, option: string, a: string, pa: string, b: string, pb: string, diff: string, margin: string, significant: boolean) =>
    `- ${question}${option ? ` – '${option}'` : ''}: ${a} ${pa} tegenover ${b} ${pb} (verschil ${diff}, foutmarge ±${margin}). ${
      significant ? 'Dit verschil is groter dan de foutmarge.' : 'Dit verschil valt binnen de foutmarge en is dus niet met zekerheid een echt verschil.'
    }`,
  meanDifference: (question: string, a: string, ma: string, b: string, mb: string, diff: string, margin: string | null, significant: boolean) =>
    `- ${question}: gemiddeld ${ma} bij ${a} tegenover ${mb} bij ${b} (verschil ${diff}${
      margin === null ? '; voor dit gemiddelde is geen foutmarge bekend).' : `, foutmarge ±${margin}). ${significant ? 'Dit verschil is groter dan de foutmarge.' : 'Dit verschil valt binnen de foutmarge.'}`
    }`,
  noDifferences: 'Er zijn geen benchmarks met genoeg respondenten om te vergelijken.',
  trendsHeading: '**Ontwikkeling in de tijd**',
  trend: (question: string, subject: string, from: string, fromPeriod: string, to: string, toPeriod: string, direction: 'steeg' | 'daalde' | 'bleef gelijk', margin: string | null, significant: boolean | null) =>
    `- ${question}${subject}: ${direction === 'bleef gelijk' ? `bleef gelijk op ${to}` : `${direction} van ${from} (${fromPeriod}) naar ${to} (${toPeriod})`}${
      margin === null ? '.' : significant ? ` (foutmarge ±${margin}; groter dan de foutmarge).` : ` (foutmarge ±${margin}; binnen de foutmarge).`
    }`,
  extremesHeading: '**Hoogste en laagste scores**',
  highest: (question: string, option: string, value: string, label: string) => `- Hoogste: ${question}${option ? ` – '${option}'` : ''}: ${value} (${label}).`,
  lowest: (question: string, option: string, value: string, label: string) => `- Laagste: ${question}${option ? ` – '${option}'` : ''}: ${value} (${label}).`,
  topBox: (value: string) => `${value} in de hoogste antwoordcategorieën`,
  suppressed: (label: string, count: number) =>
    `Voor ${label} ${count === 1 ? 'is bij 1 vraag' : `zijn bij ${count} vragen`} te weinig respondenten; daarover worden geen cijfers genoemd.`,
  noData: 'Er zijn geen resultaten met genoeg respondenten om samen te vatten.',
  points: 'procentpunt',
  workersAiSystem:
    'Je bent een onderzoeksanalist van een gemeente. Schrijf in het Nederlands een korte, zakelijke samenvatting (markdown, maximaal 250 woorden) van de onderstaande geaggregeerde enquêteresultaten. Noem de grootste verschillen tussen benchmarks en zeg of een verschil binnen de foutmarge valt, noem ontwikkelingen in de tijd en de hoogste en laagste scores. Gebruik alleen de gegeven cijfers; verzin niets. Groepen met te weinig respondenten hebben geen cijfers: noem daar geen cijfers voor.',
} as const;

function list(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} en ${items.at(-1)}`;
}
