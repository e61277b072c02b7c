import { type RGB, rgb } from 'pdf-lib';

/** '#rrggbb' (or '#rgb') → pdf-lib colour; anything unreadable → grey. */
export function hex(color: string): RGB {
  let h = color.replace('#', '').trim();
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  const n = /^[0-9a-f]{6}$/i.test(h) ? parseInt(h, 16) : 0x808080;
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

/** Text on a coloured fill: white below luminance 160 (spec 001 §9), else black. */
export function textOn(color: string): RGB {
  const c = hex(color);
  const luminance = 255 * (0.299 * c.red + 0.587 * c.green + 0.114 * c.blue);
  return luminance < 160 ? rgb(1, 1, 1) : rgb(0, 0, 0);
}

export const INK = rgb(0.13, 0.13, 0.13);
export const MUTED = rgb(0.42, 0.42, 0.42);
export const GRID = rgb(0.85, 0.85, 0.85);
