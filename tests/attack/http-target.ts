import { eq } from 'drizzle-orm';
import type { SessionUser } from '../../src/server/auth/sessions';
import type { UserServiceContext } from '../../src/server/context';
import type { Db } from '../../src/server/db/client';
import { filterCategories, filterOptions } from '../../src/server/db/schema';
import type { FileStore } from '../../src/server/files/store';
import { inlineJobSystem } from '../../src/server/jobs/enqueue';
import { createMailer } from '../../src/server/mail/mailer';
import { generatedCategory, insertCategory } from '../../src/server/services/filters/generate-category';
import { createChart } from '../../src/server/services/reports/create-chart';
import { createDataLocation } from '../../src/server/services/reports/create-data-location';
import { createReport } from '../../src/server/services/reports/create-report';
import { createSection } from '../../src/server/services/reports/create-section';
import { importSurvey } from '../../src/server/services/surveys/import-survey';
import { uploadResponses } from '../../src/server/services/surveys/responses/upload-responses';
import { CHART_TYPES, DATA_FORMATS, GRANULARITY } from '../../src/shared/lookups';
import { ROLES } from '../../src/shared/permissions';
import { ReportInput } from '../../src/shared/validation/reports';
import { burgerpeilingLss } from '../../scripts/seed/surveys-burgerpeiling';
import type { HttpSession } from '../helpers/http-session';
import { type AttackSetup, type AttackTarget, type DataLike, type Granularity, type MenuLike, dayOf, isoOf } from './attacker';
import { sparseData } from './sparse-report';
import { JOB_KINDS } from '../../src/server/job-kinds';

const HEADER = ['id', 'submitdate', 'startdate', 'lastpage', 'startlanguage', 'leeftijd', 'geslacht', 'wijk', 'jarenwonen', 'buurt[SQ001]', 'buurt[SQ002]', 'buurt[SQ003]', 'buurt[SQ004]', 'rapportcijfer', 'veilig[overdag]', 'veilig[avond]', 'problemen[SQ001]', 'problemen[SQ002]', 'problemen[SQ003]', 'problemen[SQ004]', 'problemen[SQ005]', 'problemen[other]', 'tevredengemeente', 'contact', 'kanaal[SQ001]', 'kanaal[SQ002]', 'kanaal[SQ003]', 'kanaal[SQ004]', 'kanaal[SQ005]', 'aanbevelen', 'verbeterpunt', 'opmerking'];

export interface AttackReport {
  reportId: number;
  surveyId: number;
  setup: AttackSetup;
}

/**
 * A survey with the attacker's sparse generated respondents (the burgerpeiling's questions under
 * another LimeSurvey id), imported through the portal's own services, filter categories generated
 * on age group, district and gender, and a public report on it: a bar chart, a monthly trend, a
 * multiple-choice chart and a mean — with the given date rule and protection mode; `overlap` adds
 * a fourth category on the multiple-choice question (overlapping options).
 */
export async function prepareAttackReport(db: Db, files: FileStore, opts: { seed: number; respondents: number; dateFilter: boolean; granularity: Granularity; today?: Date; protection?: 'suppress' | 'cellkey'; overlap?: boolean }): Promise<AttackReport> {
  const today = opts.today ?? new Date();
  const root: SessionUser = { id: 1, companyId: 1, groupId: 1, email: 'admin@demo.impulz.nl', fullname: 'Aanvaller', isRoot: true, isCompanyAdmin: false, roles: [...ROLES], mustChangePassword: false, mustEnable2fa: false, twoFactorConfirmed: true };
  const config = { appEnv: 'test' as const, libsqlUrl: 'file:attack', mailFrom: 'attack@impulz.nl', helpdeskEmail: 'helpdesk@impulz.nl' };
  const ctx: UserServiceContext = { db, user: root, now: today, config, mailer: createMailer(db, config), jobs: inlineJobSystem(JOB_KINDS, db, files, () => today) };
  const sid = 800_000 + opts.seed;
  const { id: surveyId } = await importSurvey(ctx, { xml: burgerpeilingLss().replaceAll('474747', String(sid)), projectId: 1, confirmDuplicate: true });
  const data = sparseData(opts.seed, opts.respondents, Math.floor(today.getTime() / 86_400_000));
  const lines = [HEADER.join(',')];
  for (const r of data.rows) {
    const cells: Record<string, string> = { id: String(r.id), submitdate: r.submitdate, startdate: r.startdate, lastpage: r.submitdate ? '3' : '1', startlanguage: 'nl', leeftijd: r.leeftijd, geslacht: r.geslacht, wijk: r.wijk, tevredengemeente: r.tevredengemeente, aanbevelen: r.aanbevelen };
    for (const code of r.problemen) cells[`problemen[${code}]`] = 'Y';
    lines.push(HEADER.map((h) => cells[h] ?? '').join(','));
  }
  await uploadResponses(ctx, surveyId, new Blob([`${lines.join('\r\n')}\r\n`]), 'aanval.csv');
  const overlapping: number[] = [];
  for (const [k, key] of ['leeftijd', 'wijk', 'geslacht', ...(opts.overlap ? ['problemen'] : [])].entries()) {
    const { title, options } = await generatedCategory({ db, files }, surveyId, key, 1);
    const made = await insertCategory(db, { projectId: 1, surveyId, title, order: 10 + k, options });
    // Options on the multiple-choice question overlap: one respondent can match several.
    if (key === 'problemen') overlapping.push(made.category.id);
  }
  const start = isoOf(data.firstDay + 30);
  const end = isoOf(data.lastDay);
  const report = await createReport(ctx, ReportInput.parse({ project_id: 1, title: `Aanval ${opts.seed}`, start_date: start, end_date: end, benchmark_count: 3, min_n: 10, direct_access: true, date_filter: opts.dateFilter, date_granularity: opts.granularity, protection: opts.protection ?? 'suppress' }));
  const section = await createSection(ctx, report.id, { title: 'Alles' });
  const type = (key: string) => CHART_TYPES.find((t) => t.key === key)!.id;
  const format = (key: string) => DATA_FORMATS.find((f) => f.key === key)!.id;
  const charts: [string, string, string, number][] = [
    ['bar', 'percentage', 'tevredengemeente', 0],
    ['line', 'percentage', 'tevredengemeente', GRANULARITY.find((g) => g.key === 'month')!.id],
    ['column', 'percentage', 'problemen', 0],
    ['kpi', 'mean', 'aanbevelen', 0],
  ];
  for (const [t, f, column, granularity] of charts) {
    const chart = await createChart(ctx, { section_id: section.id, chart_type_id: type(t), title: column, data_format_id: format(f), granularity_id: granularity });
    await createDataLocation(ctx, { chart_id: chart.id, survey_id: surveyId, column_key: column });
  }
  const cats = await db.select({ id: filterCategories.id }).from(filterCategories).where(eq(filterCategories.surveyId, surveyId));
  const opts2 = await db.select({ id: filterOptions.id, categoryId: filterOptions.categoryId }).from(filterOptions);
  const setup: AttackSetup = {
    categories: cats.map((c) => ({ id: c.id, options: opts2.filter((o) => o.categoryId === c.id).map((o) => o.id), ...(overlapping.includes(c.id) ? { overlapping: true } : {}) })),
    dateFilter: opts.dateFilter,
    granularity: opts.granularity,
    period: [dayOf(start), dayOf(end)],
    minN: 10,
    protection: opts.protection ?? 'suppress',
    benchmarkCount: 3,
  };
  return { reportId: report.id, surveyId, setup };
}

const GRANULARITY_ID = Object.fromEntries(GRANULARITY.map((g) => [g.key, g.id])) as Record<string, number>;

/** The staff data and menu calls (a logged-in session) and the public data call (no session) of one report. */
export function httpTarget(staff: HttpSession, visitor: HttpSession, reportId: number, onRequest?: () => Promise<void>): AttackTarget {
  const API = '/portal/api/v2';
  return {
    async data(via, body) {
      await onRequest?.();
      const base = via === 'staff' ? `${API}/data/1/nl/report` : `${API}/public/data/1/nl/report`;
      const session = via === 'staff' ? staff : visitor;
      const res = await session.fetch(`${base}/${reportId}`, {
        method: 'POST',
        json: { benchmarks: body.benchmarks.map((b, i) => ({ label: String.fromCharCode(65 + i), ...b })), ...(body.granularity ? { granularity: GRANULARITY_ID[body.granularity] } : {}) },
      });
      if (res.status === 422) return null;
      if (res.status !== 200) throw new Error(`data answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { data: DataLike }).data;
    },
    async menu(body) {
      await onRequest?.();
      const res = await staff.fetch(`${API}/report/${reportId}/filterCategory`, { method: 'POST', json: body });
      if (res.status === 422) return null;
      if (res.status !== 200) throw new Error(`menu answered ${res.status}: ${await res.text()}`);
      const data = ((await res.json()) as { data: { start: string; end: string; filterCategories: { filterOptions: { id: number; filter_category_id: number; soloCount: number | null; combinedCount: number | null }[] }[] } }).data;
      const answer: MenuLike = {
        start: data.start,
        end: data.end,
        options: data.filterCategories.flatMap((c) => c.filterOptions.map((o) => ({ id: o.id, categoryId: o.filter_category_id, soloCount: o.soloCount, combinedCount: o.combinedCount }))),
      };
      return answer;
    },
  };
}
