import { smallGroupRule } from './small-groups';
/** Dutch texts of charts (spec model, SVG and uPlot renderers, public report). */
export const chartsNl = {
  suppressed: 'Te weinig respondenten',
  suppressedMinN: (minN: number) => `Te weinig respondenten (minder dan ${minN})`,
  /** The response counter before the numbers arrived (first paint of the staff view). */
  counting: 'wordt geteld…',
  reasons: {
    group_below_min_n: (minN: number | null) => (minN ? `deze groep telt minder dan ${minN} respondenten` : 'deze groep telt te weinig respondenten'),
    answered_below_min_n: (minN: number | null) => (minN ? `minder dan ${minN} respondenten hebben deze vraag beantwoord` : 'te weinig respondenten hebben deze vraag beantwoord'),
    differencing: () => 'de uitkomst zou via andere groepen herleidbaar zijn naar kleine groepen',
  },
  other: 'Overig',
  /** maxCategories on multiple choice: shares of respondents do not add up, so the rest is left out. */
  foldLeftOut: (count: number, of: string | null) => `${of ? `${of}: ` : ''}${count} ${count === 1 ? 'ander antwoord' : 'andere antwoorden'} niet getoond (meerdere antwoorden mogelijk, dus niet op te tellen tot 'Overig').`,
  partlySuppressed: (label: string) => `${label}: enkele uitkomsten zijn verborgen (te weinig respondenten)`,
  /** A trend's suppressed periods, named: the line breaks there (never drawn across). */
  gaps: (parts: string[]) => `Geen uitkomst (te weinig respondenten), de lijn is daar onderbroken: ${parts.join('; ')}.`,
  gapsOne: (periods: string) => `Geen uitkomst voor ${periods} (te weinig respondenten): de lijn is daar onderbroken.`,
  /** Periods withheld by the differencing rule: they hold enough people, but would give away a smaller group by subtraction. */
  gapsDerivable: (parts: string[]) => `Geen uitkomst (de uitkomst zou via andere groepen herleidbaar zijn naar kleine groepen), de lijn is daar onderbroken: ${parts.join('; ')}.`,
  gapsDerivableOne: (periods: string) => `Geen uitkomst voor ${periods} (de uitkomst zou via andere groepen herleidbaar zijn naar kleine groepen): de lijn is daar onderbroken.`,
  gapPeriods: (shown: string[], more: number) => (more > 0 ? `${shown.join(', ')} en ${more} andere` : shown.join(', ')),
  noData: 'Geen gegevens',
  noAnswers: 'Nog geen antwoorden',
  /** A perturbed count (cell-key mode): never written as if it were exact. */
  approx: (count: string) => `ca. ${count}`,
  period: { week: (w: number, y: number) => `week ${w} ${y}`, quarter: (q: number, y: number) => `K${q} ${y}` },
  months: ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'],
  nps: { promoters: 'Promotors (9-10)', passives: 'Passief tevreden (7-8)', detractors: 'Criticasters (0-6)', score: 'NPS' },
  table: { category: 'Antwoord', question: 'Vraag', approximate: 'Aantallen zijn licht afgerond om privacy te beschermen; totalen kunnen iets afwijken.' },
  mapWithheld: (minN: number | null) => `Gearceerd: te weinig respondenten${minN ? ` (minder dan ${minN})` : ''}; grijs: geen respondenten.`,
  mapUnmatched: (answers: string[]) => `Niet op de kaart: ${answers.join(', ')}.`,
  mapLabel: (title: string) => `Kaart: ${title}`,
  mapTooFew: 'te weinig respondenten',
  mapNoRespondents: 'geen respondenten',
  mapNoMap: 'Kies in de grafiekinstellingen een kaart en de vraag met de gebieden.',
  median: 'Mediaan',
  medianUnavailable: 'Mediaan niet beschikbaar voor deze vraag',
  chartLabel: (title: string) => `Grafiek: ${title}`,
  marginNote: (level: number, parts: string[]) => `Foutmarge (${level}% betrouwbaarheid): ${parts.join('; ')}`,
  marginPart: (label: string, margin: string, points: boolean) => `${label} tot ± ${margin}${points ? ' procentpunt' : ''}`,
  margin: (margin: string) => `± ${margin}`,
  legend: 'Legenda',
  data: {
    showTable: 'Tabel tonen',
    hideTable: 'Tabel verbergen',
    csv: 'CSV downloaden',
    csvFor: (title: string) => `CSV downloaden: cijfers van '${title}'`,
    xlsx: 'Excel downloaden',
    xlsxFor: (title: string) => `Excel downloaden: cijfers van '${title}' (XLSX)`,
    xlsxBusy: 'Excel-bestand wordt gemaakt…',
    xlsxFailed: 'Het Excel-bestand kon niet worden gemaakt. Probeer het opnieuw.',
    unrecorded: 'De download kon niet worden vastgelegd, dus het bestand is niet gemaakt. Probeer het opnieuw.',
    xlsxSheet: 'Cijfers',
    xlsxCount: (label: string) => `${label} (aantal)`,
    xlsxSignificant: (label: string) => `${label}: significant verschil met`,
  },
  significance: (level: number, pairs: string[]) => `* Significant verschil (groter dan de foutmarge bij ${level}% betrouwbaarheid) tussen ${pairs.join('; ')}.`,
  sigPair: (a: string, b: string) => `${a} en ${b}`,
  significantShort: 'significant verschil',
  significantWith: (names: string[]) => `significant verschil met ${names.join(' en ')}`,
  topBox: 'de twee hoogste antwoorden (topbox)',
  trendFocus: (answer: string) => `Per groep het aandeel ${answer.startsWith('de twee') ? answer : `'${answer}'`} door de tijd.`,
  unfit: {
    textOnly: 'Dit grafiektype toont open antwoorden: kies een open vraag, of een ander grafiektype (bijvoorbeeld staafdiagram) voor deze vraag.',
    textQuestion: 'Een open vraag kan niet in dit grafiektype: kies Open antwoorden, Woordwolk of Tabel.',
    nps: 'Net Promoter Score vraagt een vraag met een schaal van nul tot en met tien: kies een ander grafiektype voor deze vraag.',
    pieOne: 'Een cirkel- of ringdiagram toont één vraag: gebruik een staaf- of kolomdiagram voor meer datasets.',
    stackedNumeric: 'Een gestapeld staafdiagram toont antwoordopties: kies voor een getalvraag een KPI, meter of kolomdiagram.',
  },
} as const;

/** Dutch texts of the public report page (/public/report/:id). */
export const publicReportNl = {
  everyone: 'Alle respondenten',
  period: 'Periode',
  from: 'Van',
  to: 'Tot en met',
  compare: 'Vergelijken met',
  /** The label of the 2nd, 3rd … comparison group's field. */
  compareMore: (n: number) => `${['Tweede', 'Derde', 'Vierde', 'Vijfde', 'Zesde', 'Zevende', 'Achtste', 'Negende'][n - 2] ?? `${n}e`} vergelijking`,
  noCompare: 'Niet vergelijken',
  show: 'Toon resultaten',
  minN: (n: number) => `${smallGroupRule(n)}.`,
  benchmarks: 'Getoonde groepen',
  range: (from: string, to: string) => `${from} t/m ${to}`,
  footer: 'Openbare rapportage',
} as const;
