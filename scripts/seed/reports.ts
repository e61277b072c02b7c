import { and, eq } from 'drizzle-orm';
import type { SessionUser } from '../../src/server/auth/sessions';
import type { UserServiceContext } from '../../src/server/context';
import type { Db } from '../../src/server/db/client';
import { reports, surveys } from '../../src/server/db/schema';
import { createMailer } from '../../src/server/mail/mailer';
import { createBookmark } from '../../src/server/services/reports/create-bookmark';
import { createChart } from '../../src/server/services/reports/create-chart';
import { createDataLocation } from '../../src/server/services/reports/create-data-location';
import { createReport } from '../../src/server/services/reports/create-report';
import { createSection } from '../../src/server/services/reports/create-section';
import { createText } from '../../src/server/services/reports/create-text';
import { createWidget } from '../../src/server/services/reports/create-widget';
import { setResponseChart } from '../../src/server/services/reports/set-response-chart';
import { CHART_TYPES, COLOR_SCHEMES, DATA_FORMATS, GRANULARITY, REPORT_STATUSES, WIDGETS } from '../../src/shared/lookups';
import { BookmarkInput, ReportInput } from '../../src/shared/validation/reports';
import { TextInput, WidgetInput } from '../../src/shared/validation/reports-parts';
import { GROUPS } from '../../src/shared/permissions';
import { DEMO_SURVEY_SID } from './surveys-burgerpeiling';

export const chartType = (key: (typeof CHART_TYPES)[number]['key']) => CHART_TYPES.find((t) => t.key === key)!.id;
export const format = (key: (typeof DATA_FORMATS)[number]['key']) => DATA_FORMATS.find((f) => f.key === key)!.id;
export const status = (key: (typeof REPORT_STATUSES)[number]['key']) => REPORT_STATUSES.find((s) => s.key === key)!.id;
const widget = (key: (typeof WIDGETS)[number]['key']) => WIDGETS.find((w) => w.key === key)!.id;
const months = GRANULARITY.find((g) => g.key === 'month')!.id;
const likertColours = COLOR_SCHEMES.find((s) => s.name === 'Oneens - eens (5 punten)')!.id;

/** Sections, charts and their data locations (column keys of the burgerpeiling's cube). */
export const SECTIONS = [
  {
    title: 'Wonen in de buurt',
    charts: [
      { title: 'Tevredenheid over de buurt', type: 'stacked-bar-100', format: 'percentage', colours: likertColours, columns: ['buurt_SQ001', 'buurt_SQ002', 'buurt_SQ003', 'buurt_SQ004'] },
      { title: 'Rapportcijfer voor de buurt', type: 'kpi', format: 'mean', columns: ['rapportcijfer'] },
      { title: 'Problemen in de buurt', type: 'bar', format: 'percentage', columns: ['problemen'] },
    ],
  },
  {
    title: 'Gemeente en dienstverlening',
    charts: [
      { title: 'Tevredenheid over de dienstverlening', type: 'bar', format: 'percentage', colours: likertColours, columns: ['tevredengemeente'] },
      { title: 'Tevredenheid door de tijd', type: 'line', format: 'percentage', colours: likertColours, granularity: months, columns: ['tevredengemeente'] },
      { title: 'Contactkanalen', type: 'column', format: 'percentage-count', columns: ['kanaal'] },
    ],
  },
] as const satisfies readonly { title: string; charts: readonly { title: string; type: (typeof CHART_TYPES)[number]['key']; format: (typeof DATA_FORMATS)[number]['key']; colours?: number; granularity?: number; columns: readonly string[] }[] }[];

const INTRO = [
  'In het voorjaar hebben inwoners van Zuiderhaven hun mening gegeven over hun buurt en over de gemeente.',
  // This text shows in the portal and on the public page: it names the way to compare in each.
  'Vergelijk groepen, bijvoorbeeld leeftijd of wijk: in het portaal met het menu \'Benchmarks en filters\', op de openbare pagina met \'Vergelijken met\' bovenaan. Uitkomsten worden alleen getoond voor groepen vanaf 10 deelnemers.',
].join('\n\n');

export const CONCEPT_REPORT_TITLE = 'Dienstverlening Zuiderhaven 2026 (concept)';

/** The seed acts as Bram Jansen (beheerder@, company admin of company 1), so every rule of the services applies. */
export function seedContext(db: Db, today: Date): UserServiceContext {
  const user: SessionUser = {
    id: 2,
    companyId: 1,
    groupId: GROUPS.Beheerder,
    email: 'beheerder@demo.impulz.nl',
    fullname: 'Bram Jansen',
    isRoot: false,
    isCompanyAdmin: true,
    roles: ['dashboard.access', 'dashboard.view', 'dashboard.create', 'dashboard.edit'],
    mustChangePassword: false,
    mustEnable2fa: false,
    twoFactorConfirmed: false,
  };
  const config = { appEnv: 'development' as const, libsqlUrl: 'file:seed', mailFrom: 'ImpulZ <noreply@impulz.nl>', helpdeskEmail: 'helpdesk@impulz.nl' };
  return { db, user, now: today, config, mailer: createMailer(db, config) };
}

const expectId = (what: string, got: number, want: number) => {
  if (got !== want) throw new Error(`Demo ${what} kreeg id ${got} in plaats van ${want}: seed een lege database (npm run seed -- --fresh).`);
};

/**
 * The demo report "Burgerpeiling Zuiderhaven 2026" (report 1: public via direct_access, PDF
 * export, min_n 10, 2 sections, 6 charts, 9 data locations, bookmark 1, an intro text, a response
 * counter and a contact block) and a small concept report, created through the report services. Fixed ids
 * follow from creating them first in an empty database; each report is skipped when it exists.
 */
export async function seedReports(db: Db, today = new Date()): Promise<void> {
  const [survey] = await db.select({ id: surveys.id }).from(surveys).where(and(eq(surveys.lsSid, DEMO_SURVEY_SID), eq(surveys.companyId, 1)));
  if (!survey) return;
  const ctx = seedContext(db, today);
  const [existing] = await db.select({ id: reports.id }).from(reports).where(eq(reports.id, 1));
  if (!existing) await seedMainReport(ctx, survey.id, today);
  const [concept] = await db.select({ id: reports.id }).from(reports).where(and(eq(reports.projectId, 1), eq(reports.title, CONCEPT_REPORT_TITLE)));
  if (!concept) await seedConceptReport(ctx, survey.id);
}

async function seedMainReport(ctx: UserServiceContext, surveyId: number, today: Date) {
  const year = today.getUTCFullYear();
  const report = await createReport(
    ctx,
    ReportInput.parse({
      project_id: 1,
      title: 'Burgerpeiling Zuiderhaven 2026',
      start_date: `${year}-01-01`,
      end_date: `${year}-12-31`,
      benchmark_count: 3,
      min_n: 10,
      languages: 'nl',
      pdf_export: true,
      direct_access: true,
      status_id: status('published'),
      hide_risky_filters: true,
    }),
  );
  expectId('rapportage', report.id, 1);
  let [chartNo, locationNo] = [0, 0];
  for (const [si, s] of SECTIONS.entries()) {
    const section = await createSection(ctx, report.id, { title: s.title });
    expectId('sectie', section.id, si + 1);
    for (const c of s.charts) {
      const chart = await createChart(ctx, {
        section_id: section.id,
        chart_type_id: chartType(c.type),
        title: c.title,
        data_format_id: format(c.format),
        color_scheme_id: 'colours' in c ? c.colours : 1,
        granularity_id: 'granularity' in c ? c.granularity : 0,
      });
      expectId('grafiek', chart.id, ++chartNo);
      for (const columnKey of c.columns) {
        const location = await createDataLocation(ctx, { chart_id: chart.id, survey_id: surveyId, column_key: columnKey });
        expectId('dataset', location.id, ++locationNo);
      }
    }
  }
  const benchmarks = [
    // Named benchmarks: a saved breakdown loads with names people read in legends and the PDF.
    { label: 'Jongeren (18-34)', start: null, end: null, filterCategories: { 1: [1] } },
    { label: 'Ouderen (65+)', start: null, end: null, filterCategories: { 1: [4] } },
  ];
  const bookmark = await createBookmark(ctx, report.id, BookmarkInput.parse({ name: 'Jong en oud', query_string: benchmarks }));
  expectId('uitsplitsing', bookmark.id, 1);
  await createText(ctx, TextInput.parse({ section_id: 1, position: 'before', body: INTRO }));
  await createWidget(ctx, WidgetInput.parse({ section_id: 1, widget_type_id: widget('response-counter') }));
  const contact = { name: 'Team Onderzoek en Statistiek', email: 'onderzoek@zuiderhaven.demo.impulz.nl' };
  await createWidget(ctx, WidgetInput.parse({ section_id: 2, widget_type_id: widget('contact'), settings: contact }));
}

/** A concept report for the overview's Concept tab: a response chart and one chart on the demo survey. */
async function seedConceptReport(ctx: UserServiceContext, surveyId: number) {
  const report = await createReport(ctx, ReportInput.parse({ project_id: 1, title: CONCEPT_REPORT_TITLE, status_id: status('concept'), min_n: 10 }));
  await setResponseChart(ctx, report.id, {});
  const section = await createSection(ctx, report.id, { title: 'Dienstverlening' });
  const chart = await createChart(ctx, { section_id: section.id, chart_type_id: chartType('bar'), title: 'Tevredenheid over de dienstverlening', data_format_id: format('percentage'), color_scheme_id: likertColours });
  await createDataLocation(ctx, { chart_id: chart.id, survey_id: surveyId, column_key: 'tevredengemeente' });
}
