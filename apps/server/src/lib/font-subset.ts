/**
 * Font subsets for the PDFs the server draws, by HarfBuzz's hb-subset (the harfbuzzjs package's
 * WebAssembly build: no native code, nothing fetched at run time). Decision 035.
 *
 * @pdf-lib/fontkit's own subsetter broke Noto Sans's composite glyphs (every accented letter, and
 * more: most letters drew blank or as fragments in poppler, Ghostscript, MuPDF and pdf.js).
 * hb-subset keeps each glyph asked for with the components its outline is built from.
 *
 * The subset keeps the font's glyph ids (retain-gids): the PDF's text names glyphs by the full
 * font's ids, written while the page is laid out, before the document knows every glyph it uses.
 * The glyphs not kept are empty entries of `loca` and `hmtx`, which the PDF's compression
 * reduces to almost nothing. Layout tables (GSUB, GPOS, GDEF) and hinting are dropped: the text
 * is shaped before it is written (fontkit, on the full font), and a PDF viewer never shapes.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

type Ptr = number;
/** WebAssembly as Node has it (the server's TypeScript lib has no DOM types, where it is declared). */
const wasm = (
  globalThis as unknown as {
    WebAssembly: { instantiate(code: Uint8Array): Promise<{ instance: { exports: unknown } }> };
  }
).WebAssembly;
/** The part of hb-subset's C API the wasm build exports that this module calls. */
type HarfBuzz = {
  memory: { buffer: ArrayBuffer };
  _initialize(): void;
  malloc(size: number): Ptr;
  free(ptr: Ptr): void;
  hb_blob_create(data: Ptr, length: number, mode: number, userData: Ptr, destroy: Ptr): Ptr;
  hb_blob_destroy(blob: Ptr): void;
  hb_blob_get_data(blob: Ptr, length: Ptr): Ptr;
  hb_blob_get_length(blob: Ptr): number;
  hb_face_create(blob: Ptr, index: number): Ptr;
  hb_face_destroy(face: Ptr): void;
  hb_face_reference_blob(face: Ptr): Ptr;
  hb_set_add(set: Ptr, value: number): void;
  hb_subset_input_create_or_fail(): Ptr;
  hb_subset_input_destroy(input: Ptr): void;
  hb_subset_input_glyph_set(input: Ptr): Ptr;
  hb_subset_input_set(input: Ptr, which: number): Ptr;
  hb_subset_input_get_flags(input: Ptr): number;
  hb_subset_input_set_flags(input: Ptr, flags: number): void;
  hb_subset_or_fail(face: Ptr, input: Ptr): Ptr;
};

// hb-subset.h
const HB_MEMORY_MODE_READONLY = 1;
const HB_SUBSET_FLAGS_NO_HINTING = 0x1;
const HB_SUBSET_FLAGS_RETAIN_GIDS = 0x2;
const HB_SUBSET_FLAGS_NO_LAYOUT_CLOSURE = 0x200;
const HB_SUBSET_SETS_DROP_TABLE_TAG = 3;
const DROPPED_TABLES = ['GSUB', 'GPOS', 'GDEF', 'BASE', 'JSTF', 'kern', 'morx', 'kerx'];

const tag = (s: string) => [...s].reduce((a, c) => ((a << 8) | c.charCodeAt(0)) >>> 0, 0);

let instance: Promise<HarfBuzz> | undefined;
/** The wasm module, instantiated with the first subset a process makes (about 0.7 MB of code). */
function harfbuzz(): Promise<HarfBuzz> {
  instance ??= readFile(require.resolve('harfbuzzjs/dist/harfbuzz-subset.wasm'))
    .then((code) => wasm.instantiate(code))
    .then(({ instance: i }) => {
      const hb = i.exports as unknown as HarfBuzz;
      hb._initialize();
      return hb;
    });
  instance.catch(() => (instance = undefined));
  return instance;
}

/**
 * Each font's face, made once per process: its bytes are copied into the wasm memory once and
 * stay there (the few font files of the fallback chain, at most their total size, 12 MB).
 */
const faces = new WeakMap<Uint8Array, Ptr>();
function faceOf(hb: HarfBuzz, font: Uint8Array): Ptr {
  let face = faces.get(font);
  if (face === undefined) {
    const data = hb.malloc(font.byteLength);
    if (!data) throw new Error('hb-subset: out of memory for the font');
    new Uint8Array(hb.memory.buffer, data, font.byteLength).set(font);
    const blob = hb.hb_blob_create(data, font.byteLength, HB_MEMORY_MODE_READONLY, 0, 0);
    face = hb.hb_face_create(blob, 0);
    hb.hb_blob_destroy(blob);
    faces.set(font, face);
  }
  return face;
}

/** The font with only these glyphs (and their components), each at its own glyph id. */
export async function subsetGlyphs(font: Uint8Array, glyphIds: Iterable<number>): Promise<Uint8Array> {
  const hb = await harfbuzz();
  const face = faceOf(hb, font);
  const input = hb.hb_subset_input_create_or_fail();
  if (!input) throw new Error('hb-subset: could not create the subset input');
  let subset: Ptr = 0;
  try {
    const glyphs = hb.hb_subset_input_glyph_set(input);
    for (const id of glyphIds) hb.hb_set_add(glyphs, id);
    const drop = hb.hb_subset_input_set(input, HB_SUBSET_SETS_DROP_TABLE_TAG);
    for (const t of DROPPED_TABLES) hb.hb_set_add(drop, tag(t));
    hb.hb_subset_input_set_flags(
      input,
      hb.hb_subset_input_get_flags(input) |
        HB_SUBSET_FLAGS_RETAIN_GIDS |
        HB_SUBSET_FLAGS_NO_HINTING |
        HB_SUBSET_FLAGS_NO_LAYOUT_CLOSURE,
    );
    subset = hb.hb_subset_or_fail(face, input);
    if (!subset) throw new Error('hb-subset: the font could not be subset');
    const blob = hb.hb_face_reference_blob(subset);
    try {
      const length = hb.hb_blob_get_length(blob);
      if (!length) throw new Error('hb-subset: the subset is empty');
      // A copy: the wasm memory may grow (and move) with the next subset.
      return new Uint8Array(hb.memory.buffer, hb.hb_blob_get_data(blob, 0), length).slice();
    } finally {
      hb.hb_blob_destroy(blob);
    }
  } finally {
    if (subset) hb.hb_face_destroy(subset);
    hb.hb_subset_input_destroy(input);
  }
}
