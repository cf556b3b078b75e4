/**
 * Scan and send (decision 044): the photos of a paper document, one per page, made into one PDF in
 * the browser. Each photo is decoded with its EXIF orientation applied by the browser (the only
 * time it is applied: the JPEG drawn from the canvas carries no EXIF), turned by the quarter turns
 * the claimant chose, downscaled so its long side is at most SCAN.longSidePx, and encoded as JPEG;
 * the JPEGs are written as the pages of a PDF (each an image drawn across its page, DCTDecode:
 * the bytes are not decoded again). A document over the upload limit is made again smaller.
 *
 * Loaded only when a claimant makes a PDF (a dynamic import): nothing of it is in /login's
 * first download or the forms' own chunks.
 */
import { LIMITS } from '@portal/contracts';

export type ScanPage = { file: Blob; quarterTurns: number };
type JpegPage = { bytes: Uint8Array; width: number; height: number };

/** The tries, best first: the long side and the JPEG quality. Canvas sizes stay within iOS Safari's limits. */
const TRIES = [
  { longSidePx: 2000, quality: 0.85 },
  { longSidePx: 1600, quality: 0.72 },
  { longSidePx: 1200, quality: 0.6 },
] as const;

export class ScanTooLarge extends Error {}
class PhotoUnreadable extends Error {}

async function decode(file: Blob): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new PhotoUnreadable();
  }
}

function canvasJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new PhotoUnreadable())), 'image/jpeg', quality),
  );
}

/** One page: upright as the browser shows the photo, turned as chosen, at most `longSidePx` on its long side. */
async function jpegPage(page: ScanPage, longSidePx: number, quality: number): Promise<JpegPage> {
  const bitmap = await decode(page.file);
  const canvas = document.createElement('canvas');
  try {
    const scale = Math.min(1, longSidePx / Math.max(bitmap.width, bitmap.height));
    const w = Math.max(1, Math.round(bitmap.width * scale));
    const h = Math.max(1, Math.round(bitmap.height * scale));
    const turns = ((page.quarterTurns % 4) + 4) % 4;
    canvas.width = turns % 2 === 1 ? h : w;
    canvas.height = turns % 2 === 1 ? w : h;
    const context = canvas.getContext('2d');
    if (!context) throw new PhotoUnreadable();
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.translate(canvas.width / 2, canvas.height / 2);
    context.rotate((turns * Math.PI) / 2);
    context.drawImage(bitmap, -w / 2, -h / 2, w, h);
    const blob = await canvasJpeg(canvas, quality);
    return { bytes: new Uint8Array(await blob.arrayBuffer()), width: canvas.width, height: canvas.height };
  } finally {
    bitmap.close();
    // iOS Safari counts canvas memory until the canvas is emptied.
    canvas.width = 0;
    canvas.height = 0;
  }
}

/** A PDF text string the way every viewer reads any title: UTF-16BE in hex, with its byte-order mark. */
function pdfText(text: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i += 1) hex += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `<${hex}>`;
}

/** The pages as a PDF 1.4 file: each JPEG drawn over a page of its own shape, the long side 842 pt (A4's). */
export function pdfOfJpegs(pages: readonly JpegPage[], title: string): Blob {
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  const offsets: number[] = [];
  let length = 0;
  const put = (chunk: Uint8Array | string) => {
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    parts.push(bytes);
    length += bytes.length;
  };
  const object = (id: number, body: string, stream?: Uint8Array) => {
    offsets[id] = length;
    put(`${id} 0 obj\n${body}\n`);
    if (stream) {
      put('stream\n');
      put(stream);
      put('\nendstream\n');
    }
    put('endobj\n');
  };
  // 1 catalog, 2 pages, 3 info; then per page: page, image, content.
  const pageIds = pages.map((_, i) => 4 + i * 3);
  put('%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n');
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`);
  object(3, `<< /Title ${pdfText(title)} /Producer (Claimant portal scan and send) >>`);
  pages.forEach((page, i) => {
    const id = pageIds[i] ?? 0;
    const scale = 842 / Math.max(page.width, page.height);
    const w = (page.width * scale).toFixed(2);
    const h = (page.height * scale).toFixed(2);
    const content = encoder.encode(`q ${w} 0 0 ${h} 0 0 cm /Page Do Q`);
    object(
      id,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] /Resources << /XObject << /Page ${id + 1} 0 R >> >> /Contents ${id + 2} 0 R >>`,
    );
    object(
      id + 1,
      `<< /Type /XObject /Subtype /Image /Width ${page.width} /Height ${page.height} ` +
        `/ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${page.bytes.length} >>`,
      page.bytes,
    );
    object(id + 2, `<< /Length ${content.length} >>`, content);
  });
  const size = 4 + pages.length * 3;
  const xref = length;
  put(`xref\n0 ${size}\n0000000000 65535 f \n`);
  for (let id = 1; id < size; id += 1) put(`${String(offsets[id] ?? 0).padStart(10, '0')} 00000 n \n`);
  put(`trailer\n<< /Size ${size} /Root 1 0 R /Info 3 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return new Blob(parts as BlobPart[], { type: 'application/pdf' });
}

/**
 * The photos as one PDF named `name` within the upload limit: made at the best size first, then
 * smaller while it is over. `onPage` says how far it has got (the page being prepared, from 1).
 */
export async function makeScanPdf(
  pages: readonly ScanPage[],
  name: string,
  onPage: (done: number) => void = () => undefined,
): Promise<File> {
  for (const { longSidePx, quality } of TRIES) {
    const jpegs: JpegPage[] = [];
    for (const [i, page] of pages.entries()) {
      onPage(i + 1);
      jpegs.push(await jpegPage(page, longSidePx, quality));
    }
    const pdf = pdfOfJpegs(jpegs, name);
    if (pdf.size <= LIMITS.uploadMaxBytes) return new File([pdf], `${name}.pdf`, { type: 'application/pdf' });
  }
  throw new ScanTooLarge();
}
