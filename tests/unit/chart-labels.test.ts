import { StandardFonts, PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { cutLine, labelLines } from '../../src/shared/chart/labels';
import { fitLines } from '../../src/server/pdf/text';

/** Issue 18: one label rule for the staff view (uPlot), the public SVG and the PDF. */
describe('category labels', () => {
  it('wrap on words into at most two lines; the rest of the last line is cut with …', () => {
    expect(labelLines('Zwerfafval', 20)).toEqual(['Zwerfafval']);
    expect(labelLines('Schoonhouden van straten (Alle respondenten)', 26)).toEqual(['Schoonhouden van straten', '(Alle respondenten)']);
    expect(labelLines('Schoonhouden van straten in de wijk (Alle respondenten)', 20)).toEqual(['Schoonhouden van', 'straten in de wijk…']);
    expect(labelLines('Schoonhouden van straten in de wijk', 12, 3)).toEqual(['Schoonhouden', 'van straten', 'in de wijk']);
    expect(cutLine('Onderhoud van groen', 10)).toBe('Onderhoud…');
  });

  it('the PDF applies the same rule with the font’s widths: the whole label is there, on two lines', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const lines = fitLines('Schoonhouden van straten (Alle respondenten)', font, 8, 164);
    expect(lines).toEqual(['Schoonhouden van straten (Alle', 'respondenten)']);
    for (const l of lines) expect(font.widthOfTextAtSize(l, 8)).toBeLessThanOrEqual(164);
  });
});
