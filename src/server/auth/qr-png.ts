import { encodeBase64 } from '@oslojs/encoding';
import { encode } from 'uqr';

/**
 * A QR code as a base64 PNG (spec 001 §3 `qr_code`). uqr builds the module matrix; the PNG is a
 * plain 8-bit greyscale image compressed with the platform's CompressionStream (zlib format, as
 * PNG's IDAT requires), so it runs the same in workerd and Node without native modules.
 */
export async function qrCodePngBase64(text: string, scale = 6): Promise<string> {
  return encodeBase64(await qrCodePng(text, scale));
}

/** The same QR code as PNG bytes (panel registration links: posters and letters). */
export async function qrCodePng(text: string, scale = 6): Promise<Uint8Array> {
  const { data } = encode(text, { ecc: 'M', border: 4 });
  const size = data.length * scale;
  const raw = new Uint8Array(size * (size + 1));
  for (let y = 0; y < size; y++) {
    const row = data[Math.floor(y / scale)]!;
    const offset = y * (size + 1);
    raw[offset] = 0; // filter: none
    for (let x = 0; x < size; x++) raw[offset + 1 + x] = row[Math.floor(x / scale)] ? 0 : 255;
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, size);
  view.setUint32(4, size);
  header.set([8, 0, 0, 0, 0], 8); // bit depth 8, greyscale, deflate, no filter set, no interlace
  const png = concat([
    new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', await deflate(raw)),
    chunk('IEND', new Uint8Array(0)),
  ]);
  return png;
}

async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function chunk(type: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + body.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, body.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(body, 8);
  view.setUint32(8 + body.length, crc32(out.subarray(4, 8 + body.length)));
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}
