import { reportExportNl } from '../../../shared/i18n/report-export';
import type { ReportDataAnswer } from '../report-data/compute-report-data';
import { longDate } from './long-date';

const t = reportExportNl.cover;

/** A filter option a benchmark uses, with its category (read in the export's batch). */
export interface BenchmarkOption {
  id: number;
  label: string;
  categoryId: number;
  category: string;
}

/**
 * Each benchmark in words for the cover: its filters as "Categorie: optie, optie" (options of one
 * category are alternatives, categories combine) and its period. `options`: the benchmarks' filter
 * options as read with the report (load-export-report.ts).
 */
export function describeBenchmarks(options: BenchmarkOption[], benchmarks: ReportDataAnswer['benchmarks']): { label: string; description: string }[] {
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
