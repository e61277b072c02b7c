import { reportExportNl } from '../../shared/i18n/report-export';
import { MUTED } from './colors';
import { barsHead, drawColumns, drawHorizontalBars } from './draw-bars';
import { drawLines, linesHead } from './draw-lines';
import { drawPies, pieHead } from './draw-pie';
import { drawStacked, stackedHead } from './draw-stacked';
import { drawKpi, drawTable } from './draw-table';
import { drawMapChart, mapHead } from './draw-map';
import type { PdfChart, PdfPaint } from './model';
import { wrapText } from './text';
import { CONTENT_WIDTH, type PdfWriter } from './writer';

type Chart = PdfChart & PdfPaint & { note?: string | null; alt?: string };
const TITLE = { size: 11, gap: 4 } as const;

/**
 * The height of a chart's first block — its legend with the first part of its drawing (the plot,
 * the first bar or row of pies) — measured with the same layout the drawers use, before placing.
 */
function headHeight(w: PdfWriter, chart: Chart, minN: number): number {
  switch (chart.type) {
    case 'bars':
      return barsHead(w, chart);
    case 'stacked':
      return stackedHead(w, chart);
    case 'pie':
      return pieHead(w, chart, minN);
    case 'lines':
      return linesHead(w, chart);
    case 'table':
      return 30;
    case 'kpi':
      return 70;
    case 'message':
      return 14;
    case 'map':
      return mapHead(chart.spec);
  }
}

/** Title, then the chart as vector graphics; every chart kind of the model. */
export function drawChart(w: PdfWriter, chart: Chart, minN: number): void {
  // The title stays on the page of its drawing, and the legend with it: the block of title, legend
  // and the first part of the drawing is measured before it is placed (at least the old minimum:
  // lines and columns need their whole plot below the title).
  const title = wrapText(chart.title, w.fonts.bold, TITLE.size, CONTENT_WIDTH).length * TITLE.size * 1.35 + TITLE.gap;
  w.ensure(Math.max(chart.type === 'lines' || (chart.type === 'bars' && chart.orientation === 'vertical') ? 280 : 90, title + headHeight(w, chart, minN)));
  w.text(chart.title, { size: TITLE.size, bold: true, gap: TITLE.gap, role: 'H3' });
  // Each chart one Figure with its numbers in words as alternative text; a table a Table (rows and
  // cells tagged in drawTable); a message a paragraph.
  const figure = (draw: () => void) => w.tags.mark('Figure', draw, chart.alt ?? chart.title);
  switch (chart.type) {
    case 'bars':
      figure(() => (chart.orientation === 'horizontal' ? drawHorizontalBars(w, chart, minN) : drawColumns(w, chart, minN)));
      break;
    case 'stacked':
      figure(() => drawStacked(w, chart, minN));
      break;
    case 'pie':
      figure(() => drawPies(w, chart, minN));
      break;
    case 'lines':
      figure(() => drawLines(w, chart, minN));
      break;
    case 'table':
      w.tags.group('Table', () => drawTable(w, chart, minN));
      break;
    case 'kpi':
      figure(() => drawKpi(w, chart, minN));
      break;
    case 'message':
      w.text(chart.text || reportExportNl.noData, { size: 9, color: MUTED });
      break;
    case 'map':
      figure(() => drawMapChart(w, chart.spec));
      break;
  }
  if (chart.note) w.text(chart.note, { size: 8, color: MUTED, gap: 2 });
  w.y -= 14;
}
