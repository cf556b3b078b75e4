/**
 * A PDF as people meet it: page 1 drawn by the viewers they use — poppler (Evince, Okular and most
 * Linux tools), Ghostscript, MuPDF and pdf.js (Firefox, and many web apps) — and read back by OCR
 * (Tesseract). Text a PDF carries but does not draw (a glyph left out of its font, a broken
 * composite glyph) extracts perfectly and is still missing on the page; only reading the drawn
 * page back catches it.
 *
 * The tools are Debian's (scripts/ensure-debian-packages.mjs installs them before the server
 * suite); a missing one fails the test that needs it, never skips it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, decodePDFRawStream } from 'pdf-lib';

export type Viewer = 'poppler' | 'ghostscript' | 'mupdf' | 'pdfjs';
export const VIEWERS: readonly Viewer[] = ['poppler', 'ghostscript', 'mupdf', 'pdfjs'];

/**
 * Tesseract reads 300 dpi best: at 200 it read Ghostscript's and MuPDF's "Nguyễn Thị" as "Nguyén
 * Thi" (poppler's too, now and then), at 300 every viewer's whole.
 */
const DPI = 300;

/** Runs a Debian tool, failing loudly (with how to install it) when it is not there. */
export function run(cmd: string, args: string[], input?: Buffer): { stdout: Buffer; stderr: string } {
  // One thread for Tesseract: its OpenMP threads only contend on a busy machine (4 s a page, not 1.5).
  const env = { ...process.env, OMP_THREAD_LIMIT: '1' };
  const res = spawnSync(cmd, args, { input, env, maxBuffer: 64 * 1024 * 1024 });
  if (res.error && (res.error as NodeJS.ErrnoException).code === 'ENOENT')
    throw new Error(`${cmd} is not installed: run 'node scripts/ensure-debian-packages.mjs' (as root it installs it)`);
  if (res.error) throw res.error;
  if (res.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')} exited ${res.status}: ${res.stderr.toString('utf8')}`);
  return { stdout: res.stdout, stderr: res.stderr.toString('utf8') };
}

function inTmp<T>(work: (dir: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-view-'));
  try {
    return work(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Page 1 as a PNG, and what the viewer said on the way (warnings about broken glyphs land there). */
export type Drawn = { png: Buffer; warnings: string };

function drawWithTool(pdf: Buffer, viewer: Exclude<Viewer, 'pdfjs'>): Drawn {
  return inTmp((dir) => {
    const file = path.join(dir, 'in.pdf');
    const out = path.join(dir, 'page.png');
    fs.writeFileSync(file, pdf);
    const { stderr } =
      viewer === 'poppler'
        ? run('pdftoppm', ['-png', '-r', String(DPI), '-f', '1', '-l', '1', '-singlefile', file, out.slice(0, -4)])
        : viewer === 'ghostscript'
          ? run('gs', [
              '-q',
              '-dSAFER',
              '-dBATCH',
              '-dNOPAUSE',
              '-sDEVICE=png16m',
              `-r${DPI}`,
              '-dTextAlphaBits=4',
              '-dGraphicsAlphaBits=4',
              '-dFirstPage=1',
              '-dLastPage=1',
              `-sOutputFile=${out}`,
              file,
            ])
          : run('mutool', ['draw', '-r', String(DPI), '-o', out, file, '1']);
    return { png: fs.readFileSync(out), warnings: stderr.trim() };
  });
}

const require = createRequire(import.meta.url);

/** pdf.js as Firefox runs it, in Node: its font parser and rasteriser onto a canvas (@napi-rs/canvas). */
async function drawWithPdfjs(pdf: Buffer): Promise<Drawn> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const warnings: string[] = [];
  const log = console.log;
  // pdf.js reports what it could not read through console.log ("Warning: …").
  console.log = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
  try {
    const task = pdfjs.getDocument({
      data: new Uint8Array(pdf),
      standardFontDataUrl: `${path.dirname(require.resolve('pdfjs-dist/package.json'))}/standard_fonts/`,
      verbosity: pdfjs.VerbosityLevel.WARNINGS,
    });
    const doc = await task.promise;
    const page = await doc.getPage(1);
    const viewport = page.getViewport({ scale: DPI / 72 });
    // In Node, pdf.js draws on @napi-rs/canvas (its optional dependency) through this factory.
    const factory = doc.canvasFactory as {
      create(w: number, h: number): { canvas: { toBuffer(t: 'image/png'): Buffer } };
    };
    const { canvas } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
    await page.render({ canvas: canvas as unknown as Parameters<typeof page.render>[0]['canvas'], viewport }).promise;
    const png = canvas.toBuffer('image/png');
    await task.destroy();
    return { png, warnings: warnings.join('\n') };
  } finally {
    console.log = log;
  }
}

export async function drawPage(pdf: Buffer, viewer: Viewer): Promise<Drawn> {
  return viewer === 'pdfjs' ? drawWithPdfjs(pdf) : drawWithTool(pdf, viewer);
}

/** What Tesseract reads on the image, in the given languages (eng, vie: Debian's tesseract-ocr-*). */
export function ocr(png: Buffer, languages = 'eng'): string {
  return run('tesseract', ['stdin', 'stdout', '-l', languages], png).stdout.toString('utf8');
}

/** The words of page 1 as the PDF's text says (poppler's pdftotext, through the ToUnicode maps). */
export function textOfPage1(pdf: Buffer): string {
  return run('pdftotext', ['-f', '1', '-l', '1', '-enc', 'UTF-8', '-', '-'], pdf).stdout.toString('utf8');
}

/** A word compared without case and the punctuation around it: "(TAC)" and "tac" are one word. */
export function normalWords(text: string): string[] {
  return text
    .normalize('NFC')
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((w) => w.length > 0);
}

/** How many of the distinct expected words the OCR'd text has, and which it lacks. */
export function readBack(
  expected: string,
  read: string,
): { share: number; found: number; of: number; missing: string[] } {
  const want = [...new Set(normalWords(expected))];
  const got = new Set(normalWords(read));
  const missing = want.filter((w) => !got.has(w));
  return {
    share: want.length ? (want.length - missing.length) / want.length : 0,
    found: want.length - missing.length,
    of: want.length,
    missing,
  };
}

/** A word's letters without their marks: "Nguyễn" → "nguyen", for OCR that misreads stacked accents. */
export function bare(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/giu, 'd').replace(/ł/giu, 'l').toLowerCase();
}

/** The font files the portal draws with, by PostScript name. */
const FONT_FILES = [
  '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
  '@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf',
  '@expo-google-fonts/noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf',
  '@expo-google-fonts/noto-sans-hebrew/700Bold/NotoSansHebrew_700Bold.ttf',
  '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
];

/**
 * Each font the PDF embeds, and each glyph its widths list (the glyphs drawn) whose outline in the
 * embedded font differs from the same glyph in the font it came from. A composite glyph (ễ is e,
 * a circumflex and a tilde) missing a component, or an outline left out, shows here exactly,
 * whatever an OCR engine makes of stacked accents.
 */
export async function glyphsUnlikeTheirFont(pdf: Buffer): Promise<{ font: string; drawn: number; unlike: number[] }[]> {
  const originals = new Map(
    FONT_FILES.map((file) => {
      const font = fontkit.create(fs.readFileSync(require.resolve(file)));
      return [font.postscriptName, font] as const;
    }),
  );
  const doc = await PDFDocument.load(pdf);
  const out: { font: string; drawn: number; unlike: number[] }[] = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFDict) || obj.get(PDFName.of('Subtype'))?.toString() !== '/CIDFontType2') continue;
    const descriptor = obj.lookup(PDFName.of('FontDescriptor'), PDFDict);
    const name = String(descriptor.get(PDFName.of('FontName')))
      // A subset's tag (ABCDEF+) or pdf-lib's own suffix (-1234) around the PostScript name.
      .replace(/^\/([A-Z]{6}\+)?/, '')
      .replace(/-\d+$/, '');
    const original = originals.get(name);
    if (!original) throw new Error(`the PDF embeds ${name}, not one of the portal's fonts`);
    const program = descriptor.lookup(PDFName.of('FontFile2'));
    if (!(program instanceof PDFRawStream)) throw new Error(`${name}: no TrueType program embedded`);
    const embedded = fontkit.create(Buffer.from(decodePDFRawStream(program).decode()));
    // W: [first [w w …] first [w …] …], one width per glyph id from `first` on.
    const ids: number[] = [];
    const w = obj.lookup(PDFName.of('W'), PDFArray);
    for (let i = 0; i + 1 < w.size(); i += 2) {
      const first = w.lookup(i, PDFNumber).asNumber();
      const widths = w.lookup(i + 1, PDFArray);
      for (let k = 0; k < widths.size(); k++) ids.push(first + k);
    }
    const unlike = ids.filter((id) => embedded.getGlyph(id).path.toSVG() !== original.getGlyph(id).path.toSVG());
    out.push({ font: name, drawn: ids.length, unlike });
  }
  return out;
}
