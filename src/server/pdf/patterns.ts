import type { PDFPage } from 'pdf-lib';
import { textOn } from './colors';

/**
 * Fill patterns over a filled rectangle (spec: charts stay readable in grey print and for colour
 * blindness). Lines are clipped to the rectangle by hand: pdf-lib has no clipping paths.
 */
export function drawPattern(page: PDFPage, pattern: string | null | undefined, fill: string, x: number, y: number, width: number, height: number): void {
  if (!pattern || pattern === 'solid' || width < 2 || height < 2) return;
  const color = textOn(fill);
  const line = (x1: number, y1: number, x2: number, y2: number) => page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness: 0.6, color, opacity: 0.55 });
  const gap = 4;
  if (pattern === 'horizontal' || pattern === 'cross') for (let yy = y + gap; yy < y + height; yy += gap) line(x, yy, x + width, yy);
  if (pattern === 'vertical' || pattern === 'cross') for (let xx = x + gap; xx < x + width; xx += gap) line(xx, y, xx, y + height);
  if (pattern === 'dots') {
    for (let yy = y + gap / 2; yy < y + height; yy += gap) for (let xx = x + gap / 2; xx < x + width; xx += gap) page.drawCircle({ x: xx, y: yy, size: 0.7, color, opacity: 0.6 });
  }
  if (pattern === 'diagonal' || pattern === 'diagonal-reverse' || pattern === 'zigzag') {
    const up = pattern !== 'diagonal-reverse';
    // Lines y = ±(x − x0) + c, clipped to the rectangle.
    for (let c = -height; c < width; c += gap) {
      const x1 = x + Math.max(0, c);
      const x2 = x + Math.min(width, c + height);
      if (x2 <= x1) continue;
      const yAt = (xx: number) => y + (xx - x - c);
      if (up) line(x1, yAt(x1), x2, yAt(x2));
      else line(x1, y + height - (yAt(x1) - y), x2, y + height - (yAt(x2) - y));
    }
  }
}
