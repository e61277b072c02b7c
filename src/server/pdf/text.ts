import type { PDFFont } from 'pdf-lib';
import { cutLine, labelLines } from '../../shared/chart/labels';
import { COVERAGE } from './fonts/coverage';

const REPLACEMENTS: Record<string, string> = { '≤': '<=', '≥': '>=', '→': '->', '←': '<-', '≈': '~', '\u00a0': ' ', '\u2009': ' ', '\u202f': ' ', '\t': '  ' };
const covered = (code: number) => COVERAGE.some(([from, to]) => code >= from && code <= to);

/**
 * Text the embedded fonts can draw (fonts/coverage.ts: Latin with every European diacritic,
 * punctuation, '−', '€' …); '≤' and a few signs they lack are written out ('<='). Other letters
 * lose their accent when that leaves a letter the fonts have; anything else becomes '?', never a
 * missing-glyph box.
 */
export function toPdfText(text: string): string {
  let out = '';
  for (const ch of text.replace(/\r\n?/g, '\n')) {
    const code = ch.codePointAt(0)!;
    if (REPLACEMENTS[ch]) out += REPLACEMENTS[ch];
    else if (ch === '\n' || covered(code)) out += ch;
    else {
      const plain = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += plain && [...plain].every((c) => covered(c.codePointAt(0)!)) ? plain : '?';
    }
  }
  return out;
}

/** Greedy word wrap to a width; words longer than a line are cut. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of toPdfText(text).split('\n')) {
    let line = '';
    for (const word of paragraph.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
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
  return cutLine(toPdfText(text).replace(/\n/g, ' '), width, (s) => font.widthOfTextAtSize(s, size));
}

/** Dutch number: comma decimal separator, dot thousands. */
export function formatNumber(value: number, decimals = 0): string {
  return value.toLocaleString('nl-NL', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** A category label in at most `max` lines, wrapped by the rule of every renderer (shared/chart/labels.ts). */
export function fitLines(text: string, font: PDFFont, size: number, width: number, max = 2): string[] {
  return labelLines(toPdfText(text).replace(/\n/g, ' '), width, max, (s) => font.widthOfTextAtSize(s, size));
}
