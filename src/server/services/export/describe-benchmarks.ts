import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { filterCategories, filterOptions } from '../../db/schema';
import { reportExportNl } from '../../../shared/i18n/report-export';
import type { ReportDataAnswer } from '../report-data/compute-report-data';
import { longDate } from './period-label';

const t = reportExportNl.cover;

/**
 * Each benchmark in words for the cover: its filters as "Categorie: optie, optie" (options of one
 * category are alternatives, categories combine) and its period.
 */
export async function describeBenchmarks(db: Db, benchmarks: ReportDataAnswer['benchmarks']): Promise<{ label: string; description: string }[]> {
  const ids = [...new Set(benchmarks.flatMap((b) => b.filterOptions))];
  const options = ids.length
    ? await db
        .select({ id: filterOptions.id, label: filterOptions.label, categoryId: filterOptions.categoryId, category: filterCategories.title })
        .from(filterOptions)
        .innerJoin(filterCategories, eq(filterCategories.id, filterOptions.categoryId))
        .where(inArray(filterOptions.id, ids))
    : [];
  const byId = new Map(options.map((o) => [o.id, o]));
  return benchmarks.map((b) => {
    const groups = new Map<string, string[]>();
    for (const id of b.filterOptions) {
      const o = byId.get(id);
      if (o) groups.set(o.category, [...(groups.get(o.category) ?? []), o.label]);
    }
    const filters = groups.size ? [...groups].map(([category, labels]) => `${category}: ${labels.join(', ')}`).join('; ') : t.allRespondents;
    const period = b.start || b.end ? `${b.start ? `${t.from} ${longDate(b.start)} ` : ''}${b.end ? `${t.until} ${longDate(b.end)}` : ''}`.trim() : t.wholePeriod;
    return { label: b.label, description: `${filters} (${period})` };
  });
}
