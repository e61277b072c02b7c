import { type PDFFont, type PDFPage, type PDFPageDrawTextOptions, TextRenderingMode, popGraphicsState, pushGraphicsState, rgb, setLineWidth, setStrokingColor, setTextRenderingMode, toRadians } from 'pdf-lib';
import { cutLine, labelLines } from '../../shared/chart/labels';
import { COVERAGE, SIGNS } from './fonts/coverage';

/** Without the signs font: what a sign is written as. */
const REPLACEMENTS: Record<string, string> = { '≤': '<=', '≥': '>=', '→': '->', '←': '<-', '≈': '~', '≠': '=/=' };
const SPACES: Record<string, string> = { '\u00a0': ' ', '\u2009': ' ', '\u202f': ' ', '\t': '  ' };
const inRuns = (runs: readonly (readonly [number, number])[], code: number) => runs.some(([from, to]) => code >= from && code <= to);
const covered = (code: number) => inRuns(COVERAGE, code);
const isSign = (ch: string) => inRuns(SIGNS, ch.codePointAt(0)!);

/** Whether a text holds a sign only the signs font has (then the PDF embeds that font). */
export const hasSign = (text: string): boolean => [...text].some(isSign);

/**
 * Per text font, the font of the signs it lacks (Noto Sans Math: '≤', '≥', '≠', '≈', arrows), and
 * whether its signs are drawn emboldened (the signs font has a regular weight only).
 */
const signFonts = new WeakMap<PDFFont, { signs: PDFFont; bold: boolean }>();
export function useSignFont(font: PDFFont, signs: PDFFont, opts: { bold?: boolean } = {}): void {
  signFonts.set(font, { signs, bold: !!opts.bold });
}

/** Stroke width of an emboldened sign, per point of font size (about the stem difference of Noto Sans Bold and Regular). */
const EMBOLDEN = 0.035;

/**
 * Text the embedded fonts can draw (fonts/coverage.ts: Latin with every European diacritic,
 * punctuation, '−', '€' …, and with `signs` the signs of the signs font: '≤', '≥', '≠', '≈',
 * arrows); without it '≤' and a few signs are written out ('<='). Other letters lose their accent
 * when that leaves a letter the fonts have; anything else becomes '?', never a missing-glyph box.
 */
export function toPdfText(text: string, signs = true): string {
  let out = '';
  for (const ch of text.replace(/\r\n?/g, '\n')) {
    const code = ch.codePointAt(0)!;
    if (SPACES[ch]) out += SPACES[ch];
    else if (signs && isSign(ch)) out += ch;
    else if (REPLACEMENTS[ch]) out += REPLACEMENTS[ch];
    else if (ch === '\n' || covered(code)) out += ch;
    else {
      const plain = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += plain && [...plain].every((c) => covered(c.codePointAt(0)!)) ? plain : '?';
    }
  }
  return out;
}

/** The text in runs of one font: the text font, and its signs font for the signs only that one holds. */
export function fontRuns(text: string, font: PDFFont): { text: string; font: PDFFont }[] {
  const signs = signFonts.get(font)?.signs;
  if (!signs) return [{ text, font }];
  const runs: { text: string; font: PDFFont }[] = [];
  for (const ch of text) {
    const f = isSign(ch) ? signs : font;
    const last = runs.at(-1);
    if (last && last.font === f) last.text += ch;
    else runs.push({ text: ch, font: f });
  }
  return runs.length ? runs : [{ text, font }];
}

/** The width of a line, each run measured in its own font. */
export function widthOf(font: PDFFont, text: string, size: number): number {
  return fontRuns(text, font).reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0);
}

/**
 * pdf-lib's drawText for a line that may hold signs: a line in one font is drawn as it is, else run
 * after run, each in its font, along the baseline (rotated with the text).
 */
export function drawText(page: PDFPage, text: string, opts: PDFPageDrawTextOptions & { font: PDFFont; size: number; x: number; y: number }): void {
  const runs = fontRuns(text, opts.font);
  if (runs.length === 1) return page.drawText(text, opts);
  const angle = opts.rotate ? toRadians(opts.rotate) : 0;
  let { x, y } = opts;
  const bold = !!signFonts.get(opts.font)?.bold;
  for (const run of runs) {
    // A bold line's signs: filled and outlined in the text colour, the way a bold weight thickens strokes.
    const embolden = bold && run.font !== opts.font;
    if (embolden) page.pushOperators(pushGraphicsState(), setTextRenderingMode(TextRenderingMode.FillAndOutline), setLineWidth(opts.size * EMBOLDEN), setStrokingColor(opts.color ?? rgb(0, 0, 0)));
    page.drawText(run.text, { ...opts, x, y, font: run.font });
    if (embolden) page.pushOperators(popGraphicsState());
    const advance = run.font.widthOfTextAtSize(run.text, opts.size);
    x += advance * Math.cos(angle);
    y += advance * Math.sin(angle);
  }
}

/** Greedy word wrap to a width; words longer than a line are cut. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of toPdfText(text, signFonts.has(font)).split('\n')) {
    let line = '';
    for (const word of paragraph.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (widthOf(font, candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (widthOf(font, line, size) > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && widthOf(font, line.slice(0, cut), size) > width) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line);
  }
  return lines;
}

/** One line cut with an ellipsis to fit a width (axis labels, legends): the shared rule, measured in the font. */
export function fitText(text: string, font: PDFFont, size: number, width: number): string {
  return cutLine(toPdfText(text, signFonts.has(font)).replace(/\n/g, ' '), width, (s) => widthOf(font, s, size));
}

/** Dutch number: comma decimal separator, dot thousands. */
export function formatNumber(value: number, decimals = 0): string {
  return value.toLocaleString('nl-NL', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** A category label in at most `max` lines, wrapped by the rule of every renderer (shared/chart/labels.ts). */
export function fitLines(text: string, font: PDFFont, size: number, width: number, max = 2): string[] {
  return labelLines(toPdfText(text, signFonts.has(font)).replace(/\n/g, ' '), width, max, (s) => widthOf(font, s, size));
}
