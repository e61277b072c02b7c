import { useEffect, useMemo } from 'react';
import { formatDate } from '../../shared/format';
import { formatCount } from '../../shared/chart-spec';
import { chartsNl } from '../../shared/i18n/charts';
import { reportViewNl } from '../../shared/i18n/report-view';
import { AiAssistant } from './AiAssistant';
import type { ReportLimits } from './benchmarks';
import { listenForExport } from './export';
import { benchmarkFigures, chartFigures, summaryWeightingNote } from './key-figures';
import { initReportState } from './report.store';
import { useReportData } from './use-report-data';
import { ScrollRegion } from '../shell/ScrollRegion';
import { shellTexts } from '../../shared/i18n/shell';

const t = reportViewNl.summary;
const formatNumber = (n: number, decimals = 0) => n.toLocaleString('nl-NL', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
const formatCountFor = (approximate: boolean) => (n: number) => formatCount({ approximate }, n);

export interface SummaryViewProps {
  reportId: number;
  title: string;
  lang: string;
  minN: number;
  limits: ReportLimits;
  charts: { id: number; title: string }[];
  sectionCount: number;
}

/** Samenvatting tab: key figures per benchmark and per chart, and the AI assistant. */
export default function SummaryView({ reportId, title, lang, minN, limits, charts, sectionCount }: SummaryViewProps) {
  initReportState(reportId, limits);
  const { data, loading, failed } = useReportData(reportId, lang);
  useEffect(() => listenForExport(reportId, title), [reportId, title]);
  const figures = useMemo(() => (data ? benchmarkFigures(data) : null), [data]);
  const perChart = useMemo(() => (data ? chartFigures(data, charts.map((c) => c.id)) : []), [data, charts]);
  const weighting = useMemo(() => (data ? summaryWeightingNote(data, charts) : null), [data, charts]);
  // Cell-key mode: counts are perturbed, so they read 'ca. 123' and the table says why.
  const approximate = data?.protection === 'cellkey';
  const count = formatCountFor(approximate);
  const low = reportViewNl.suppressed(minN);
  const period = (s: string | null, e: string | null) => [s, e].filter((d): d is string => !!d).map(formatDate).join(' – ');

  return (
    <div className="flex flex-col gap-6">
      <section className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow" aria-labelledby="key-title" aria-busy={loading}>
        <h2 id="key-title" className="text-lg font-semibold">{t.keyFigures}</h2>
        <p className="text-sm text-gray-700">{t.sections}: {sectionCount} · {t.charts}: {charts.length}</p>
        {failed && <p className="text-sm text-red-700">{reportViewNl.chartFailed}</p>}
        {!figures && !failed && <p className="text-sm text-gray-600" role="status">{reportViewNl.loadingChart}</p>}
        {figures && (
          <ScrollRegion label={shellTexts.tableOf(t.keyFigures)}>
            <table className="min-w-full text-sm" data-testid="key-figures">
              {approximate && <caption className="caption-bottom text-start text-xs text-gray-700 pt-1">{chartsNl.table.approximate}</caption>}
              <thead>
                <tr className="border-b text-start">
                  <th scope="col" className="py-1 pe-4 text-start">{t.question}</th>
                  {figures.map((f, i) => <th key={i} scope="col" className="py-1 pe-4 text-start">{f.label}</th>)}
                </tr>
              </thead>
              <tbody>
                <tr className="border-b">
                  <th scope="row" className="py-1 pe-4 text-start font-normal">{t.period}</th>
                  {figures.map((f, i) => <td key={i} className="py-1 pe-4">{period(f.start, f.end)}</td>)}
                </tr>
                <tr className="border-b">
                  <th scope="row" className="py-1 pe-4 text-start font-normal">{t.respondents}</th>
                  {figures.map((f, i) => <td key={i} className="py-1 pe-4">{f.respondents === null ? low : count(f.respondents)}</td>)}
                </tr>
                {perChart.map((row) => (
                  <tr key={row.chartId} className="border-b">
                    <th scope="row" className="py-1 pe-4 text-start font-normal">{charts.find((c) => c.id === row.chartId)?.title}</th>
                    {row.cells.map((cell, i) => (
                      <td key={i} className="py-1 pe-4">
                        {cell === null
                          ? low
                          : cell.kind === 'mean'
                            ? `${t.mean}: ${formatNumber(cell.value, 1)} (n = ${count(cell.n)})`
                            : cell.kind === 'scale'
                              ? `${t.topBox}: ${formatNumber(cell.topBox)}%${cell.mean === null ? '' : ` · ${t.meanShort}: ${formatNumber(cell.mean, 1)}`} (n = ${count(cell.n)})`
                              : `${t.mostChosen}: ${cell.label} (${formatNumber(cell.percentage)}%, n = ${count(cell.n)})`}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
        {figures && weighting && <p className="text-xs text-gray-700" data-testid="key-figures-weighting">{weighting}</p>}
      </section>
      <AiAssistant reportId={reportId} lang={lang} />
    </div>
  );
}
