import { convertIndexedToRgb, decode as decodePng, encode as encodePng, type DecodedPng } from 'fast-png';
import { decode as decodeJpeg } from 'jpeg-js';

/** Stored size: twice the display box of spec 001 §9 (300 × 250), sharp on high-density screens. */
export const PANEL_IMAGE_BOX = { width: 600, height: 500 } as const;
/** Larger pictures are refused before decoding (a 12 MP RGBA bitmap is 48 MB of a Worker's 128 MB). */
export const MAX_PIXELS = 12_000_000;

export class ImageError extends Error {
  constructor(readonly reason: 'broken' | 'too-big') {
    super(reason);
  }
}

interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Width and height from a PNG's IHDR, read before anything is decoded. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  if (bytes.length < 24) throw new ImageError('broken');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function pngToRgba(png: DecodedPng): Rgba {
  const { width, height } = png;
  const n = width * height;
  const out = new Uint8Array(n * 4);
  if (png.palette) {
    const rgb = convertIndexedToRgb(png);
    const ch = rgb.length / n;
    for (let i = 0; i < n; i++) {
      out[i * 4] = rgb[i * ch]!;
      out[i * 4 + 1] = rgb[i * ch + 1]!;
      out[i * 4 + 2] = rgb[i * ch + 2]!;
      out[i * 4 + 3] = ch === 4 ? rgb[i * ch + 3]! : 255;
    }
    return { width, height, data: out };
  }
  const ch = png.channels;
  const depth = png.depth;
  const max = (1 << depth) - 1;
  // Samples of one row: 16-bit arrays hold one sample per element, 8-bit one per byte, lower depths are packed.
  const rowBytes = Math.ceil((width * ch * depth) / 8);
  const sample = (y: number, i: number): number => {
    if (depth === 16 || depth === 8) return depth === 16 ? png.data[y * width * ch + i]! >> 8 : png.data[y * width * ch + i]!;
    const bit = i * depth;
    const byte = png.data[y * rowBytes + (bit >> 3)]!;
    return Math.round((((byte >> (8 - depth - (bit & 7))) & max) * 255) / max);
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      const s = (c: number) => sample(y, x * ch + c);
      if (ch <= 2) out[o] = out[o + 1] = out[o + 2] = s(0);
      else [out[o], out[o + 1], out[o + 2]] = [s(0), s(1), s(2)];
      out[o + 3] = ch === 2 ? s(1) : ch === 4 ? s(3) : 255;
    }
  }
  return { width, height, data: out };
}

/** Decodes a PNG or JPEG (type already sniffed) to 8-bit RGBA; refuses more than MAX_PIXELS. */
export function decodeImage(bytes: Uint8Array, type: 'image/png' | 'image/jpeg'): Rgba {
  try {
    if (type === 'image/png') {
      const { width, height } = pngSize(bytes);
      if (!width || !height) throw new ImageError('broken');
      if (width * height > MAX_PIXELS) throw new ImageError('too-big');
      return pngToRgba(decodePng(bytes));
    }
    const jpeg = decodeJpeg(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_PIXELS / 1_000_000, maxMemoryUsageInMB: 100 });
    return { width: jpeg.width, height: jpeg.height, data: jpeg.data };
  } catch (err) {
    if (err instanceof ImageError) throw err;
    if (err instanceof Error && /maxResolutionInMP|maxMemoryUsageInMB/.test(err.message)) throw new ImageError('too-big');
    throw new ImageError('broken');
  }
}

/** The size that fits the box with the same aspect ratio, never larger than the original. */
export function fitSize(width: number, height: number, box: { width: number; height: number } = PANEL_IMAGE_BOX) {
  const scale = Math.min(1, box.width / width, box.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Downscales by area averaging (each target pixel is the weighted mean of the source pixels it
 * covers), with colours weighted by alpha so transparent edges don't darken.
 */
export function resizeRgba(src: Rgba, width: number, height: number): Rgba {
  if (width === src.width && height === src.height) return src;
  const out = new Uint8Array(width * height * 4);
  const sx = src.width / width;
  const sy = src.height / height;
  for (let y = 0; y < height; y++) {
    const y0 = y * sy;
    const y1 = y0 + sy;
    for (let x = 0; x < width; x++) {
      const x0 = x * sx;
      const x1 = x0 + sx;
      let r = 0, g = 0, b = 0, a = 0, area = 0;
      for (let yy = Math.floor(y0); yy < Math.ceil(y1); yy++) {
        const wy = Math.min(y1, yy + 1) - Math.max(y0, yy);
        for (let xx = Math.floor(x0); xx < Math.ceil(x1); xx++) {
          const w = (Math.min(x1, xx + 1) - Math.max(x0, xx)) * wy;
          const i = (yy * src.width + xx) * 4;
          const alpha = src.data[i + 3]! * w;
          r += src.data[i]! * alpha;
          g += src.data[i + 1]! * alpha;
          b += src.data[i + 2]! * alpha;
          a += alpha;
          area += w;
        }
      }
      const o = (y * width + x) * 4;
      out[o] = a ? Math.round(r / a) : 0;
      out[o + 1] = a ? Math.round(g / a) : 0;
      out[o + 2] = a ? Math.round(b / a) : 0;
      out[o + 3] = Math.round(a / area);
    }
  }
  return { width, height, data: out };
}

/** PNG bytes of an RGBA image; RGB when every pixel is opaque (a third smaller). */
export function encodeRgbaPng(img: Rgba): Uint8Array {
  let opaque = true;
  for (let i = 3; i < img.data.length; i += 4) if (img.data[i] !== 255) { opaque = false; break; }
  if (!opaque) return encodePng({ width: img.width, height: img.height, data: img.data, channels: 4, depth: 8 });
  const rgb = new Uint8Array(img.width * img.height * 3);
  for (let p = 0, q = 0; p < img.data.length; p += 4, q += 3) [rgb[q], rgb[q + 1], rgb[q + 2]] = [img.data[p]!, img.data[p + 1]!, img.data[p + 2]!];
  return encodePng({ width: img.width, height: img.height, data: rgb, channels: 3, depth: 8 });
}

/** Upload → stored PNG: decode, fit into PANEL_IMAGE_BOX, encode. */
export function panelImagePng(bytes: Uint8Array, type: 'image/png' | 'image/jpeg'): { png: Uint8Array; width: number; height: number } {
  const img = decodeImage(bytes, type);
  const size = fitSize(img.width, img.height);
  const png = encodeRgbaPng(resizeRgba(img, size.width, size.height));
  return { png, ...size };
}
