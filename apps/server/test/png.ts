/** PNGs built byte by byte for the signature tests: what the pad sends, and what lies about itself. */
import zlib from 'node:zlib';
import { SIGNATURE_PAD } from '@portal/contracts';

export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG built byte by byte: its IHDR says width × height, its IDAT holds whatever is given. */
export function makePng(
  width: number,
  height: number,
  options: { idat?: Buffer; colourType?: number; depth?: number; interlace?: number; extra?: Buffer[] } = {},
): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([options.depth ?? 8, options.colourType ?? 6, 0, 0, options.interlace ?? 0], 8);
  const idat = options.idat ?? zlib.deflateSync(Buffer.alloc(height * (1 + width * 4)));
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    pngChunk('IHDR', ihdr),
    ...(options.extra ?? []),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** What the pad sends: a transparent RGBA canvas with a dark diagonal stroke. */
export function drawnSignature(width: number = SIGNATURE_PAD.width, height: number = SIGNATURE_PAD.height): Buffer {
  const raw = Buffer.alloc(height * (1 + width * 4));
  for (let y = 0; y < height; y++) {
    const x = Math.round((y / height) * width);
    for (let dx = 0; dx < 3 && x + dx < width; dx++) raw.set([27, 31, 35, 255], y * (1 + width * 4) + 1 + (x + dx) * 4);
  }
  return makePng(width, height, { idat: zlib.deflateSync(raw) });
}
