/**
 * pdf-lib, loaded with the first PDF a process draws rather than at start: with fontkit
 * it is a sizeable part of the server's heap, which every major GC marks — once per 10 MB upload.
 * The drawing code awaits loadPdfLib() first, then uses pdfLib() synchronously below it.
 */
import type * as PdfLibModule from 'pdf-lib';

type PdfLib = typeof PdfLibModule;

let loaded: PdfLib | undefined;

export async function loadPdfLib(): Promise<PdfLib> {
  return (loaded ??= await import('pdf-lib'));
}

/** pdf-lib once loadPdfLib() has resolved. */
export function pdfLib(): PdfLib {
  if (!loaded) throw new Error('pdf-lib is not loaded: await loadPdfLib() first');
  return loaded;
}
