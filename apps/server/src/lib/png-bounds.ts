/**
 * A bounded look at a PNG a client sent (STYLE rule 16), before anything decodes it. pdf-lib's
 * decoder believes the header: a 99-byte PNG declaring 5000×5000 px held the event loop for two
 * seconds and took ~400 MB. So the checks run on the bytes first — size, signature, IHDR
 * dimensions against the caller's limit — and the image data is inflated by zlib with an output
 * cap equal to what the header promises, so a lying header or a deflate bomb stops within that
 * many bytes. What passes is rebuilt with only the chunks a decoder needs (no text, colour
 * profile or animation chunks, some of which decoders inflate again without a bound).
 */
import { inflateSync } from 'node:zlib';

export type PngLimits = { maxBytes: number; maxWidth: number; maxHeight: number };
export type CheckedPng = { width: number; height: number; png: Buffer };
export type PngRefusal = 'too-large' | 'not-png' | 'malformed' | 'dimensions' | 'data';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Samples per pixel for each colour type (PNG §11.2.2) and the bit depths each allows. */
const COLOUR_TYPES: Record<number, { channels: number; depths: readonly number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};
/** Chunks kept in the rebuilt image; every other ancillary chunk is dropped. */
const KEPT = new Set(['IHDR', 'PLTE', 'tRNS', 'IDAT', 'IEND']);
/** Adam7 passes: start column, start row, column step, row step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

export class PngRefused extends Error {
  constructor(readonly reason: PngRefusal) {
    super(`PNG refused: ${reason}`);
  }
}

/** The exact inflated size of the image data: one filter byte per row plus the packed samples. */
export function inflatedSize(width: number, height: number, bitsPerPixel: number, interlaced: boolean): number {
  const rowBytes = (w: number) => 1 + Math.ceil((w * bitsPerPixel) / 8);
  if (!interlaced) return height * rowBytes(width);
  let total = 0;
  for (const [x0, y0, dx, dy] of ADAM7) {
    const w = Math.ceil((width - x0) / dx);
    const h = Math.ceil((height - y0) / dy);
    if (w > 0 && h > 0) total += h * rowBytes(w);
  }
  return total;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * Checks a PNG within the limits and answers its size and a rebuilt copy that is safe to hand to
 * a decoder; throws PngRefused otherwise. The work is bounded by maxBytes and by the inflated
 * size that maxWidth × maxHeight allow (at most width × height × 8 + height bytes, for 16-bit RGBA).
 */
export function checkPng(bytes: Buffer, limits: PngLimits): CheckedPng {
  if (bytes.length > limits.maxBytes) throw new PngRefused('too-large');
  if (bytes.length < SIGNATURE.length + 25 || !bytes.subarray(0, 8).equals(SIGNATURE)) throw new PngRefused('not-png');
  const kept: Buffer[] = [];
  const idat: Buffer[] = [];
  let header:
    { width: number; height: number; bitsPerPixel: number; interlaced: boolean; palette: boolean } | undefined;
  let ended = false;
  let offset = 8;
  while (offset < bytes.length && !ended) {
    if (offset + 12 > bytes.length) throw new PngRefused('malformed');
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const dataEnd = offset + 8 + length;
    if (!/^[A-Za-z]{4}$/.test(type) || dataEnd + 4 > bytes.length) throw new PngRefused('malformed');
    const data = bytes.subarray(offset + 8, dataEnd);
    offset = dataEnd + 4;
    if (!header) {
      if (type !== 'IHDR' || length !== 13) throw new PngRefused('malformed');
      const width = data.readUInt32BE(0);
      const height = data.readUInt32BE(4);
      const [depth = 0, colourType = -1, compression, filter, interlace = -1] = data.subarray(8);
      if (width < 1 || height < 1 || width > limits.maxWidth || height > limits.maxHeight)
        throw new PngRefused('dimensions');
      const colour = COLOUR_TYPES[colourType];
      if (!colour || !colour.depths.includes(depth) || compression !== 0 || filter !== 0 || interlace > 1)
        throw new PngRefused('malformed');
      header = {
        width,
        height,
        bitsPerPixel: colour.channels * depth,
        interlaced: interlace === 1,
        palette: colourType === 3,
      };
    } else if (type === 'IHDR') throw new PngRefused('malformed');
    if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') ended = true;
    else if (KEPT.has(type)) kept.push(chunk(type, data));
    else if (!/^[a-z]/.test(type)) throw new PngRefused('malformed'); // an unknown critical chunk
  }
  if (!header || !ended || idat.length === 0) throw new PngRefused('malformed');
  if (header.palette && !kept.some((c) => c.toString('latin1', 4, 8) === 'PLTE')) throw new PngRefused('malformed');
  const expected = inflatedSize(header.width, header.height, header.bitsPerPixel, header.interlaced);
  const compressed = Buffer.concat(idat);
  let inflated: Buffer;
  try {
    // The cap makes zlib stop as soon as the data would outgrow what the header declares.
    inflated = inflateSync(compressed, { maxOutputLength: expected });
  } catch {
    throw new PngRefused('data');
  }
  if (inflated.length !== expected) throw new PngRefused('data');
  const ihdr = chunk('IHDR', bytes.subarray(16, 29));
  const png = Buffer.concat([SIGNATURE, ihdr, ...kept, chunk('IDAT', compressed), chunk('IEND', Buffer.alloc(0))]);
  return { width: header.width, height: header.height, png };
}
