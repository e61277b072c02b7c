import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { buildChartSpec, type ChartConfig } from '../../shared/chart-spec';
import { reportViewNl } from '../../shared/i18n/report-view';
import { type WidgetRow, widgetsOf } from '../../shared/report-widgets';
import { Chart } from '../charts/Chart';
import { ChartData } from '../charts/ChartData';
import { request } from '../../shared/api-client';
import { WidgetCard } from './WidgetCard';
import type { ReportLimits } from './benchmarks';
import { listenForExport } from './export';
import { $catalog, initReportState } from './report.store';
import type { NamingCatalog } from '../../shared/benchmark-names';
import { measureRedraw, useReportData } from './use-report-data';

export interface ReportViewProps {
  reportId: number;
  title: string;
  lang: string;
  minN: number;
  limits: ReportLimits;
  charts: ChartConfig[];
  /** The sections' widgets; drawn into their server-rendered hosts from the same data answer. */
  widgets?: WidgetRow[];
  /**
   * The labels of the URL's filter options as the server named the first paint with (the menu's
   * rows): the names stay the same when the data answer comes before the menu's catalogue.
   */
  naming?: readonly NamingCatalog[];
}

/** The chart frames the page rendered on the server (titles + skeletons), by chart id. */
function findHosts(): Map<number, HTMLElement> {
  const hosts = new Map<number, HTMLElement>();
  for (const el of document.querySelectorAll<HTMLElement>('[data-chart-host]')) hosts.set(Number(el.dataset.chartHost), el);
  return hosts;
}

/** The hosts the page rendered for each section's widgets, by section id. */
function findWidgetHosts(): Map<number, HTMLElement> {
  const hosts = new Map<number, HTMLElement>();
  for (const el of document.querySelectorAll<HTMLElement>('[data-widget-host]')) hosts.set(Number(el.dataset.widgetHost), el);
  return hosts;
}

/**
 * Staff report view: one data call for the whole report with the current benchmarks, each chart
 * drawn into its server-rendered frame (portals), redrawn when the benchmarks change.
 */
export default function ReportView({ reportId, title, lang, minN, limits, charts, widgets = [], naming = [] }: ReportViewProps) {
  initReportState(reportId, limits);
  if (naming.length && !$catalog.get().length) $catalog.set(naming);
  const [hosts] = useState(findHosts);
  const [widgetHosts] = useState(findWidgetHosts);
  const { data, loading, failed } = useReportData(reportId, lang);
  const specs = useMemo(() => {
    if (!data) return null;
    const byChart = new Map<number, typeof data.dataLocations>();
    for (const d of data.dataLocations) (byChart.get(d.chartId) ?? byChart.set(d.chartId, []).get(d.chartId)!).push(d);
    return new Map(charts.map((c) => [c.id, buildChartSpec(c, byChart.get(c.id) ?? [], { lang, minN, weightedBy: data.weighting?.label, protection: data.protection })]));
  }, [data, charts, lang, minN]);
  const shownWidgets = useMemo(() => (data ? widgetsOf(widgets, data) : []), [data, widgets]);

  // The server's first-paint widgets ('wordt geteld…') give way to these cards before the paint that shows them.
  useLayoutEffect(() => {
    if (data) document.querySelectorAll('[data-widget-first]').forEach((el) => el.remove());
  }, [data]);
  useEffect(() => listenForExport(reportId, title), [reportId, title]);
  useEffect(() => {
    if (specs) measureRedraw();
  }, [specs]);
  useEffect(() => {
    document.querySelector('[data-report-body]')?.setAttribute('aria-busy', String(loading));
  }, [loading]);

  return (
    <>
      <p className="sr-only" role="status" aria-live="polite">{loading ? reportViewNl.refreshing : ''}</p>
      {charts.map((c) => {
        const host = hosts.get(c.id);
        if (!host) return null;
        const spec = specs?.get(c.id);
        const body = spec ? (
          <>
            <Chart spec={spec} />
            <ChartData spec={spec} record={(format) => request('POST', `/api/v2/report/${reportId}/export/chart`, { chart_id: c.id, format })} />
          </>
        ) : failed ? (
          <p className="text-sm text-red-700">{reportViewNl.chartFailed}</p>
        ) : null;
        return body ? createPortal(body, host, String(c.id)) : null;
      })}
      {[...widgetHosts].map(([sectionId, host]) =>
        createPortal(
          shownWidgets.filter((w) => w.sectionId === sectionId).map((w) => <WidgetCard key={w.id} widget={w} />),
          host,
          `w${sectionId}`,
        ),
      )}
    </>
  );
}
