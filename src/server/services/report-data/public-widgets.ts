import type { reportWidgets } from '../../db/schema';
import { chartsNl, publicReportNl } from '../../../shared/i18n/charts';
import { WIDGETS } from '../../../shared/lookups';
import { periodWidgetLines } from '../../../shared/report-period';
import type { ReportDataAnswer } from './compute-report-data';

/** A section widget as the public page shows it: a heading and plain lines (no HTML). */
export interface PublicWidget {
  id: number;
  sectionId: number;
  key: string;
  label: string;
  lines: { text: string; href?: string }[];
}

type WidgetRow = typeof reportWidgets.$inferSelect;
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * The widgets of the public report from the same data answer as the charts: the response counter
 * shows a group's size only when that group is released (else the Dutch suppression text).
 */
export function publicWidgets(rows: WidgetRow[], data: ReportDataAnswer): PublicWidget[] {
  return rows.flatMap((w): PublicWidget[] => {
    const kind = WIDGETS.find((k) => k.id === w.widgetTypeId);
    if (!kind) return [];
    const s = w.settings ?? {};
    const base = { id: w.id, sectionId: w.sectionId, key: kind.key, label: str(s.label) || kind.name };
    switch (kind.key) {
      case 'response-counter': {
        const first = data.dataLocations[0];
        const lines = data.benchmarks.map((b, i) => {
          const cell = first?.benchmarks[i];
          const n = cell && !cell.suppressed ? cell.stats.groupSize.toLocaleString('nl-NL') : chartsNl.suppressedMinN(data.minN);
          return { text: `${b.label}: ${n}` };
        });
        return [{ ...base, lines }];
      }
      case 'date-range':
        return [{ ...base, lines: periodWidgetLines(data).map((text) => ({ text })) }];
      case 'min-n-notice':
        return [{ ...base, lines: [{ text: publicReportNl.minN(data.minN) }] }];
      case 'contact': {
        const lines = [{ text: str(s.name) }, { text: str(s.email), href: str(s.email) ? `mailto:${str(s.email)}` : undefined }, { text: str(s.phone), href: str(s.phone) ? `tel:${str(s.phone).replace(/[^\d+]/g, '')}` : undefined }, { text: str(s.text) }];
        return [{ ...base, lines: lines.filter((l) => l.text) }];
      }
    }
  });
}
