/**
 * The payments statement as PDF (pdf-lib), from the Statement of statement-data.ts (which also
 * builds it and writes the CSV).
 *
 * PDF (pdf-lib): a tagged PDF as far as pdf-lib allows. pdf-lib has no tagging API, so the
 * structure is written by hand: the catalog's MarkInfo, Lang, StructTreeRoot and ParentTree;
 * every piece of text drawn inside a marked-content sequence (BDC … EMC) with its MCID, tied to
 * a structure element — H1 for the title, H2 for each section, P for paragraphs, and a real Table
 * (THead/TBody, TR, TH with Scope Column, TD); rules are Artifacts. What it cannot do: no
 * automatic reading-order check, no PDF/UA identifier or conformance validation, no ActualText
 * for numbers, and a table longer than a page is split into one Table per page (each with its
 * own header row).
 */
import {
  PAYMENT_STATUS_LABELS,
  PROVIDER_TIME_ZONE,
  dateTimeFormat,
  financialYearLabel,
  type PaymentStatus,
} from '@portal/contracts';
import type { PDFArray, PDFDict, PDFDocument, PDFPage, PDFRef, RGB } from 'pdf-lib';
import { loadPdfLib, pdfLib } from '../../lib/pdf-lib.ts';
import type { Deps } from '../../deps.ts';
import { cleanText, createTextSetter, type Weight } from '../submissions/pdf-text.ts';
import { displayDate, forWhat, money, type Statement } from './statement-data.ts';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
// pdf-lib's rgb(), written out: pdf-lib is loaded with the first PDF, not with this module.
const INK = { type: 'RGB', red: 0.1, green: 0.1, blue: 0.1 } as RGB;
const MUTED = { type: 'RGB', red: 0.35, green: 0.35, blue: 0.35 } as RGB;

/** The table's columns: heading, x, width, right-aligned. */
const COLUMNS = [
  { head: 'Date', x: MARGIN, w: 62, right: false },
  { head: 'What it was for', x: MARGIN + 64, w: 150, right: false },
  { head: 'Status', x: MARGIN + 218, w: 82, right: false },
  { head: 'Paid to', x: MARGIN + 304, w: 106, right: false },
  { head: 'Amount', x: MARGIN + 412, w: 58, right: true },
  { head: 'GST', x: MARGIN + 474, w: 41, right: true },
] as const;

/** A structure element being built: its type, attributes and kids (elements or marked content). */
type Elem = {
  ref: PDFRef;
  type: string;
  kids: (Elem | { mcid: number; page: PDFRef })[];
  attrs?: PDFDict;
  alt?: string;
};

class TaggedWriter {
  private readonly root: Elem;
  /** MCID → the element that owns it, per page (the ParentTree). */
  private readonly parents = new Map<PDFRef, Elem[]>();
  private readonly pageIndex = new Map<PDFRef, number>();

  constructor(readonly pdf: PDFDocument) {
    this.root = this.elem('Document');
  }

  elem(type: string, attrs?: Record<string, string>): Elem {
    const ctx = this.pdf.context;
    const e: Elem = { ref: ctx.nextRef(), type, kids: [] };
    if (attrs) {
      const dict = ctx.obj({});
      for (const [k, v] of Object.entries(attrs)) dict.set(pdfLib().PDFName.of(k), pdfLib().PDFName.of(v));
      e.attrs = dict;
    }
    return e;
  }

  add(parent: Elem | null, child: Elem): Elem {
    (parent ?? this.root).kids.push(child);
    return child;
  }

  registerPage(page: PDFPage): void {
    const idx = this.pageIndex.size;
    this.pageIndex.set(page.ref, idx);
    this.parents.set(page.ref, []);
    page.node.set(pdfLib().PDFName.of('StructParents'), pdfLib().PDFNumber.of(idx));
    // Tab order follows the structure.
    page.node.set(pdfLib().PDFName.of('Tabs'), pdfLib().PDFName.of('S'));
  }

  /** Draws inside a marked-content sequence tied to `owner` (a leaf element). */
  marked(page: PDFPage, owner: Elem, draw: () => void): void {
    const list = this.parents.get(page.ref) as Elem[];
    const mcid = list.length;
    list.push(owner);
    owner.kids.push({ mcid, page: page.ref });
    // pdf-lib's operator type lists no dictionary operand, but writes any PDF object it is given.
    const props = this.pdf.context.obj({ MCID: mcid }) as unknown as PDFArray;
    page.pushOperators(
      pdfLib().PDFOperator.of(pdfLib().PDFOperatorNames.BeginMarkedContentSequence, [
        pdfLib().PDFName.of(owner.type),
        props,
      ]),
    );
    draw();
    page.pushOperators(pdfLib().PDFOperator.of(pdfLib().PDFOperatorNames.EndMarkedContent));
  }

  /** Decoration (rules): an Artifact, outside the structure. */
  artifact(page: PDFPage, draw: () => void): void {
    page.pushOperators(
      pdfLib().PDFOperator.of(pdfLib().PDFOperatorNames.BeginMarkedContent, [pdfLib().PDFName.of('Artifact')]),
    );
    draw();
    page.pushOperators(pdfLib().PDFOperator.of(pdfLib().PDFOperatorNames.EndMarkedContent));
  }

  finish(): void {
    const ctx = this.pdf.context;
    const rootRef = ctx.nextRef();
    const write = (e: Elem, parent: PDFRef): void => {
      const arr = pdfLib().PDFArray.withContext(ctx);
      for (const k of e.kids) {
        if ('mcid' in k) {
          arr.push(ctx.obj({ Type: 'MCR', Pg: k.page, MCID: k.mcid }));
        } else {
          write(k, e.ref);
          arr.push(k.ref);
        }
      }
      const dict = ctx.obj({ Type: 'StructElem', S: e.type, P: parent });
      dict.set(pdfLib().PDFName.of('K'), arr);
      if (e.attrs) dict.set(pdfLib().PDFName.of('A'), e.attrs);
      ctx.assign(e.ref, dict);
    };
    write(this.root, rootRef);
    const nums = pdfLib().PDFArray.withContext(ctx);
    for (const [pageRef, owners] of this.parents) {
      nums.push(pdfLib().PDFNumber.of(this.pageIndex.get(pageRef) as number));
      const a = pdfLib().PDFArray.withContext(ctx);
      for (const o of owners) a.push(o.ref);
      nums.push(ctx.register(a));
    }
    const parentTree = ctx.register(ctx.obj({ Nums: nums }));
    ctx.assign(
      rootRef,
      ctx.obj({
        Type: 'StructTreeRoot',
        K: this.root.ref,
        ParentTree: parentTree,
        ParentTreeNextKey: this.parents.size,
      }),
    );
    const catalog = this.pdf.catalog;
    catalog.set(pdfLib().PDFName.of('StructTreeRoot'), rootRef);
    catalog.set(pdfLib().PDFName.of('MarkInfo'), ctx.obj({ Marked: true }));
    catalog.set(pdfLib().PDFName.of('ViewerPreferences'), ctx.obj({ DisplayDocTitle: true }));
  }
}

export async function renderPdf(deps: Deps, s: Statement, now: number): Promise<Buffer> {
  const { PDFDocument } = await loadPdfLib();
  const pdf = await PDFDocument.create();
  const year = financialYearLabel(s.financialYear);
  const p = deps.config.provider;
  pdf.setTitle(`Payments statement ${year} — claim ${s.claimNumber}`);
  pdf.setAuthor(p.name);
  pdf.setCreator('Claimant portal');
  pdf.setLanguage('en-AU');
  const text = createTextSetter(pdf);
  const tags = new TaggedWriter(pdf);

  let page = pdf.addPage(A4);
  tags.registerPage(page);
  let y = A4[1] - MARGIN - 10;

  const fit = async (raw: string, weight: Weight, size: number, width: number): Promise<string> => {
    let t = cleanText(raw);
    if ((await text.measure(t, weight, size)) <= width) return t;
    while (t.length > 1 && (await text.measure(`${t}…`, weight, size)) > width) t = t.slice(0, -1);
    return `${t}…`;
  };
  const drawAt = async (
    owner: ReturnType<TaggedWriter['elem']>,
    raw: string,
    at: { x: number; y: number; size: number; weight?: Weight; width?: number; right?: boolean; muted?: boolean },
  ) => {
    const weight = at.weight ?? 'regular';
    const line = at.width ? await fit(raw, weight, at.size, at.width) : cleanText(raw);
    const runs = await text.runs(line, weight);
    const w = text.width(runs, at.size);
    const x = at.right && at.width ? at.x + at.width - w : at.x;
    tags.marked(page, owner, () => text.draw(page, runs, { x, y: at.y, size: at.size, color: at.muted ? MUTED : INK }));
  };
  const para = async (raw: string, size = 10, type = 'P', weight: Weight = 'regular') => {
    const e = tags.add(null, tags.elem(type));
    await drawAt(e, raw, { x: MARGIN, y, size, weight });
    y -= size + 8;
  };

  await para(`Payments statement ${year}`, 18, 'H1', 'bold');
  await para(`${p.name} (${p.shortName})`);
  await para(`Claim number ${s.claimNumber}    ${s.name}`);
  const made = dateTimeFormat('en-AU', { timeZone: PROVIDER_TIME_ZONE, dateStyle: 'long' }).format(new Date(now));
  await para(`1 July ${s.financialYear} to 30 June ${s.financialYear + 1}. Made ${made}.`);
  y -= 6;
  await para('Totals', 13, 'H2', 'bold');
  await para(`Total paid: ${money(s.totals.total)} (GST included: ${money(s.totals.gst)})`);
  await para(`Taxable total: ${money(s.totals.taxable)}`);
  y -= 6;
  await para('Payments', 13, 'H2', 'bold');

  const ROW = 16;
  const startTable = async () => {
    const table = tags.add(null, tags.elem('Table'));
    const head = tags.add(table, tags.elem('THead'));
    const tr = tags.add(head, tags.elem('TR'));
    for (const c of COLUMNS) {
      const th = tags.add(tr, tags.elem('TH', { O: 'Table', Scope: 'Column' }));
      await drawAt(th, c.head, { x: c.x, y, size: 9, weight: 'bold', width: c.w, right: c.right });
    }
    const ruleY = y - 4;
    tags.artifact(page, () =>
      page.drawLine({
        start: { x: MARGIN, y: ruleY },
        end: { x: A4[0] - MARGIN, y: ruleY },
        thickness: 0.5,
        color: MUTED,
      }),
    );
    y -= ROW;
    return tags.add(table, tags.elem('TBody'));
  };

  if (!s.rows.length) {
    await para('There were no payments in this financial year.');
  } else {
    let body = await startTable();
    for (const row of s.rows) {
      if (y < MARGIN + ROW) {
        page = pdf.addPage(A4);
        tags.registerPage(page);
        y = A4[1] - MARGIN - 10;
        body = await startTable();
      }
      const tr = tags.add(body, tags.elem('TR'));
      const cells = [
        displayDate(row.payment_date),
        forWhat(row),
        // The column is narrow: "Returned" (the footnote says by whom).
        row.status === 'returned' ? 'Returned' : PAYMENT_STATUS_LABELS[row.status as PaymentStatus],
        row.paid_to_last3 !== null ? `Account ending ${row.paid_to_last3}` : (row.paid_to_name ?? ''),
        money(Number(row.amount_cents)),
        Number(row.gst_cents) ? money(Number(row.gst_cents)) : '',
      ];
      for (const [i, c] of COLUMNS.entries()) {
        const td = tags.add(tr, tags.elem('TD'));
        await drawAt(td, cells[i] ?? '', { x: c.x, y, size: 9, width: c.w, right: c.right });
      }
      y -= ROW;
    }
  }
  if (y < MARGIN + 30) {
    page = pdf.addPage(A4);
    tags.registerPage(page);
    y = A4[1] - MARGIN - 10;
  }
  y -= 8;
  await para(
    'Only payments with the status Paid count toward the totals. Returned: the bank sent the payment back. Amounts are in Australian dollars.',
    8,
  );
  tags.finish();
  return text.save();
}
