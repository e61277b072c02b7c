import { chartsNl } from '../../i18n/charts';
import { seriesLegend } from '../format';
import type { ChartSpec, Paint } from '../types';

export const FONT = 'font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif"';
export const TEXT = '#1f2937';
export const MUTED = '#6b7280';
export const GRID = '#e5e7eb';

export function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Cuts a label to about `chars` characters (the full text stays in a <title>). */
export function clip(s: string, chars: number): string {
  return s.length <= chars ? s : `${s.slice(0, Math.max(1, chars - 1)).trimEnd()}…`;
}

/** Splits text into lines of at most ~`chars` characters on word boundaries. */
export function wrap(s: string, chars: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of s.split(/\s+/)) {
    if (line && (line + ' ' + word).length > chars) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out;
}

const r2 = (n: number) => Math.round(n * 100) / 100;
export const f = r2;

/** Pattern <defs> and a fill reference per paint: patterns stroke in the text colour over the fill. */
export class Fills {
  private defs: string[] = [];
  private ids = new Map<string, string>();
  constructor(private prefix: string) {}

  fill(p: Partial<Paint> | undefined): string {
    const color = p?.color ?? '#1f4e79';
    if (!p?.pattern || p.pattern === 'solid') return color;
    const key = `${color}|${p.pattern}`;
    let id = this.ids.get(key);
    if (!id) {
      id = `${this.prefix}-p${this.ids.size}`;
      this.ids.set(key, id);
      const ink = p.textColor ?? '#ffffff';
      const stroke = `stroke="${ink}" stroke-width="1.5" stroke-opacity="0.75" fill="none"`;
      const shapes: Record<string, string> = {
        diagonal: `<path d="M-2,2 l4,-4 M0,8 l8,-8 M6,10 l4,-4" ${stroke}/>`,
        'diagonal-reverse': `<path d="M-2,6 l4,4 M0,0 l8,8 M6,-2 l4,4" ${stroke}/>`,
        horizontal: `<path d="M0,4 h8" ${stroke}/>`,
        vertical: `<path d="M4,0 v8" ${stroke}/>`,
        dots: `<circle cx="4" cy="4" r="1.6" fill="${ink}" fill-opacity="0.75"/>`,
        cross: `<path d="M0,0 l8,8 M8,0 l-8,8" ${stroke}/>`,
        zigzag: `<path d="M0,6 l2,-4 l2,4 l2,-4 l2,4" ${stroke}/>`,
      };
      this.defs.push(`<pattern id="${id}" patternUnits="userSpaceOnUse" width="8" height="8"><rect width="8" height="8" fill="${color}"/>${shapes[p.pattern] ?? ''}</pattern>`);
    }
    return `url(#${id})`;
  }

  toString(): string {
    return this.defs.length ? `<defs>${this.defs.join('')}</defs>` : '';
  }
}

/** Legend (series or categories) and notes below the plot; returns the markup and its height. */
export function footer(spec: ChartSpec, fills: Fills, width: number, y: number, items: 'series' | 'categories' | 'none'): { svg: string; height: number } {
  const parts: string[] = [];
  let cy = y;
  const entries =
    items === 'series'
      ? spec.series.map((s) => ({ label: seriesLegend(spec, s), paint: s as Partial<Paint>, off: !!s.suppressed }))
      : items === 'categories'
        ? spec.categories.map((c) => ({ label: c.label, paint: c as Partial<Paint>, off: false }))
        : [];
  if (entries.length) {
    let x = 0;
    cy += 4;
    parts.push(`<g ${FONT} font-size="12" fill="${TEXT}" aria-label="${esc(chartsNl.legend)}">`);
    for (const e of entries) {
      const text = clip(e.label, 48);
      const w = 18 + text.length * 6.6 + 14;
      if (x > 0 && x + w > width) {
        x = 0;
        cy += 18;
      }
      const swatch = e.off ? `<rect x="${f(x)}" y="${cy}" width="12" height="12" fill="none" stroke="${MUTED}" stroke-dasharray="2 2"/>` : `<rect x="${f(x)}" y="${cy}" width="12" height="12" fill="${fills.fill(e.paint)}"/>`;
      parts.push(`${swatch}<text x="${f(x + 17)}" y="${cy + 10}">${esc(text)}</text>`);
      x += w;
    }
    parts.push('</g>');
    cy += 18;
  }
  const chars = Math.max(30, Math.floor(width / 6.4));
  for (const note of spec.notes) {
    for (const line of wrap(note, chars)) {
      cy += 16;
      parts.push(`<text x="0" y="${cy}" ${FONT} font-size="12" fill="${MUTED}">${esc(line)}</text>`);
    }
  }
  return { svg: parts.join(''), height: cy - y + (spec.notes.length ? 6 : 0) };
}

/**
 * Wraps the drawing in an accessible <svg> with <title> and <desc>. Its sizing on a page comes
 * from the stylesheets' `.impulz-chart` rule: a style attribute would be refused by the pages'
 * content security policy (style-src by hash, no 'unsafe-inline').
 */
export function frame(spec: ChartSpec, width: number, height: number, body: string, fills: Fills): string {
  const id = `chart-${spec.id}`;
  const desc = [...spec.questions, ...spec.notes].join(' ');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${f(width)} ${f(height)}" width="${f(width)}" height="${f(height)}" role="img" aria-labelledby="${id}-t${desc ? ` ${id}-d` : ''}" class="impulz-chart">` +
    `<title id="${id}-t">${esc(spec.title)}</title>${desc ? `<desc id="${id}-d">${esc(desc)}</desc>` : ''}${fills}${body}</svg>`
  );
}

/** A round axis maximum above the largest value. */
export function niceMax(values: (number | null)[], fallback: number): number {
  const max = Math.max(0, ...values.filter((v): v is number => v !== null && Number.isFinite(v)));
  if (max <= 0) return fallback;
  const mag = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * mag >= max) return step * mag;
  return 10 * mag;
}
