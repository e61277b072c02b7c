/** Dutch texts of charts (spec model, SVG and uPlot renderers, public report). */
export const chartsNl = {
  suppressed: 'Te weinig respondenten',
  suppressedMinN: (minN: number) => `Te weinig respondenten (minder dan ${minN})`,
  reasons: {
    group_below_min_n: (minN: number | null) => (minN ? `deze groep telt minder dan ${minN} respondenten` : 'deze groep telt te weinig respondenten'),
    answered_below_min_n: (minN: number | null) => (minN ? `minder dan ${minN} respondenten hebben deze vraag beantwoord` : 'te weinig respondenten hebben deze vraag beantwoord'),
    differencing: () => 'de uitkomst zou via andere groepen herleidbaar zijn naar kleine groepen',
  },
  other: 'Overig',
  partlySuppressed: (label: string) => `${label}: enkele uitkomsten zijn verborgen (te weinig respondenten)`,
  bucketsSuppressed: 'Perioden met te weinig respondenten zijn niet getoond.',
  noData: 'Geen gegevens',
  noAnswers: 'Nog geen antwoorden',
  n: (n: number) => `n = ${n.toLocaleString('nl-NL')}`,
  period: { week: (w: number, y: number) => `week ${w} ${y}`, quarter: (q: number, y: number) => `K${q} ${y}` },
  months: ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'],
  nps: { promoters: 'Promotors (9-10)', passives: 'Passief tevreden (7-8)', detractors: 'Criticasters (0-6)', score: 'NPS' },
  table: { category: 'Antwoord', question: 'Vraag' },
  mapFallback: 'Waarden per gebied (kaartweergave niet beschikbaar)',
  median: 'Mediaan',
  medianUnavailable: 'Mediaan niet beschikbaar voor deze vraag',
  chartLabel: (title: string) => `Grafiek: ${title}`,
  marginNote: (level: number, parts: string[]) => `Foutmarge (${level}% betrouwbaarheid): ${parts.join('; ')}`,
  marginPart: (label: string, margin: string, points: boolean) => `${label} tot ± ${margin}${points ? ' procentpunt' : ''}`,
  margin: (margin: string) => `± ${margin}`,
  legend: 'Legenda',
} as const;

/** Dutch texts of the public report page (/public/report/:id). */
export const publicReportNl = {
  everyone: 'Alle respondenten',
  period: 'Periode',
  from: 'Van',
  to: 'Tot en met',
  compare: 'Vergelijken met',
  noCompare: 'Niet vergelijken',
  show: 'Toon resultaten',
  minN: (n: number) => `Uitkomsten van groepen met minder dan ${n} respondenten worden niet getoond.`,
  benchmarks: 'Getoonde groepen',
  range: (from: string, to: string) => `${from} t/m ${to}`,
  footer: 'Openbare rapportage',
} as const;
