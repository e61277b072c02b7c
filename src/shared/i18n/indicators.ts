import type { IndicatorComparatorKey, IndicatorMetricKey } from '../lookups/indicators';

/** Dutch texts of the indicators (spec 001 §7 Notification api, issue 13). */
export const indicatorsNl = {
  indicator: 'Indicator',
  created: 'Indicator is aangemaakt',
  saved: 'Indicator is opgeslagen',
  deleted: 'Element is verwijderd',
  metric: 'Kies wat de indicator meet',
  comparator: 'Kies een vergelijking',
  number: 'Vul een getal in',
  surveyNotLinked: 'Dit onderzoek hoort niet bij dit project.',
  unknownColumn: (key: string) => `De vraag of kolom '${key}' bestaat niet in dit onderzoek.`,
  columnNotFit: 'Deze vraag past niet bij wat de indicator meet.',
  unknownAnswer: (code: string) => `Het antwoord '${code}' hoort niet bij deze vraag.`,
  unknownFilters: (ids: number[]) => `Filteroptie${ids.length === 1 ? '' : 's'} ${ids.join(', ')} ${ids.length === 1 ? 'hoort' : 'horen'} niet bij dit project en onderzoek.`,
  filterIds: 'Geef een lijst van filteropties op',
  weightingNotFit: 'Deze weging hoort niet bij het onderzoek van deze indicator, of haar periode omvat de periode van de indicator niet.',
  weightingResponses: 'Een aantal respondenten telt mensen en wordt niet gewogen; kies geen weging of een ander soort indicator.',
  metrics: {
    responses: 'Aantal respondenten',
    percentage: 'Percentage van een antwoord',
    mean: 'Gemiddelde van een vraag',
    topBox: 'Top-2-score van een vraag',
  } satisfies Record<IndicatorMetricKey, string>,
  comparators: {
    greater: 'groter dan',
    greaterOrEqual: 'groter dan of gelijk aan',
    less: 'kleiner dan',
    lessOrEqual: 'kleiner dan of gelijk aan',
  } satisfies Record<IndicatorComparatorKey, string>,
  states: {
    met: 'Bereikt',
    notMet: 'Niet bereikt',
    suppressed: 'Geen waarde (privacy)',
    noData: 'Geen waarde',
    pending: 'Nog niet geëvalueerd',
  },
  reasons: {
    group_below_min_n: (minN: number) => `Te weinig respondenten (minder dan ${minN}): de indicator wordt niet berekend en gaat niet af.`,
    answered_below_min_n: (minN: number) => `Minder dan ${minN} respondenten beantwoordden deze vraag: de indicator wordt niet berekend en gaat niet af.`,
    differencing: () => 'Deze groep verschilt te weinig van een andere groep; om respondenten te beschermen wordt de indicator niet berekend en gaat hij niet af.',
    noAnswers: 'Er zijn (nog) geen antwoorden met een waarde in deze periode.',
    folded: (minN: number) => `Dit antwoord is minder dan ${minN} keer gegeven en wordt niet apart geteld.`,
    noColumn: 'De vraag bestaat niet meer in dit onderzoek.',
    weighting: (message: string) => `De weging kan nu niet worden berekend: ${message}`,
  },
  form: {
    newTitle: 'Nieuwe indicator',
    editTitle: 'Indicator bewerken',
    title: 'Naam',
    survey: 'Onderzoek',
    metric: 'Wat meet de indicator?',
    question: 'Vraag',
    chooseQuestion: 'Kies een vraag',
    answer: 'Antwoord',
    chooseAnswer: 'Kies een antwoord',
    filters: 'Alleen voor deze groep (optioneel)',
    filtersHelp: 'Binnen een categorie telt elke gekozen optie mee (of), tussen categorieën moeten ze allemaal gelden (en).',
    comparator: 'Gaat af bij een waarde',
    threshold: 'Drempelwaarde',
    startDate: 'Actief vanaf (optioneel)',
    endDate: 'Actief tot en met (optioneel)',
    weighting: 'Weging',
    unweighted: 'Ongewogen',
    weightingHelp: 'Met een weging volgen percentage, gemiddelde en top-2-score de weging van het onderzoek, zoals in een gewogen rapportage. Het aantal respondenten blijft ongewogen.',
    periodHelp: 'De indicator telt de antwoorden van deze periode en wordt alleen in deze periode geëvalueerd.',
    active: 'Actief',
    save: 'Opslaan',
    create: 'Aanmaken',
    remove: 'Indicator verwijderen',
    removeConfirm: (title: string) => `Weet u zeker dat u de indicator '${title}' verwijdert?`,
    noSurvey: 'Koppel eerst een onderzoek aan dit project; een indicator meet een onderzoek van het project.',
    forProject: (project: string) => `voor ${project}`,
  },
  tab: {
    heading: 'Indicatoren',
    intro: 'Een indicator bewaakt een waarde van een onderzoek van dit project en meldt het de leden van het project (hier, op de voorpagina en per e-mail) zodra de drempel wordt bereikt. Waarden komen uit dezelfde rekenkern als de rapportages: groepen kleiner dan 10 respondenten worden niet berekend.',
    empty: 'Dit project heeft nog geen indicatoren.',
    add: 'Nieuwe indicator',
    edit: 'Bewerken',
    lastValue: 'Laatste waarde',
    lastEvaluated: 'Laatst geëvalueerd',
    lastFired: 'Laatst afgegaan',
    never: 'Nog niet',
    period: 'Periode',
    always: 'Altijd',
    inactive: 'Uitgeschakeld',
    group: 'Groep',
    allGroups: 'Alle groepen',
    noGroup: 'Zonder vraag (aantal respondenten)',
    showGroup: 'Toon',
    groupEmpty: 'Geen indicatoren in deze groep.',
    shown: (n: number, total: number) => `${n} van ${total} indicator${total === 1 ? '' : 'en'}`,
  },
  notices: {
    heading: 'Meldingen',
    notice: 'Melding',
    dismiss: 'Melding sluiten',
    dismissed: 'Melding is gesloten',
    dismissFailed: 'De melding kon niet worden gesloten. Probeer het opnieuw.',
    reached: (title: string) => `Indicator '${title}' is bereikt`,
    value: (value: string) => `waarde ${value}`,
    inProject: (project: string) => `in ${project}`,
  },
  mailSubject: (title: string, project: string) => `Indicator '${title}' bereikt – ${project}`,
  mailText: (p: { name: string; title: string; project: string; description: string; value: string; link: string | null }) =>
    [
      `Beste ${p.name},`,
      '',
      `De indicator '${p.title}' van het project '${p.project}' is bereikt.`,
      `${p.description}; de waarde is nu ${p.value}.`,
      ...(p.link ? ['', `Bekijk de indicatoren van het project: ${p.link}`] : []),
      '',
      'U ontvangt dit bericht omdat u lid bent van dit project in ImpulZ.',
    ].join('\n'),
} as const;

/** 'Aantal respondenten groter dan 3.000' — the indicator's condition in words. */
export function describeIndicator(i: { metric: IndicatorMetricKey; comparator: IndicatorComparatorKey; threshold: number; answerLabel?: string | null; questionLabel?: string | null }): string {
  const what = i.metric === 'percentage' && i.answerLabel ? `Percentage '${i.answerLabel}'` : indicatorsNl.metrics[i.metric];
  const of = i.questionLabel && i.metric !== 'responses' ? ` (${i.questionLabel})` : '';
  return `${what}${of} ${indicatorsNl.comparators[i.comparator]} ${formatIndicatorValue(i.metric, i.threshold)}`;
}

/** Dutch number: 3.020 respondents, 42,5%, mean 7,3. */
export function formatIndicatorValue(metric: IndicatorMetricKey, value: number): string {
  const digits = metric === 'responses' ? 0 : 1;
  const text = value.toLocaleString('nl-NL', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
  return metric === 'percentage' || metric === 'topBox' ? `${text}%` : text;
}
