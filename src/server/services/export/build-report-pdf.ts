import type { UserServiceContext } from '../../context';
import { renderReportPdf } from '../../pdf/document';
import type { PdfBlock, PdfReport } from '../../pdf/model';
import { buildChartSpec } from '../../../shared/chart-spec';
import { reportWeightingNote } from '../../../shared/chart/weighting-note';
import { markdownToText } from '../../../shared/markdown';
import { CHART_TYPES } from '../../../shared/lookups';
import type { ReportDataBody } from '../../../shared/validation/report-data';
import { type ReportDataAnswer, computeForScope } from '../report-data/compute-report-data';
import { describeBenchmarks } from './describe-benchmarks';
import type { ExportReport, TextRow } from './load-export-report';
import { chartAlt, pdfChartFromSpec, pdfNote } from './pdf-chart';
import { longDate } from './long-date';
import { protectionNotice, responsesStatement } from '../../../shared/report-period';
import { widgetsOf } from '../../../shared/report-widgets';

const TREND_TYPES = new Set<number>(CHART_TYPES.filter((t) => t.key === 'line' || t.key === 'area').map((t) => t.id));
const textBlocks = (texts: TextRow[]): PdfBlock[] => texts.map((t): PdfBlock => ({ kind: 'text', text: markdownToText(t.body) })).filter((b) => b.text);

/**
 * Computes the report's data for the benchmarks (same engine, min_n and suppression as the
 * dashboard) and draws the PDF. A trend chart with its own granularity gets its own data call
 * when the request asks for no split in time, as the dashboard does.
 */
export async function buildReportPdf(ctx: UserServiceContext, loaded: ExportReport, asked: ReportDataBody, onProgress?: (fraction: number) => Promise<void>): Promise<Uint8Array> {
  const { report } = loaded;
  // Benchmarks without a label of their own are named by computeForScope as the staff view names
  // them ('Alle respondenten', '18 t/m 34 jaar', 'Noord + Vrouw'): legends, footnotes and the cover agree.
  const body = asked;
  // The data read with the report (no round trip with a warm cube); a trend chart's own call is the
  // same computation over its data locations only.
  const { scope, inputs, lang } = loaded.data;
  const data = await computeForScope(ctx, scope, lang, body, inputs);
  const trendData = new Map<number, ReportDataAnswer>();
  for (const chart of loaded.sections.flatMap((s) => s.charts)) {
    if (TREND_TYPES.has(chart.chartTypeId) && chart.granularityId > 0 && !body.granularity) {
      const ofChart = { report, dataLocations: scope.dataLocations.filter((d) => d.chartId === chart.id) };
      trendData.set(chart.id, await computeForScope(ctx, ofChart, lang, { ...body, granularity: chart.granularityId }, inputs));
    }
  }
  await onProgress?.(0.3);
  const widgets = widgetsOf(loaded.widgets, data);
  const sections = loaded.sections.map((section) => {
    const ofSection = loaded.texts.filter((t) => t.sectionId === section.id && t.chartId === null);
    const blocks: PdfBlock[] = textBlocks(ofSection.filter((t) => t.position === 'before'));
    for (const w of widgets.filter((x) => x.sectionId === section.id)) blocks.push({ kind: 'widget', widget: { title: w.label, lines: w.lines.map((l) => l.text) } });
    for (const chart of section.charts) {
      const ofChart = loaded.texts.filter((t) => t.chartId === chart.id);
      const locations = (trendData.get(chart.id) ?? data).dataLocations.filter((d) => d.chartId === chart.id);
      blocks.push(...textBlocks(ofChart.filter((t) => t.position === 'before')));
      const spec = buildChartSpec(chart, locations, { minN: data.minN, granularityId: body.granularity, lang, weightedBy: data.weighting?.label, protection: data.protection });
      blocks.push({ kind: 'chart', chart: { ...pdfChartFromSpec(spec), note: pdfNote(spec), alt: chartAlt(spec) } });
      blocks.push(...textBlocks(ofChart.filter((t) => t.position === 'after')));
    }
    blocks.push(...textBlocks(ofSection.filter((t) => t.position === 'after')));
    return { title: section.title, blocks };
  });
  const model: PdfReport = {
    title: report.title,
    project: loaded.project.title,
    company: loaded.company,
    // The period the numbers are for (the report period, snapped to whole periods with the date filter on).
    period: [data.period.start ? longDate(data.period.start) : '', data.period.end ? longDate(data.period.end) : ''].filter(Boolean).join(' – '),
    responses: responsesStatement(data.includeIncomplete),
    weighting: reportWeightingNote(data.weighting, data.dataLocations),
    generatedOn: longDate(ctx.now.toISOString().slice(0, 10)),
    createdAt: ctx.now,
    minN: data.minN,
    protectionNotice: protectionNotice(data.protection),
    benchmarks: describeBenchmarks(loaded.data.options, data.benchmarks),
    sections,
    theme: loaded.data.theme,
  };
  return renderReportPdf(model, onProgress ? (f) => onProgress(0.3 + 0.7 * f) : undefined);
}
