import { asc, eq, inArray } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reportBookmarks, reportCharts, reportDataLocations, reportSections } from '../../db/schema';
import { findReport, requireReportRole } from './access';
import { presentChart, presentReport, presentSection } from './present';

/** Which parts `include` asks for: sections, sections.charts, sections.charts.dataLocations, bookmarks. */
export function includes(include = '') {
  const parts = new Set(include.split(',').map((s) => s.trim()).filter(Boolean));
  const has = (p: string) => [...parts].some((x) => x === p || x.startsWith(`${p}.`));
  return { sections: has('sections'), charts: has('sections.charts'), dataLocations: has('sections.charts.dataLocations'), bookmarks: has('bookmarks') };
}

/** GET report/{id}[?include=sections.charts.dataLocations,bookmarks] */
export async function getReport(ctx: UserServiceContext, reportId: number, include = '') {
  requireReportRole(ctx.user, 'dashboard.view');
  const report = await findReport(ctx, reportId);
  const want = includes(include);
  const bookmarks = want.bookmarks ? await ctx.db.select().from(reportBookmarks).where(eq(reportBookmarks.reportId, reportId)).orderBy(asc(reportBookmarks.id)) : undefined;
  if (!want.sections) return presentReport(report, { bookmarks });
  const sections = await ctx.db.select().from(reportSections).where(eq(reportSections.reportId, reportId)).orderBy(asc(reportSections.order), asc(reportSections.id));
  if (!want.charts || !sections.length) return presentReport(report, { bookmarks, sections: sections.map((s) => presentSection(s, want.charts ? [] : undefined)) });
  const charts = await ctx.db
    .select()
    .from(reportCharts)
    .where(inArray(reportCharts.sectionId, sections.map((s) => s.id)))
    .orderBy(asc(reportCharts.order), asc(reportCharts.id));
  const locations =
    want.dataLocations && charts.length
      ? await ctx.db.select().from(reportDataLocations).where(inArray(reportDataLocations.chartId, charts.map((c) => c.id))).orderBy(asc(reportDataLocations.order), asc(reportDataLocations.id))
      : undefined;
  const presented = sections.map((s) =>
    presentSection(
      s,
      charts.filter((c) => c.sectionId === s.id).map((c) => presentChart(c, locations?.filter((d) => d.chartId === c.id))),
    ),
  );
  return presentReport(report, { bookmarks, sections: presented });
}
