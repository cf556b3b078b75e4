/**
 * Text in any claimant's script for the PDFs the server draws (decision 022). pdf-lib's standard
 * fonts encode WinAnsi only, so a name such as Łukasz, Nguyễn, 王 or Ελένη made the authority form
 * fail. The text is drawn with Noto fonts from npm packages instead, chosen per character along a
 * fallback chain (Noto Sans for Latin, Greek, Cyrillic and Vietnamese, then Arabic, Hebrew and
 * Simplified Chinese), embedded only when a run uses them, as hb-subset's subset of the glyphs
 * drawn (lib/pdf-font.ts, decision 035).
 *
 * Right-to-left: fontkit's layout of each run shapes Arabic (joining forms, and the dots and
 * hamzas Noto Sans Arabic places on their letters by GPOS, drawn where it puts them) and lays a
 * right-to-left run out in visual order; this module orders the runs of a line (a left-to-right
 * line whose right-to-left stretches, with the numbers and spaces inside them, read from right to
 * left; the spaces and punctuation after a stretch stay left to right). That is a small part of
 * the Unicode bidi algorithm: enough for names and addresses, not for nested embeddings.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFPage, RGB } from 'pdf-lib';
import { embedDrawnFonts, embedFont, type DocumentFont, type LayoutFont } from '../../lib/pdf-font.ts';

export type Weight = 'regular' | 'bold';
type TextRun = { text: string; font: DocumentFont };

const require = createRequire(import.meta.url);

const NOTO_SANS = '@expo-google-fonts/noto-sans';
const NOTO_ARABIC = '@expo-google-fonts/noto-sans-arabic';
const NOTO_HEBREW = '@expo-google-fonts/noto-sans-hebrew';
const NOTO_SC = '@expo-google-fonts/noto-sans-sc';
/**
 * The fallback chains, first match wins. Chinese has no bold here: its bold face would add another
 * 10 MB file to read for the rare bold run in Chinese (the typed-name line).
 */
const CHAINS: Record<Weight, readonly string[]> = {
  regular: [
    `${NOTO_SANS}/400Regular/NotoSans_400Regular.ttf`,
    `${NOTO_ARABIC}/400Regular/NotoSansArabic_400Regular.ttf`,
    `${NOTO_HEBREW}/400Regular/NotoSansHebrew_400Regular.ttf`,
    `${NOTO_SC}/400Regular/NotoSansSC_400Regular.ttf`,
  ],
  bold: [
    `${NOTO_SANS}/700Bold/NotoSans_700Bold.ttf`,
    `${NOTO_ARABIC}/700Bold/NotoSansArabic_700Bold.ttf`,
    `${NOTO_HEBREW}/700Bold/NotoSansHebrew_700Bold.ttf`,
    `${NOTO_SC}/400Regular/NotoSansSC_400Regular.ttf`,
  ],
};

/**
 * fontkit, loaded with the first PDF a process draws rather than at start: it and its tables are
 * a sizeable part of the server's heap, which every major GC marks (uploads).
 */
let fontkitLoaded: typeof fontkit | undefined;
async function loadFontkit(): Promise<typeof fontkit> {
  return (fontkitLoaded ??= (await import('@pdf-lib/fontkit')).default);
}

/**
 * Each font file read and parsed once per process (fontkit reads its tables lazily). Documents lay
 * text out on this one parsed font: fontkit's layout of a freshly parsed font costs about 1 ms a
 * word while it reads the substitution and positioning tables (~0.2 ms once warm).
 */
const loaded = new Map<string, Promise<{ bytes: Buffer; font: fontkit.Font }>>();
function load(file: string) {
  let entry = loaded.get(file);
  if (!entry) {
    // Resolved from the package, so the bundled server (dist/) finds it in node_modules too.
    entry = Promise.all([readFile(require.resolve(file)), loadFontkit()]).then(([bytes, lib]) => ({
      bytes,
      font: lib.create(bytes),
    }));
    entry.catch(() => loaded.delete(file));
    loaded.set(file, entry);
  }
  return entry;
}

/** Word widths at size 1, across documents: the consent text is the same every time. Bounded. */
const widths = new Map<string, number>();
const WIDTHS_KEPT = 5_000;

/**
 * Invisible characters that only steer or hide: zero-width spaces and joiners, bidi embeddings,
 * overrides and isolates, the BOM, soft hyphens (all format characters, Cf), control characters
 * (Cc) and the Hangul fillers. A name carrying them could read differently from what is stored.
 */
const INVISIBLE = /[\p{Cf}\p{Cc}\u115F\u1160\u3164\uFFA0]/gu;
const RTL = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const STRONG_LTR = /\p{L}/u;
/** Spaces, punctuation and symbols stay in the font of the run they follow, when it has them. */
const NEUTRAL = /[\p{Z}\p{P}\p{S}]/u;

/** The text as it will be drawn: NFC, line breaks as spaces, invisible characters removed. */
export function cleanText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\r\n\t\v\f\u2028\u2029]+/g, ' ')
    .replace(INVISIBLE, '');
}

type Direction = 'rtl' | 'ltr' | 'neutral';
function directionOf(text: string): Direction {
  if (RTL.test(text)) return 'rtl';
  return STRONG_LTR.test(text) ? 'ltr' : 'neutral';
}

const TRAILING_NEUTRALS = /[\p{Z}\p{P}\p{S}]+$/u;
/**
 * A piece of one font with its direction. The spaces and punctuation that end a right-to-left
 * piece become a piece of their own: followed by left-to-right text, or ending the line, they
 * take the line's direction (left to right), as the bidi algorithm resolves them. Laid out inside
 * the Arabic run, "هيئة النقل (TAC)" drew its " (" at the left of the Arabic.
 */
function withDirection<T extends { text: string }>(piece: T): (T & { direction: Direction })[] {
  const direction = directionOf(piece.text);
  const trail = direction === 'rtl' ? (TRAILING_NEUTRALS.exec(piece.text)?.[0] ?? '') : '';
  if (!trail) return [{ ...piece, direction }];
  return [
    { ...piece, text: piece.text.slice(0, -trail.length), direction },
    { ...piece, text: trail, direction: 'neutral' },
  ];
}

/** Runs in visual order: each right-to-left stretch (with the neutral runs inside it) reversed. */
function visualOrder<T extends { direction: Direction }>(runs: T[]): T[] {
  const out: T[] = [];
  let i = 0;
  while (i < runs.length) {
    if (runs[i]?.direction !== 'rtl') {
      out.push(runs[i] as T);
      i++;
      continue;
    }
    let end = i;
    for (let j = i + 1; j < runs.length && runs[j]?.direction !== 'ltr'; j++) if (runs[j]?.direction === 'rtl') end = j;
    out.push(...runs.slice(i, end + 1).reverse());
    i = end + 1;
  }
  return out;
}

export type TextSetter = {
  /** The runs of one line of (cleaned) text, each with the font that can draw it, in visual order. */
  runs(text: string, weight: Weight): Promise<TextRun[]>;
  width(runs: readonly TextRun[], size: number): number;
  /** The width of a word at this size, laid out once per document (fontkit's layout is the slow part). */
  measure(word: string, weight: Weight, size: number): Promise<number>;
  draw(page: PDFPage, runs: readonly TextRun[], at: { x: number; y: number; size: number; color: RGB }): void;
  /** The document's bytes, with each font drawn in embedded as the subset of its glyphs drawn. */
  save(): Promise<Buffer>;
};

/** Fonts are embedded by lib/pdf-font.ts (decision 035): subset by hb-subset when the document is saved. */
export function createTextSetter(pdf: PDFDocument): TextSetter {
  const embedded = new Map<string, Promise<DocumentFont>>();
  const embed = (file: string) => {
    let font = embedded.get(file);
    if (!font) {
      // Noto Sans's ccmp splits a precomposed letter (ị) into base and mark, and the base's glyph
      // then stands for the whole letter in the text a reader copies: "Thị" read back as "Thi".
      // NFC text has a precomposed glyph for every Latin, Greek and Cyrillic letter it carries.
      const features = file.startsWith(`${NOTO_SANS}/`) ? { ccmp: false } : undefined;
      font = load(file).then(({ bytes, font: parsed }) =>
        embedFont(pdf, parsed as unknown as LayoutFont, bytes, features),
      );
      embedded.set(file, font);
    }
    return font;
  };

  return {
    async runs(text, weight) {
      const chain = CHAINS[weight];
      // A later font of the chain is read only when a character needs it (most names never do).
      const fonts: (fontkit.Font | undefined)[] = [];
      const has = async (i: number, cp: number) =>
        (fonts[i] ??= (await load(chain[i] as string)).font).hasGlyphForCodePoint(cp);
      const pieces: { index: number; text: string }[] = [];
      for (const char of text) {
        const cp = char.codePointAt(0) ?? 0;
        const last = pieces.at(-1);
        let index = -1;
        if (last && NEUTRAL.test(char) && (await has(last.index, cp))) index = last.index;
        else for (let i = 0; i < chain.length && index < 0; i++) if (await has(i, cp)) index = i;
        // No font has it (an emoji, a script not carried): a visible stand-in, never a failure.
        const drawn = index < 0 ? '?' : char;
        index = Math.max(index, 0);
        if (last?.index === index) last.text += drawn;
        else pieces.push({ index, text: drawn });
      }
      const ordered = visualOrder(pieces.flatMap(withDirection));
      return Promise.all(ordered.map(async (p) => ({ text: p.text, font: await embed(chain[p.index] as string) })));
    },
    async measure(word, weight, size) {
      const key = `${weight}:${word}`;
      let unit = widths.get(key);
      if (unit === undefined) {
        unit = this.width(await this.runs(word, weight), 1);
        if (widths.size >= WIDTHS_KEPT) widths.clear();
        widths.set(key, unit);
      }
      return unit * size;
    },
    width(runs, size) {
      return runs.reduce((sum, r) => sum + r.font.widthOf(r.text, size), 0);
    },
    draw(page, runs, { x, y, size, color }) {
      let at = x;
      for (const run of runs) at += run.font.draw(page, run.text, { x: at, y, size, color });
    },
    async save() {
      await embedDrawnFonts(await Promise.all(embedded.values()));
      return Buffer.from(await pdf.save());
    },
  };
}
