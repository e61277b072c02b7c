import { chartsNl, publicReportNl } from './i18n/charts';
import { WIDGETS } from './lookups';
import { periodWidgetLines } from './report-period';
import type { CellAnswer } from './chart/types';
import { formatCount } from './chart/format';

/** A section widget as every renderer shows it (staff view, public page, PDF): a heading and plain lines (no HTML). */
export interface ReportWidget {
  id: number;
  sectionId: number;
  key: string;
  label: string;
  lines: { text: string; href?: string }[];
}

/** A stored widget (row or API item): its type and its settings. */
export interface WidgetRow {
  id: number;
  sectionId: number;
  widgetTypeId: number;
  settings: Record<string, unknown> | null;
}

/** The part of the data answer the widgets read: released numbers only (suppressed groups carry none). */
export interface WidgetData {
  benchmarks: { label: string; start: string | null; end: string | null }[];
  dataLocations: { benchmarks: CellAnswer[] }[];
  minN: number;
  includeIncomplete: boolean;
  /** First paint of the staff view (server): the numbers are still coming; the counter says so, line for line. */
  pending?: boolean;
  /** Cell-key mode: the group sizes are perturbed, so the counter reads 'ca. 123'. */
  protection?: 'suppress' | 'cellkey';
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * The widgets of a report from the same data answer as the charts, the same in the staff view,
 * on the public page and in the PDF. The response counter is the engine's group size of each
 * benchmark, shown only when the engine released that group (min_n, differencing); else the
 * Dutch suppression text — never a number. A widget shows when it exists (the editor adds and
 * removes it) and with the label it was given, else a heading for readers (WIDGETS `heading`:
 * 'Contact', not the editor's type name 'Contactblok').
 */
export function widgetsOf(rows: WidgetRow[], data: WidgetData): ReportWidget[] {
  return rows.flatMap((w): ReportWidget[] => {
    const kind = WIDGETS.find((k) => k.id === w.widgetTypeId);
    if (!kind) return [];
    const s = w.settings ?? {};
    const base = { id: w.id, sectionId: w.sectionId, key: kind.key, label: str(s.label) || kind.heading };
    switch (kind.key) {
      case 'response-counter': {
        const first = data.dataLocations[0];
        const lines = data.benchmarks.map((b, i) => {
          const cell = first?.benchmarks[i];
          if (data.pending) return { text: `${b.label}: ${chartsNl.counting}` };
          const n = cell && !cell.suppressed ? formatCount({ approximate: data.protection === 'cellkey' }, cell.stats.groupSize) : chartsNl.suppressedMinN(data.minN);
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
