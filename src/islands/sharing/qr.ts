import { encode } from 'uqr';

const BORDER = 4;

/** The QR code of `text` as an SVG document: one path of dark modules, crisp at any size. */
export function qrSvg(text: string, label: string): string {
  const { data } = encode(text, { ecc: 'M', border: BORDER });
  const size = data.length;
  let d = '';
  data.forEach((row, y) => row.forEach((dark, x) => dark && (d += `M${x} ${y}h1v1h-1z`)));
  const safe = label.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges" role="img" aria-label="${safe}"><rect width="${size}" height="${size}" fill="#fff"/><path d="${d}" fill="#000"/></svg>`;
}

/** The same code as a PNG (10 px a module), drawn on a canvas: for letters and posters. */
export function qrPng(text: string): Promise<Blob> {
  const { data } = encode(text, { ecc: 'M', border: BORDER });
  const scale = 10;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = data.length * scale;
  const g = canvas.getContext('2d')!;
  g.fillStyle = '#fff';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = '#000';
  data.forEach((row, y) => row.forEach((dark, x) => dark && g.fillRect(x * scale, y * scale, scale, scale)));
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG'))), 'image/png'));
}
