/** Dutch texts of /admin/new-reports and the report check (issue 21). */
import { countNl } from './count';
export const reportsCheckNl = {
  title: 'Rapportages van afgelopen 2 weken',
  none: 'Er zijn de afgelopen 2 weken geen rapportages aangemaakt.',
  columns: { title: 'Rapportage', project: 'Project', created: 'Aangemaakt', sections: 'Secties' },
  checkTitle: 'Controle van alle rapportages',
  checkIntro: 'Controleert van elke rapportage het project, de grafieken (type, weergave, datalocaties) en per datalocatie het onderzoek en de vraag.',
  runCheck: 'Controle uitvoeren',
  checked: (reports: number, charts: number, locations: number, problems: number) => `${countNl(reports, 'rapportage')}, ${countNl(charts, 'grafiek')} en ${countNl(locations, 'datalocatie')} gecontroleerd: ${problems === 0 ? 'geen problemen' : countNl(problems, 'probleem')}.`,
  problemColumns: { report: 'Rapportage', where: 'Waar', problem: 'Probleem' },
  report: 'Rapportage',
  chart: (title: string) => `Grafiek '${title}'`,
  location: (chart: string, key: string) => `Datalocatie ${key} in '${chart}'`,
  projectDeleted: 'Het project is verwijderd.',
  unknownChartType: (id: number) => `Onbekend grafiektype (${id}).`,
  unknownFormat: (id: number) => `Onbekende weergave (${id}).`,
  noLocations: 'De grafiek heeft geen datalocaties.',
  surveyDeleted: 'Het onderzoek is verwijderd.',
  surveyNotLinked: 'Het onderzoek is niet (meer) aan het project gekoppeld.',
  columnGone: (key: string) => `De vraag '${key}' bestaat niet meer in het onderzoek.`,
};
