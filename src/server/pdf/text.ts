import type { PDFFont } from 'pdf-lib';
import { cutLine, labelLines } from '../../shared/chart/labels';

// WinAnsi (the encoding of the standard PDF fonts) = Latin-1 plus these extra characters.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const REPLACEMENTS: Record<string, string> = { '≤': '<=', '≥': '>=', '→': '->', '←': '<-', '≈': '~', '×': 'x', '−': '-', '\u00a0': ' ', '\u2009': ' ', '\u202f': ' ' };

/**
 * Text the standard fonts can draw: Dutch diacritics stay (they are in WinAnsi), other letters lose
 * their accent, anything else becomes '?'. pdf-lib would throw on such characters instead.
 */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const ch of text.replace(/\r\n?/g, '\n').replace(/\t/g, '  ')) {
    const code = ch.codePointAt(0)!;
    if (ch === '\n' || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else if (REPLACEMENTS[ch]) out += REPLACEMENTS[ch];
    else {
      const plain = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += plain && [...plain].every((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) <= 0x7e) ? plain : '?';
    }
  }
  return out;
}

/** Greedy word wrap to a width; words longer than a line are cut. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of toWinAnsi(text).split('\n')) {
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
  return cutLine(toWinAnsi(text).replace(/\n/g, ' '), width, (s) => font.widthOfTextAtSize(s, size));
}

/** Dutch number: comma decimal separator, dot thousands. */
export function formatNumber(value: number, decimals = 0): string {
  return value.toLocaleString('nl-NL', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** A category label in at most `max` lines, wrapped by the rule of every renderer (shared/chart/labels.ts). */
export function fitLines(text: string, font: PDFFont, size: number, width: number, max = 2): string[] {
  return labelLines(toWinAnsi(text).replace(/\n/g, ' '), width, max, (s) => font.widthOfTextAtSize(s, size));
}
