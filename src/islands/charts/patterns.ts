import type { Paint } from '../../shared/chart-spec';

const cache = new Map<string, CanvasPattern | string>();
const cssCache = new Map<string, string>();
const patterned = (p: Paint) => !!p.pattern && p.pattern !== 'solid' && typeof document !== 'undefined';
const keyOf = (p: Paint) => `${p.color}|${p.pattern}|${p.textColor}`;

/**
 * A canvas fill for a paint: its colour, or a small repeating tile with the pattern stroked in
 * the text colour (same shapes as the SVG renderer), so printed or colour-blind readers can tell
 * series apart.
 */
export function canvasFill(p: Paint): CanvasPattern | string {
  if (!patterned(p)) return p.color;
  const key = keyOf(p);
  const hit = cache.get(key);
  if (hit) return hit;
  const canvas = tile(p);
  const pattern = canvas?.getContext('2d')?.createPattern(canvas, 'repeat') ?? p.color;
  cache.set(key, pattern);
  return pattern;
}

/** The same paint as a CSS background (legend swatches are HTML): colour plus the tile as an image. */
export function cssFill(p: Paint): string {
  if (!patterned(p)) return p.color;
  const key = keyOf(p);
  let css = cssCache.get(key);
  if (css === undefined) {
    const canvas = tile(p);
    css = canvas ? `url("${canvas.toDataURL()}") 0 0 / 8px 8px repeat, ${p.color}` : p.color;
    cssCache.set(key, css);
  }
  return css;
}

/** One 8×8 (CSS px) tile of a patterned paint, drawn at the screen's pixel ratio. */
function tile(p: Paint): HTMLCanvasElement | null {
  const size = 8 * Math.max(1, Math.round(globalThis.devicePixelRatio || 1));
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  const s = size / 8;
  ctx.fillStyle = p.color;
  ctx.fillRect(0, 0, size, size);
  ctx.strokeStyle = ctx.fillStyle = p.textColor;
  ctx.globalAlpha = 0.75;
  ctx.lineWidth = 1.5 * s;
  ctx.beginPath();
  const line = (x1: number, y1: number, x2: number, y2: number) => {
    ctx.moveTo(x1 * s, y1 * s);
    ctx.lineTo(x2 * s, y2 * s);
  };
  switch (p.pattern) {
    case 'diagonal':
      line(-2, 2, 2, -2), line(0, 8, 8, 0), line(6, 10, 10, 6);
      break;
    case 'diagonal-reverse':
      line(-2, 6, 2, 10), line(0, 0, 8, 8), line(6, -2, 10, 2);
      break;
    case 'horizontal':
      line(0, 4, 8, 4);
      break;
    case 'vertical':
      line(4, 0, 4, 8);
      break;
    case 'cross':
      line(0, 0, 8, 8), line(8, 0, 0, 8);
      break;
    case 'zigzag':
      line(0, 6, 2, 2), line(2, 2, 4, 6), line(4, 6, 6, 2), line(6, 2, 8, 6);
      break;
    case 'dots':
      ctx.arc(4 * s, 4 * s, 1.6 * s, 0, Math.PI * 2);
      ctx.fill();
      break;
  }
  ctx.stroke();
  return canvas;
}
