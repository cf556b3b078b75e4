/**
 * A font in a PDF as every viewer draws it (decision 035): the text is laid out and shaped by
 * fontkit on the whole font, as pdf-lib does, and written as that font's glyph ids; when the
 * document is saved, the font program embedded is hb-subset's subset of exactly the glyphs drawn
 * (lib/font-subset.ts), and the widths and the ToUnicode map (what copying or searching the text
 * reads) list the same glyphs. Each glyph is drawn where the layout puts it (TJ's adjustments and
 * Ts's rise): the font's kerning, and the dots and hamzas of Noto Sans Arabic, which are glyphs of
 * their own placed on their letters by GPOS.
 *
 * pdf-lib's two ways fall short: `subset: true` (fontkit's subsetter) broke composite glyphs and
 * most letters drew blank or as fragments; `subset: false` embeds the whole font (0.6 MB a face)
 * and lists widths and ToUnicode only for the glyphs the font's cmap reaches, so glyphs that
 * shaping substitutes in (Arabic joining forms) are drawn 1 em wide and cannot be copied.
 */
import { createHash } from 'node:crypto';
import type * as PdfLibModule from 'pdf-lib';
import type {
  PDFArray,
  PDFContext,
  PDFDocument,
  PDFFont,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFOperator,
  PDFPage,
  PDFRef,
  RGB,
} from 'pdf-lib';
import { subsetGlyphs } from './font-subset.ts';
import { pdfLib } from './pdf-lib.ts';

type Lib = typeof PdfLibModule;
/** fontkit's font and glyph as pdf-lib declares them. */
export type LayoutFont = PdfLibModule.CustomFontEmbedder['font'];
type Glyph = ReturnType<LayoutFont['layout']>['glyphs'][number];
export type Features = PdfLibModule.CustomFontEmbedder['fontFeatures'];

/** A font of one document; its subset is embedded by `embedDrawnFonts` before the document is saved. */
export type DocumentFont = {
  readonly pdf: PDFFont;
  /** The width of the text at this size as it is drawn: with the font's kerning and positioning. */
  widthOf(text: string, size: number): number;
  /** Draws one run of text with its baseline starting at (x, y); returns its width. */
  draw(page: PDFPage, text: string, at: { x: number; y: number; size: number; color: RGB }): number;
  drawn(): boolean;
};

const hex4 = (n: number) => n.toString(16).padStart(4, '0');

/** UTF-16 code units in hex, as a ToUnicode map writes a character. */
function utf16Hex(codePoints: readonly number[]): string {
  return [...String.fromCodePoint(...codePoints)]
    .map((c) => [...c].map((_, i) => hex4(c.charCodeAt(i))).join(''))
    .join('');
}

/** The ToUnicode CMap: each glyph drawn → the characters it stands for (at most 100 a block, as the format asks). */
function toUnicodeCmap(glyphs: readonly { id: number; codePoints: readonly number[] }[]): string {
  const pairs = glyphs.filter((g) => g.codePoints.length > 0).map((g) => `<${hex4(g.id)}> <${utf16Hex(g.codePoints)}>`);
  const blocks: string[] = [];
  for (let i = 0; i < pairs.length; i += 100) {
    const block = pairs.slice(i, i + 100);
    blocks.push(`${block.length} beginbfchar\n${block.join('\n')}\nendbfchar`);
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <FFFF>',
    'endcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}

/** The subset's tag (six capital letters before the name, as PDF names a subset font), from what it holds. */
function subsetTag(name: string, ids: readonly number[]): string {
  const digest = createHash('sha256')
    .update(`${name}:${ids.join(',')}`)
    .digest();
  return [...digest.subarray(0, 6)].map((b) => String.fromCharCode(65 + (b % 26))).join('');
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

function defineEmbedder(lib: Lib) {
  return class SubsetEmbedder extends lib.CustomFontEmbedder {
    /** Each glyph drawn, by id, with the characters it was first drawn for. */
    readonly drawnGlyphs = new Map<number, Glyph>();

    constructor(font: LayoutFont, bytes: Uint8Array, features: Features) {
      super(font, bytes, undefined, features);
      this.glyphCache = lib.Cache.populatedBy(() => [...this.drawnGlyphs.values()].sort((a, b) => a.id - b.id));
    }

    private record(glyphs: readonly Glyph[]): void {
      for (const g of glyphs) if (!this.drawnGlyphs.has(g.id)) this.drawnGlyphs.set(g.id, g);
      this.glyphCache.invalidate();
    }

    override encodeText(text: string): PDFHexString {
      const { glyphs } = this.font.layout(text, this.fontFeatures);
      this.record(glyphs);
      return lib.PDFHexString.of(glyphs.map((g) => hex4(g.id)).join(''));
    }

    override widthOfTextAtSize(text: string, size: number): number {
      const { positions } = this.font.layout(text, this.fontFeatures);
      return (positions.reduce((sum, p) => sum + p.xAdvance, 0) * this.scale * size) / 1000;
    }

    /**
     * The text-showing operators of one run, each glyph where the layout puts it. pdf-lib's own
     * drawText moves by each glyph's default advance only: Latin lost its kerning, and Noto Sans
     * Arabic's dots and hamzas (glyphs of their own, placed on their letter by GPOS) landed up to a
     * third of an em away. TJ's numbers move along the line, Ts (text rise) up and down.
     */
    show(context: PDFContext, text: string, size: number): { operators: PDFOperator[]; width: number } {
      const { glyphs, positions } = this.font.layout(text, this.fontFeatures);
      this.record(glyphs);
      const operators: PDFOperator[] = [];
      let items: (PDFHexString | PDFNumber)[] = [];
      let hex = '';
      const endHex = () => {
        if (hex) items.push(lib.PDFHexString.of(hex));
        hex = '';
      };
      const endArray = () => {
        endHex();
        if (!items.length) return;
        const array: PDFArray = lib.PDFArray.withContext(context);
        for (const item of items) array.push(item);
        operators.push(lib.PDFOperator.of(lib.PDFOperatorNames.ShowTextAdjusted, [array]));
        items = [];
      };
      // In thousandths of an em, as TJ counts: `pen` where the layout's next glyph starts, `at`
      // where the text position stands after the glyphs shown so far.
      let pen = 0;
      let at = 0;
      let rise = 0;
      glyphs.forEach((glyph, i) => {
        const p = positions[i] as (typeof positions)[number];
        const up = round((p.yOffset * this.scale * size) / 1000, 3);
        if (up !== rise) {
          endArray();
          operators.push(lib.setTextRise(up));
          rise = up;
        }
        const shift = round(pen + p.xOffset * this.scale - at, 1);
        if (shift !== 0) {
          endHex();
          items.push(lib.PDFNumber.of(-shift));
        }
        hex += hex4(glyph.id);
        at += shift + glyph.advanceWidth * this.scale;
        pen += p.xAdvance * this.scale;
      });
      endArray();
      if (rise !== 0) operators.push(lib.setTextRise(0));
      return { operators, width: (pen * size) / 1000 };
    }
    override embedIntoContext(context: PDFContext, ref?: PDFRef): Promise<PDFRef> {
      this.baseFontName = `${subsetTag(
        this.fontName,
        [...this.drawnGlyphs.keys()].sort((a, b) => a - b),
      )}+${this.fontName}`;
      return this.embedFontDict(context, ref);
    }

    protected override serializeFont(): Promise<Uint8Array> {
      return subsetGlyphs(this.fontData, this.drawnGlyphs.keys());
    }

    protected override embedUnicodeCmap(context: PDFContext): PDFRef {
      return context.register(context.flateStream(toUnicodeCmap(this.glyphCache.access())));
    }
  };
}

let Embedder: ReturnType<typeof defineEmbedder> | undefined;

/** The font in this document, parsed once per process by the caller (`font` is of `bytes`). */
export function embedFont(pdf: PDFDocument, font: LayoutFont, bytes: Uint8Array, features?: Features): DocumentFont {
  const lib = pdfLib();
  Embedder ??= defineEmbedder(lib);
  const embedder = new Embedder(font, bytes, features);
  const pdfFont = lib.PDFFont.of(pdf.context.nextRef(), pdf, embedder);
  const keys = new WeakMap<PDFPage, PDFName>();
  return {
    pdf: pdfFont,
    widthOf: (text, size) => embedder.widthOfTextAtSize(text, size),
    draw(page, text, { x, y, size, color }) {
      let key = keys.get(page);
      if (!key) keys.set(page, (key = page.node.newFontDictionary(pdfFont.name, pdfFont.ref)));
      const { operators, width } = embedder.show(pdf.context, text, size);
      page.pushOperators(
        lib.pushGraphicsState(),
        lib.setFillingColor(color),
        lib.beginText(),
        lib.setFontAndSize(key, size),
        lib.setTextMatrix(1, 0, 0, 1, x, y),
        ...operators,
        lib.endText(),
        lib.popGraphicsState(),
      );
      return width;
    },
    drawn: () => embedder.drawnGlyphs.size > 0,
  };
}

/**
 * Writes each font that text was drawn in (a font only measured is left out: no page names it).
 * pdf-lib embeds only the fonts of its own embedFont at save(), so this runs just before it.
 */
export async function embedDrawnFonts(fonts: Iterable<DocumentFont>): Promise<void> {
  for (const f of fonts) if (f.drawn()) await f.pdf.embed();
}
