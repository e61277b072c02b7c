/**
 * The one rule for category labels in every renderer (uPlot staff view, public SVG, PDF): wrapped
 * on words into at most `max` lines of `width`; what does not fit in the last line is cut with '…'
 * (the full text stays in the hover, the SVG <title> and the data table). `measure` gives a text's
 * width in the unit of `width`: characters by default, a font's width in the PDF.
 */
export function labelLines(text: string, width: number, max = 2, measure: (s: string) => number = (s) => s.length): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.trim().split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && measure(next) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  if (lines.length <= max) return lines;
  return [...lines.slice(0, max - 1), cutLine(lines.slice(max - 1).join(' '), width, measure)];
}

/** One line cut with '…' to fit `width`. */
export function cutLine(text: string, width: number, measure: (s: string) => number = (s) => s.length): string {
  if (measure(text) <= width) return text;
  let n = text.length - 1;
  while (n > 1 && measure(`${text.slice(0, n).trimEnd()}…`) > width) n--;
  return `${text.slice(0, n).trimEnd()}…`;
}
