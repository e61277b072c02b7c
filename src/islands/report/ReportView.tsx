import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { buildChartSpec, type ChartConfig } from '../../shared/chart-spec';
import { reportViewNl } from '../../shared/i18n/report-view';
import { Chart } from '../charts/Chart';
import { ChartData } from '../charts/ChartData';
import type { ReportLimits } from './benchmarks';
import { listenForExport } from './export';
import { initReportState } from './report.store';
import { measureRedraw, useReportData } from './use-report-data';

export interface ReportViewProps {
  reportId: number;
  title: string;
  lang: string;
  minN: number;
  limits: ReportLimits;
  charts: ChartConfig[];
}

/** The chart frames the page rendered on the server (titles + skeletons), by chart id. */
function findHosts(): Map<number, HTMLElement> {
  const hosts = new Map<number, HTMLElement>();
  for (const el of document.querySelectorAll<HTMLElement>('[data-chart-host]')) hosts.set(Number(el.dataset.chartHost), el);
  return hosts;
}

/**
 * Staff report view: one data call for the whole report with the current benchmarks, each chart
 * drawn into its server-rendered frame (portals), redrawn when the benchmarks change.
 */
export default function ReportView({ reportId, title, lang, minN, limits, charts }: ReportViewProps) {
  initReportState(reportId, limits);
  const [hosts] = useState(findHosts);
  const { data, loading, failed } = useReportData(reportId, lang);
  const specs = useMemo(() => {
    if (!data) return null;
    const byChart = new Map<number, typeof data.dataLocations>();
    for (const d of data.dataLocations) (byChart.get(d.chartId) ?? byChart.set(d.chartId, []).get(d.chartId)!).push(d);
    return new Map(charts.map((c) => [c.id, buildChartSpec(c, byChart.get(c.id) ?? [], { lang, minN })]));
  }, [data, charts, lang, minN]);

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
            <ChartData spec={spec} />
          </>
        ) : failed ? (
          <p className="text-sm text-red-700">{reportViewNl.chartFailed}</p>
        ) : null;
        return body ? createPortal(body, host, String(c.id)) : null;
      })}
    </>
  );
}
