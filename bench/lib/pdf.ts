/**
 * A valid PDF of an exact size: one empty page, its bulk a run of comment lines (comments are
 * allowed anywhere between tokens), with a correct cross-reference table.
 */
export function paddedPdf(size: number): Buffer {
  const header = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const objects = [
    '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n',
    '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n',
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>\nendobj\n',
  ];
  const tail = (offsets: number[], xrefAt: number) =>
    `xref\n0 4\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}` +
    `trailer\n<< /Size 4 /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  const layout = (padding: number) => {
    const offsets: number[] = [];
    let at = Buffer.byteLength(header, 'latin1') + padding;
    for (const o of objects) {
      offsets.push(at);
      at += o.length;
    }
    return { offsets, xrefAt: at, tail: tail(offsets, at) };
  };
  // The tail's length barely depends on the offsets' values (fixed-width), except startxref's digits.
  let padding = size - Buffer.byteLength(header, 'latin1') - objects.join('').length - layout(0).tail.length;
  padding -= layout(padding).tail.length - layout(0).tail.length;
  if (padding < 2) throw new Error(`a PDF cannot be as small as ${size} bytes`);
  const line = `%${'x'.repeat(1022)}\n`;
  const full = Math.floor(padding / line.length);
  const rest = padding - full * line.length;
  const pad = line.repeat(full) + (rest >= 2 ? `%${'x'.repeat(rest - 2)}\n` : rest === 1 ? '\n' : '');
  const { tail: t } = layout(padding);
  const pdf = Buffer.from(header + pad + objects.join('') + t, 'latin1');
  if (pdf.length !== size) throw new Error(`padded PDF is ${pdf.length} bytes, wanted ${size}`);
  return pdf;
}
