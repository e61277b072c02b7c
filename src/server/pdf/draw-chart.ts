import { reportExportNl } from '../../shared/i18n/report-export';
import { MUTED } from './colors';
import { drawColumns, drawHorizontalBars } from './draw-bars';
import { drawLines } from './draw-lines';
import { drawPies } from './draw-pie';
import { drawStacked } from './draw-stacked';
import { drawKpi, drawTable } from './draw-table';
import type { PdfChart, PdfPaint } from './model';
import type { PdfWriter } from './writer';

/** Title, then the chart as vector graphics; every chart kind of the model. */
export function drawChart(w: PdfWriter, chart: PdfChart & PdfPaint & { note?: string | null }, minN: number): void {
  // The title stays on the page of its drawing: lines and columns need their whole plot below it.
  w.ensure(chart.type === 'lines' || (chart.type === 'bars' && chart.orientation === 'vertical') ? 280 : 90);
  w.text(chart.title, { size: 11, bold: true, gap: 4 });
  switch (chart.type) {
    case 'bars':
      if (chart.orientation === 'horizontal') drawHorizontalBars(w, chart, minN);
      else drawColumns(w, chart, minN);
      break;
    case 'stacked':
      drawStacked(w, chart, minN);
      break;
    case 'pie':
      drawPies(w, chart, minN);
      break;
    case 'lines':
      drawLines(w, chart, minN);
      break;
    case 'table':
      drawTable(w, chart, minN);
      break;
    case 'kpi':
      drawKpi(w, chart, minN);
      break;
    case 'message':
      w.text(chart.text || reportExportNl.noData, { size: 9, color: MUTED });
      break;
  }
  if (chart.note) w.text(chart.note, { size: 8, color: MUTED, gap: 2 });
  w.y -= 14;
}
