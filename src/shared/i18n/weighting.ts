/** Dutch texts of weighting schemes (issue 31): the API's messages and the weighting screen. */
const list = (codes: string[]) => codes.map((c) => `'${c}'`).join(', ');

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
  /** 'Gewogen naar leeftijd, geslacht en wijk'. */
  weightedBy: (variables: string[]) => `Gewogen naar ${variables.length <= 1 ? (variables[0] ?? '') : `${variables.slice(0, -1).join(', ')} en ${variables[variables.length - 1]}`}`,
} as const;

function fmt(n: number): string {
  return n.toLocaleString('nl-NL', { maximumFractionDigits: 4 });
}
