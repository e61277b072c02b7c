import type { DateGranularity } from '../date-periods';

/** Dutch texts of the date choice and the responses a report counts (issue 12). */
export const reportDatesNl = {
  granularity: { day: 'Dag', week: 'Week', month: 'Maand', quarter: 'Kwartaal', year: 'Jaar' } satisfies Record<DateGranularity, string>,
  /** Benchmark menu and public page: the period pickers. */
  fromPeriod: 'Van',
  toPeriod: 'Tot en met',
  periodHint: (unit: string) => `Kies hele perioden (${unit.toLowerCase()}): kleinere stukken zijn niet beschikbaar, zodat niemand via het verschil tussen twee perioden kleine groepen kan herleiden.`,
  fixedPeriod: (from: string, to: string) => `Periode: ${from} t/m ${to} (vast voor deze rapportage)`,
  /** Refusal when a report without date filter is asked for other dates. */
  noDateFilter: (from: string, to: string) => `Deze rapportage heeft geen datumfilter: alleen de rapportperiode (${from} t/m ${to}) kan worden getoond`,
  /** What a report counts, for the period widget, the PDF cover and the editor. */
  completeOnly: 'Alleen volledig ingevulde vragenlijsten',
  withIncomplete: 'Inclusief niet volledig ingevulde vragenlijsten',
  /** Report editor. */
  editor: {
    dateGranularity: 'Datumstappen (met datumfilter)',
    dateGranularityHelp: 'Gekozen perioden beginnen en eindigen op hele stappen. Per dag is alleen verstandig bij veel respons per dag: kleine verschillen tussen dagen worden dan vaker verborgen.',
    dayOptIn: 'Dag (alleen bij veel respons per dag)',
    includeIncomplete: 'Ook niet volledig ingevulde vragenlijsten meetellen',
    minNHelp: 'Minimaal 5; standaard 10. Groepen kleiner dan dit aantal worden nergens getoond.',
  },
} as const;
