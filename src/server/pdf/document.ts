import { PDFDocument, rgb } from 'pdf-lib';
import { reportExportNl } from '../../shared/i18n/report-export';
import { INK, MUTED, hex, textOn } from './colors';
import { drawChart } from './draw-chart';
import type { PdfReport } from './model';
import { makePdfA } from './pdfa';
import { hasSign, toPdfText, useSignFont } from './text';
import { CONTENT_WIDTH, PAGE, PdfWriter } from './writer';

const t = reportExportNl.cover;

/** The cover: a band in the theme colours, title, project, period and the benchmarks in words. */
function drawCover(w: PdfWriter, report: PdfReport): void {
  const page = w.newPage();
  const { primary, accent, dark } = report.theme;
  if (dark) page.drawRectangle({ x: 0, y: 0, width: PAGE.width, height: PAGE.height, color: rgb(0.12, 0.12, 0.14) });
  page.drawRectangle({ x: 0, y: PAGE.height - 230, width: PAGE.width, height: 230, color: hex(primary) });
  page.drawRectangle({ x: 0, y: PAGE.height - 238, width: PAGE.width, height: 8, color: hex(accent) });
  w.y = PAGE.height - 90;
  w.text(report.title, { size: 26, bold: true, color: textOn(primary), gap: 8, role: 'H1' });
  w.text(report.project, { size: 13, color: textOn(primary) });
  w.y = PAGE.height - 280;
  const ink = dark ? rgb(0.93, 0.93, 0.93) : INK;
  const muted = dark ? rgb(0.7, 0.7, 0.7) : MUTED;
  const row = (label: string, value: string) => {
    w.text(label, { size: 9, color: muted, gap: 0 });
    w.text(value, { size: 12, color: ink, gap: 8 });
  };
  row(t.organisation, report.company);
  row(t.project, report.project);
  row(t.period, report.period);
  row(t.responses, report.responses);
  if (report.weighting) row(t.weighting, report.weighting);
  row(t.generated, report.generatedOn);
  w.y -= 8;
  w.text(t.benchmarks, { size: 13, bold: true, color: dark ? ink : hex(primary), gap: 6 });
  // By name (the server's: its own label, else after its filters; never a letter), then its filters
  // and period; a benchmark of everyone does not repeat 'Alle respondenten' as its filter.
  for (const b of report.benchmarks) w.text(b.description.startsWith(`${b.label} (`) ? b.description : `${b.label}: ${b.description}`, { size: 10, color: ink, gap: 3 });
  w.y -= 10;
  w.text(t.minN(report.minN), { size: 9, color: muted });
  if (report.protectionNotice) w.text(report.protectionNotice, { size: 9, color: muted });
}

/** The fonts' bytes, decoded once per isolate (fonts/*.ts hold them as base64, loaded on the first PDF). */
const fontBytes = new Map<'sans' | 'serif', Promise<{ name: string; regular: Uint8Array; bold: Uint8Array }>>();
const decode = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
function familyBytes(family: 'sans' | 'serif') {
  let bytes = fontBytes.get(family);
  if (!bytes) {
    bytes = (family === 'serif' ? import('./fonts/noto-serif') : import('./fonts/noto-sans')).then((m) => ({ name: family === 'serif' ? 'NotoSerif' : 'NotoSans', regular: decode(m.regular), bold: decode(m.bold) }));
    fontBytes.set(family, bytes);
  }
  return bytes;
}

/**
 * The whole report as a PDF: cover, then per section a heading, its texts and its charts drawn as
 * vector graphics, page numbers at the end. Fonts embedded (Noto Sans, or Noto Serif for the
 * 'TimesRoman' theme; subsets of what the report uses), so it reads the same in every viewer and
 * holds any European name; tagged (headings, paragraphs, each chart a Figure with its numbers as
 * alternative text, tables as Table), in Dutch (/Lang nl-NL), titled; with the XMP metadata, sRGB
 * OutputIntent and file identifier of PDF/A-2 (pdfa.ts).
 */
export async function renderReportPdf(report: PdfReport, onProgress?: (fraction: number) => Promise<void>): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  // fontkit (~0.7 MB of code) is loaded with the first PDF, not at the Worker's startup.
  doc.registerFontkit((await import('@pdf-lib/fontkit')).default);
  const family = await familyBytes(report.theme.font === 'TimesRoman' ? 'serif' : 'sans');
  const fonts = {
    // A fixed subset tag ('IMPZRG+'), so pdffonts and PDF/A checkers see a subset and the file is
    // the same for the same report (pdf-lib would add a random suffix).
    regular: await doc.embedFont(family.regular, { subset: true, customName: `IMPZRG+${family.name}-Regular` }),
    bold: await doc.embedFont(family.bold, { subset: true, customName: `IMPZBD+${family.name}-Bold` }),
  };
  // The signs Noto lacks ('≤', '≥', '≠', '≈', arrows) from Noto Sans Math, embedded only when the report holds one.
  if (hasSign(JSON.stringify(report))) {
    const { signs } = await import('./fonts/noto-sans-math');
    const signFont = await doc.embedFont(decode(signs), { subset: true, customName: 'IMPZSG+NotoSansMath-Regular' });
    useSignFont(fonts.regular, signFont);
    useSignFont(fonts.bold, signFont, { bold: true });
  }
  const w = new PdfWriter(doc, fonts, report.theme);
  drawCover(w, report);
  const total = report.sections.reduce((n, s) => n + s.blocks.length, 0) || 1;
  let done = 0;
  for (const section of report.sections) {
    w.newPage();
    w.heading(section.title, 1);
    w.page.drawLine({ start: { x: PAGE.margin, y: w.y + 4 }, end: { x: PAGE.margin + CONTENT_WIDTH, y: w.y + 4 }, thickness: 1, color: hex(report.theme.accent) });
    w.y -= 6;
    for (const block of section.blocks) {
      if (block.kind === 'text' && block.text) w.text(block.text, { size: 10, gap: 10 });
      if (block.kind === 'widget' && block.widget) {
        w.text(block.widget.title, { size: 10, bold: true, gap: 2 });
        block.widget.lines.forEach((line, i) => w.text(line, { size: 10, gap: i === block.widget!.lines.length - 1 ? 10 : 2 }));
      }
      if (block.kind === 'chart' && block.chart) drawChart(w, block.chart, report.minN);
      done++;
      if (onProgress && done % 10 === 0) await onProgress(done / total);
    }
  }
  w.numberPages(reportExportNl.page);
  w.tags.finish();
  await makePdfA(doc, { title: toPdfText(report.title), subject: toPdfText(report.project), language: 'nl-NL', creator: 'ImpulZ', producer: 'ImpulZ', date: report.createdAt ?? new Date() });
  return doc.save({ useObjectStreams: true });
}
