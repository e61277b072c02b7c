import { chartsNl } from './i18n/charts';
import type { ChartSpec } from './chart/types';
import { renderBars, renderColumns, renderStacked } from './chart/svg/bars';
import { FONT, Fills, MUTED, TEXT, esc, footer, frame, wrap } from './chart/svg/frame';
import { renderLines } from './chart/svg/lines';
import { renderKpi, renderNps, renderTable, renderTexts } from './chart/svg/panels';
import { renderMap } from './chart/svg/map';
import { renderPies } from './chart/svg/pies';

/**
 * A chart as a standalone, accessible SVG string (role="img", <title>, <desc>) — no script, no
 * chart library: the public report, first paint and the PDF use it. Suppressed series draw no
 * numbers; their Dutch text is in the legend and notes. Height grows with the content; `size`
 * gives the width and the plot height of axis charts.
 */
export function renderChartSvg(spec: ChartSpec, size: { width: number; height: number } = { width: 640, height: 240 }): string {
  const width = Math.max(240, size.width);
  const height = Math.max(120, size.height);
  if (spec.unfit) return unfit(spec, width);
  if (!spec.categories.length && spec.kind !== 'open-answers' && spec.kind !== 'wordcloud') return empty(spec, width);
  switch (spec.kind) {
    case 'bar':
      return renderBars(spec, width);
    case 'column':
      return renderColumns(spec, width, height);
    case 'stacked-bar':
    case 'stacked-bar-100':
      return renderStacked(spec, width);
    case 'line':
    case 'area':
      return renderLines(spec, width, height);
    case 'pie':
    case 'donut':
      return renderPies(spec, width);
    case 'table':
      return renderTable(spec, width);
    case 'kpi':
    case 'gauge':
      return renderKpi(spec, width);
    case 'net-promoter':
      return renderNps(spec, width);
    case 'open-answers':
    case 'wordcloud':
      return renderTexts(spec, width);
    case 'map':
      return renderMap(spec, width);
  }
}

/** The chart type can't show these data: the Dutch sentence, wrapped, instead of a drawing. */
function unfit(spec: ChartSpec, width: number): string {
  const lines = wrap(spec.unfit ?? '', Math.max(28, Math.floor(width / 7)));
  const body = lines.map((l, i) => `<text x="0" y="${18 + i * 18}" ${FONT} font-size="13" fill="${TEXT}">${esc(l)}</text>`).join('');
  return frame(spec, width, 18 * lines.length + 10, body, new Fills(`chart-${spec.id}`));
}

function empty(spec: ChartSpec, width: number): string {
  const fills = new Fills(`chart-${spec.id}`);
  const body = `<text x="0" y="18" ${FONT} font-size="12" fill="${MUTED}">${esc(chartsNl.noData)}</text>`;
  const legend = footer(spec, fills, width, 24, 'none');
  return frame(spec, width, 24 + legend.height + 8, body + legend.svg, fills);
}
