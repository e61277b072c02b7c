import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { filterCategories, reportFilterCategories, reports } from '../../src/server/db/schema';

/**
 * The demo report 1 offers the demo filter categories 1–4 of project 1 (age group, district, gender,
 * main improvement) in their catalogue order. Skips existing rows; runs after seedFilters/seedReports.
 */
export async function seedReportFilters(db: Db): Promise<void> {
  const [report] = await db.select({ id: reports.id, projectId: reports.projectId }).from(reports).where(eq(reports.id, 1));
  if (!report) return;
  const categories = await db.select({ id: filterCategories.id, projectId: filterCategories.projectId }).from(filterCategories).where(inArray(filterCategories.id, [1, 2, 3, 4]));
  const rows = categories.filter((c) => c.projectId === report.projectId).sort((a, b) => a.id - b.id);
  if (!rows.length) return;
  await db
    .insert(reportFilterCategories)
    .values(rows.map((c, i) => ({ reportId: report.id, categoryId: c.id, order: i })))
    .onConflictDoNothing();
}
