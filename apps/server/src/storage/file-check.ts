/**
 * What a document's bytes really are (uploads issue): the extension must be one of the twelve
 * allowed types AND the content, sniffed by magic bytes, must agree with it — whatever the
 * client's Content-Type says. doc/xls are CFB containers; docx/xlsx are ZIP containers whose
 * entries are counted and inflated with a running total and a deadline, so a zip bomb is refused
 * quickly in bounded memory and time; .txt must be UTF-8 with no NUL. Images and PDFs are never
 * decoded here: file-type reads their first bytes only (with its own caps on what it inflates).
 */
import fs from 'node:fs';
import { fileTypeFromFile } from 'file-type';
import yauzl from 'yauzl';
import { UPLOAD_TYPES } from '@portal/contracts';

export type UploadType = (typeof UPLOAD_TYPES)[number];

/** STYLE rule 16: entries, inflated bytes and wall time (a slow inflate holds the request, not the loop). */
export const ZIP_LIMITS = { entries: 2_000, inflatedBytes: 100 * 1024 * 1024, ms: 5_000 } as const;
export type ZipLimits = { entries: number; inflatedBytes: number; ms: number };

const MIME: Record<UploadType, string> = {
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  heic: 'image/heic',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  txt: 'text/plain; charset=utf-8',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** What file-type may call each allowed extension's content. */
const SNIFFED: Record<UploadType, readonly string[]> = {
  doc: ['cfb', 'doc'],
  xls: ['cfb', 'xls'],
  docx: ['docx'],
  xlsx: ['xlsx'],
  heic: ['heic'],
  jpeg: ['jpg'],
  jpg: ['jpg'],
  png: ['png'],
  pdf: ['pdf'],
  tif: ['tif'],
  tiff: ['tif'],
  txt: [],
};

export function extensionOf(filename: string): UploadType | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase();
  return ext && (UPLOAD_TYPES as readonly string[]).includes(ext) ? (ext as UploadType) : null;
}

export function mimeOf(type: UploadType): string {
  return MIME[type];
}

/** Markup at the start of a "text" file: HTML or SVG renamed to .txt. */
const MARKUP_START = /^\s*(<!doctype|<html|<svg|<\?xml|<script|<[a-z][a-z0-9-]*[\s>])/i;

async function isCleanUtf8Text(file: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let first = true;
  try {
    for await (const chunk of fs.createReadStream(file, { highWaterMark: 64 * 1024 })) {
      if ((chunk as Buffer).includes(0)) return false;
      if (first && MARKUP_START.test((chunk as Buffer).subarray(0, 512).toString('utf8'))) return false;
      first = false;
      decoder.decode(chunk as Buffer, { stream: true });
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/** Opens the ZIP and inflates every entry, stopping at the first limit crossed. */
export function isSafeZip(file: string, limits: ZipLimits = ZIP_LIMITS): Promise<boolean> {
  return new Promise((resolve) => {
    yauzl.open(file, { lazyEntries: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return resolve(false);
      let entries = 0;
      let inflated = 0;
      let finished = false;
      const done = (ok: boolean) => {
        if (finished) return;
        finished = true;
        clearTimeout(deadline);
        zip.close();
        resolve(ok);
      };
      const deadline = setTimeout(() => done(false), limits.ms);
      zip.on('error', () => done(false));
      zip.on('end', () => done(true));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (finished) return;
        entries++;
        if (entries > limits.entries || inflated + entry.uncompressedSize > limits.inflatedBytes) return done(false);
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return done(false);
          stream.on('data', (chunk: Buffer) => {
            inflated += chunk.length;
            if (inflated > limits.inflatedBytes || finished) {
              stream.destroy();
              done(false);
            }
          });
          stream.on('error', () => done(false));
          stream.on('end', () => {
            if (!finished) zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** True when the file's content is what its extension says, within the container limits. */
export async function contentMatches(file: string, type: UploadType): Promise<boolean> {
  const sniffed = await fileTypeFromFile(file);
  if (type === 'txt') return sniffed === undefined && (await isCleanUtf8Text(file));
  if (!sniffed || !SNIFFED[type].includes(sniffed.ext)) return false;
  if (type === 'docx' || type === 'xlsx') return isSafeZip(file);
  return true;
}
