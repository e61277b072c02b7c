import { smallGroupRule } from './small-groups';
/** Dutch texts of the PDF export (spec 001 §8 for the error). */
export const reportExportNl = {
  failed: 'Er is iets misgegaan bij het genereren van de export, probeer het later opnieuw.',
  notEnabled: 'Voor dit rapport is de PDF-export niet ingeschakeld.',
  notReady: 'De export is nog niet klaar.',
  suppressed: (minN: number) => `Te weinig respondenten (minder dan ${minN})`,
  noData: 'Geen gegevens beschikbaar',
  unsupported: 'Dit grafiektype kan niet in de PDF worden getoond.',
  page: (page: number, total: number) => `Pagina ${page} van ${total}`,
  cover: {
    project: 'Project',
    organisation: 'Organisatie',
    period: 'Periode',
    responses: 'Respons',
    weighting: 'Weging',
    generated: 'Gegenereerd op',
    minN: (minN: number) => `${smallGroupRule(minN)}.`,
    benchmarks: 'Benchmarks',
    allRespondents: 'Alle respondenten',
    from: 'vanaf',
    until: 'tot en met',
    wholePeriod: 'hele periode',
  },
  /** n of a group; `approximate` (cell-key mode): 'n = ca. 123', a perturbed count never reads as exact. */
  n: (n: number, approximate = false) => `n = ${approximate ? 'ca. ' : ''}${n.toLocaleString('nl-NL')}`,
  total: 'Totaal',
  mean: 'Gemiddelde',
  respondents: 'Respondenten',
  jobProgress: 'PDF wordt gemaakt',
} as const;
