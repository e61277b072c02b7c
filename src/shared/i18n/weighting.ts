/** Dutch texts of weighting schemes (issue 31): the API's messages and the weighting screen. */
const list = (codes: string[]) => codes.map((c) => `'${c}'`).join(', ');
/** 'a', 'a en b', 'a, b en c'. */
const and = (items: string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} en ${items[items.length - 1]}`);

export const weightingNl = {
  scheme: 'Weging',
  created: 'Weging is aangemaakt',
  saved: 'Weging is opgeslagen',
  deleted: 'Weging is verwijderd',
  methods: { rake: 'Raking (meerdere variabelen)', poststratify: 'Poststratificatie (één variabele of de combinatie van twee)' },
  status: { current: 'Actueel', stale: 'Verouderd', failed: 'Mislukt' },
  input: {
    name: 'Geef de weging een naam (maximaal 191 tekens).',
    date: 'Vul een datum in als jjjj-mm-dd.',
    range: 'De einddatum ligt vóór de begindatum.',
    method: "Kies de methode 'rake' of 'poststratify'.",
    targetsAre: "Geef aan of de doelen aantallen ('counts') of aandelen ('shares') zijn.",
    variables: 'Kies ten minste één wegingsvariabele.',
    tooManyVariables: 'Kies hoogstens zes wegingsvariabelen.',
    columnKey: 'Kies een vraag.',
    duplicate: 'Elke vraag mag maar één keer als wegingsvariabele voorkomen.',
    target: 'Een doel is een getal van 0 of meer.',
    targets: 'Geef voor elke variabele de doelen per antwoordcode.',
    poststratify: 'Poststratificatie weegt naar één variabele of naar de combinatie van twee.',
    cellTargets: "Geef bij poststratificatie naar twee variabelen de doelen per combinatie ('code|code').",
    trim: 'De ondergrens ligt tussen 0 en 1 en de bovengrens is 1 of meer (veelvouden van het gemiddelde gewicht).',
    maxIterations: 'Het maximum aantal iteraties is een geheel getal van 1 tot 10.000.',
    tolerance: 'De tolerantie ligt tussen 1e-15 en 0,01.',
    csvLine: (n: number, line: string) => `Regel ${n} ('${line.slice(0, 40)}') is geen 'code;aantal' of 'code;aandeel' met een getal van 0 of meer.`,
    csvDuplicate: (code: string) => `De code '${code}' staat meer dan eens in de doelen.`,
    csvEmpty: "Plak of upload de doelen: één regel 'code;aantal' per antwoord.",
  },
  errors: {
    emptyCell: (variable: string, codes: string[]) =>
      `Voor ${variable} is een doel opgegeven voor ${codes.length === 1 ? 'de antwoordcode' : 'de antwoordcodes'} ${list(codes)}, maar niemand in de respons heeft dat antwoord gegeven: een lege cel kan niet gewogen worden.`,
    missingTargets: (variable: string, codes: string[]) =>
      `Voor ${variable} ${codes.length === 1 ? 'ontbreekt het doel voor de antwoordcode' : 'ontbreken de doelen voor de antwoordcodes'} ${list(codes)}, die respondenten wel hebben gegeven.`,
    zeroTarget: (variable: string, codes: string[]) => `Voor ${variable} is het doel 0 voor ${list(codes)}, terwijl respondenten dat antwoord gaven: hun gewicht zou 0 worden.`,
    totalsDiffer: (variable: string, total: number, expected: number) =>
      `De doelen van ${variable} tellen op tot ${fmt(total)}, die van de eerste variabele tot ${fmt(expected)}: als aantallen moeten ze voor elke variabele hetzelfde totaal hebben.`,
    sharesTotal: (variable: string, total: number) => `De aandelen van ${variable} tellen op tot ${fmt(total)}; aandelen moeten samen 1 (of 100) zijn.`,
    notSingleChoice: (variable: string) => `${variable} is geen enkelvoudige keuzevraag: alleen vragen met één antwoord per respondent kunnen wegingsvariabele zijn.`,
    unknownColumn: (variable: string) => `${variable} is geen vraag van deze vragenlijst.`,
    badMethod: 'Poststratificatie weegt naar één variabele of naar de combinatie van twee.',
    badTrim: 'De ondergrens ligt tussen 0 en 1 en de bovengrens is 1 of meer (veelvouden van het gemiddelde gewicht).',
    noUniverse: 'Er zijn geen voltooide responses in de periode van deze weging.',
    noConvergence: (variable: string, iterations: number, deviation: number) =>
      `De weging is na ${iterations} iteraties niet geconvergeerd; ${variable} wijkt het meest af (${fmt(deviation * 100)} procentpunt). Verhoog het maximum aantal iteraties of verruim de trimgrenzen.`,
    notInRange: 'Deze weging hoort niet bij de vragenlijst van deze rapportage of haar periode omvat de periode van de rapportage niet.',
    reportFailed: (name: string, message: string) => `De weging '${name}' kan op de huidige respons niet berekend worden: ${message}`,
  },
  screen: {
    heading: 'Wegingen',
    intro: 'Weeg de respons naar de bevolking (bijvoorbeeld CBS-cijfers naar leeftijd, geslacht en wijk). Een rapportage kiest een weging onder Algemeen → Weging.',
    none: 'Er zijn nog geen wegingen voor dit onderzoek.',
    add: 'Nieuwe weging',
    edit: 'Bewerken',
    remove: 'Verwijderen',
    confirmRemove: (name: string) => `Weging '${name}' verwijderen? Rapportages die haar gebruiken worden weer ongewogen.`,
    download: 'Gewichten (CSV)',
    show: 'Resultaat',
    name: 'Naam',
    variables: 'Variabelen',
    status: 'Status',
    statusText: { current: 'Actueel', stale: 'Verouderd', failed: 'Mislukt' },
    actions: 'Acties',
    period: 'Periode',
    range: (start: string | null, end: string | null) => (start && end ? `${start} t/m ${end}` : start ? `vanaf ${start}` : `t/m ${end ?? ''}`),
    effectiveN: 'Effectieve n',
    designEffect: 'Design effect',
    n: 'Respondenten',
    iterations: 'Iteraties',
    missing: 'Zonder antwoord op een wegingsvariabele',
    missingOf: (n: number) => `${n.toLocaleString('nl-NL')} zonder antwoord`,
    category: 'Antwoord',
    count: 'Aantal',
    unweighted: 'Ongewogen',
    target: 'Doel',
    achieved: 'Gewogen',
    histogram: 'verdeling van de gewichten',
    histogramLabel: (min: string, max: string) => `Verdeling van de gewichten, van ${min} tot ${max}`,
    tableOf: (key: string) => `Doel en resultaat voor ${key} (tabel)`,
    explain: (n: number, effective: number, deff: number) =>
      `Door de weging tellen de ${n.toLocaleString('nl-NL')} respondenten statistisch als ${Math.round(effective).toLocaleString('nl-NL')} (design effect ${deff.toLocaleString('nl-NL', { maximumFractionDigits: 2 })}), dus foutmarges worden ${Math.sqrt(deff).toLocaleString('nl-NL', { maximumFractionDigits: 2 })} keer zo groot als zonder weging.`,
    form: {
      heading: 'Weging',
      newHeading: 'Nieuwe weging',
      editHeading: (name: string) => `Weging '${name}' bewerken`,
      method: 'Methode',
      targetsAre: 'Doelen zijn',
      counts: 'aantallen (code;aantal)',
      shares: 'aandelen (code;aandeel)',
      startDate: 'Vanaf (optioneel)',
      endDate: 'Tot en met (optioneel)',
      questions: 'Wegingsvariabelen',
      targetsFor: (label: string) => `Doelen voor ${label}`,
      targetsHelp: (kind: 'counts' | 'shares') => `Eén regel per antwoordcode, bijvoorbeeld '${kind === 'counts' ? 'A1;10725' : 'A1;0,26'}'; een kopregel mag. Codes:`,
      upload: 'Of upload een CSV-bestand',
      uploadFor: (key: string) => `CSV-bestand met de doelen voor ${key}`,
      uploadCells: 'CSV-bestand met de doelen per combinatie',
      cellTargets: "Doelen per combinatie ('code|code;aantal')",
      trimLower: 'Ondergrens gewicht (× gemiddelde, optioneel)',
      trimUpper: 'Bovengrens gewicht (× gemiddelde, optioneel)',
      maxIterations: 'Maximum aantal iteraties',
      save: 'Opslaan en berekenen',
      cancel: 'Annuleren',
    },
  },
  /** A weighting variable without any name (its question or panel field is gone): never its key. */
  unnamedVariable: 'een variabele zonder naam',
  /** 'Gewogen naar leeftijd, geslacht en wijk'. */
  weightedBy: (variables: string[]) => `Gewogen naar ${and(variables)}`,
  /** Under a chart whose data locations are of two surveys, only some of them the scheme's: which ones it weighed. */
  weightedOnly: (label: string, questions: string[]) => `${label}: alleen ${and(questions.map((q) => `‘${q}’`))}`,
  /** PDF cover and public page when only some charts are of the scheme's survey: the charts say which (never the whole report 'Gewogen naar …'). */
  reportPartly: (scheme: string) => `Deels gewogen: alleen de grafieken waaronder ‘Gewogen naar …’ staat (weging ‘${scheme}’)`,
} as const;

function fmt(n: number): string {
  return n.toLocaleString('nl-NL', { maximumFractionDigits: 4 });
}
