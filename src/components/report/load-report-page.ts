import type { UserServiceContext } from '../../server/context';
import { AppError } from '../../server/errors';
import { reportRead } from '../../server/services/reports/get-report';
import { constant, mapRead, readAll, type Read } from '../../server/db/reads';
import { reports } from '../../server/db/schema';
import { catalogRowsRead } from '../../server/services/report-data/load-filter-catalog';
import { scopeSurveyIds } from '../../server/services/report-data/resolve-scope';
import type { NamingCatalog } from '../../shared/benchmark-names';
import { eq } from 'drizzle-orm';
import { shellRead, type ShellData } from '../../server/services/shell/load-shell';
import { hasRole } from '../../shared/permissions';
import { MIN_N_FLOOR } from '../../shared/validation/reports';
import type { ChartConfig } from '../../shared/chart-spec';
import type { BookmarkItem } from '../../islands/report/Bookmarks';
import type { ReportLimits } from '../../islands/report/benchmarks';
import { snapIso } from '../../shared/date-periods';
import type { WidgetRow } from '../../shared/report-widgets';

const INCLUDE = 'sections.texts,sections.widgets,sections.charts.dataLocations,sections.charts.chartOptions,sections.charts.texts,bookmarks';

export interface TextItem {
  id: number;
  position: 'before' | 'after';
  body: string;
}
type WidgetItem = { id: number; section_id: number; widget_type_id: number; settings: Record<string, unknown> | null };
type Section = { id: number; title: string; texts?: TextItem[]; widgets?: WidgetItem[]; charts?: (ChartConfig & { texts?: TextItem[] })[] };

/**
 * The option labels of the report's benchmark menu (GET report/{id}/filterOption: the same rows,
 * exposed options only), for naming filtered benchmarks at first paint as the hydrated view does.
 * Subqueries for the project and surveys, so it joins the page's one batch.
 */
function namingRead(ctx: UserServiceContext, id: number): Read<NamingCatalog[]> {
  const projectId = ctx.db.select({ id: reports.projectId }).from(reports).where(eq(reports.id, id));
  return mapRead(catalogRowsRead(ctx.db, { id, projectId }, scopeSurveyIds(ctx.db, id, { kind: 'report' })), (rowsOf) => {
    const { categories, options } = rowsOf();
    return categories.map((c) => ({ options: options.filter((o) => o.categoryId === c.id).map((o) => ({ id: o.id, label: o.label })) }));
  });
}

/**
 * What the report pages (view, summary) need, from the same service the API uses: null when the
 * id is malformed or the report isn't the user's (→ 404, never revealing it exists). `naming`: also
 * the menu's option labels (only when the URL's benchmarks need them: filtered, without a label).
 */
export async function loadReportPage(ctx: UserServiceContext, rawId: string | undefined, opts: { naming?: boolean } = {}) {
  const id = Number(rawId);
  if (!Number.isInteger(id) || id <= 0) return null;
  let report: ReturnType<typeof reportRead> extends Read<infer T> ? T : never;
  let shell: ShellData;
  let naming: NamingCatalog[];
  try {
    // One batch after the session check (issue 20): the report with its parts, the shell's rows and, when asked, the menu's labels.
    [report, shell, naming] = await readAll(ctx.db, [reportRead(ctx, id, INCLUDE), shellRead(ctx), opts.naming ? namingRead(ctx, id) : constant<NamingCatalog[]>([])]);
  } catch (err) {
    if (err instanceof AppError && (err.code === 'NOT_FOUND' || err.code === 'FORBIDDEN')) return null;
    throw err;
  }
  const sections = ((report.sections ?? []) as unknown as Section[]).map((s) => ({ ...s, texts: s.texts ?? [], widgets: s.widgets ?? [], charts: (s.charts ?? []).map((c) => ({ ...c, texts: c.texts ?? [] })) }));
  const languages = report.languages.split(',').map((l) => l.trim()).filter(Boolean);
  // With the date filter on the default range is the report period snapped to whole periods, as the engine uses it.
  const g = report.date_granularity;
  const snap = (iso: string | null, edge: 'start' | 'end') => (iso && report.date_filter ? snapIso(iso, g, edge) : iso);
  const limits: ReportLimits = { benchmarkCount: report.benchmark_count, startDate: snap(report.start_date, 'start'), endDate: snap(report.end_date, 'end'), dateFilter: report.date_filter, dateGranularity: g };
  return {
    id: report.id,
    title: report.title,
    minN: Math.max(report.min_n, MIN_N_FLOOR),
    includeIncomplete: report.include_incomplete,
    /** Cell-key mode: the page says once that counts are perturbed. */
    protection: (report.protection === 'cellkey' ? 'cellkey' : 'suppress') as 'suppress' | 'cellkey',
    pdfExport: report.pdf_export,
    lang: languages.includes('nl') ? 'nl' : (languages[0] ?? 'nl'),
    limits,
    sections,
    // The islands get the chart settings only; texts are rendered on the server.
    charts: sections.flatMap((s) => s.charts.map(({ texts: _texts, ...chart }) => chart)) as ChartConfig[],
    /** The sections' widgets (response counter, period, min_n notice, contact): the island fills them from the data answer. */
    widgets: sections.flatMap((s) => s.widgets.map((w): WidgetRow => ({ id: w.id, sectionId: w.section_id, widgetTypeId: w.widget_type_id, settings: w.settings }))),
    bookmarks: (report.bookmarks ?? []) as BookmarkItem[],
    canEditBookmarks: hasRole(ctx.user, 'dashboard.edit'),
    /** Editors get a 'Bewerken' link on every chart of the view. */
    canEdit: hasRole(ctx.user, 'dashboard.edit'),
    /** The app shell's rows, read in the same batch (AppShell's `shell`). */
    shell,
    /** The benchmark menu's option labels (empty unless asked for). */
    naming,
  };
}

export type ReportPageData = NonNullable<Awaited<ReturnType<typeof loadReportPage>>>;
