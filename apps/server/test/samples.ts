/**
 * Real sample bytes of each allowed document type, built here (no binary fixtures in the repo):
 * the magic numbers and container structures a real file of that type has.
 */
import zlib from 'node:zlib';

function u16(n: number) {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
}
function u32(n: number) {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
}

/** A ZIP archive with the given entries (deflated unless `store`). */
function zip(entries: { name: string; data: Buffer; store?: boolean }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const body = e.store ? e.data : zlib.deflateRawSync(e.data);
    const method = e.store ? 0 : 8;
    const crc = zlib.crc32(e.data);
    const header = Buffer.concat([
      u32(0x04034b50),
      u16(20),
      u16(0),
      u16(method),
      u16(0),
      u16(0),
      u32(crc),
      u32(body.length),
      u32(e.data.length),
      u16(name.length),
      u16(0),
      name,
    ]);
    locals.push(header, body);
    centrals.push(
      Buffer.concat([
        u32(0x02014b50),
        u16(20),
        u16(20),
        u16(0),
        u16(method),
        u16(0),
        u16(0),
        u32(crc),
        u32(body.length),
        u32(e.data.length),
        u16(name.length),
        u16(0),
        u16(0),
        u16(0),
        u16(0),
        u32(0),
        u32(offset),
        name,
      ]),
    );
    offset += header.length + body.length;
  }
  const central = Buffer.concat(centrals);
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(entries.length),
    u16(entries.length),
    u32(central.length),
    u32(offset),
    u16(0),
  ]);
  return Buffer.concat([...locals, central, end]);
}

function ooxml(kind: 'word' | 'xl'): Buffer {
  const main =
    kind === 'word'
      ? 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'
      : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml';
  const part = kind === 'word' ? '/word/document.xml' : '/xl/workbook.xml';
  return zip([
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="${part}" ContentType="${main}"/></Types>`,
      ),
    },
    {
      name: '_rels/.rels',
      data: Buffer.from(
        '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>',
      ),
    },
    {
      name: part.slice(1),
      data: Buffer.from(
        kind === 'word'
          ? '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>'
          : '<workbook/>',
      ),
    },
  ]);
}

function cfb(): Buffer {
  const b = Buffer.alloc(1536);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(b);
  b.writeUInt16LE(0x003e, 24);
  b.writeUInt16LE(0x0003, 26);
  b.writeUInt16LE(0xfffe, 28);
  b.writeUInt16LE(9, 30);
  return b;
}

const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.from('0000000d49444154789c63000100000500010d0a2db40000000049454e44ae426082', 'hex'),
]);
const JPG = Buffer.concat([
  Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
  Buffer.alloc(64, 0x11),
  Buffer.from('ffd9', 'hex'),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const TIF = Buffer.concat([
  Buffer.from('49492a0008000000', 'hex'),
  Buffer.from('0100000103000100000001000000', 'hex'),
  Buffer.alloc(64),
]);
const HEIC = Buffer.concat([
  Buffer.from('00000018667479706865696300000000', 'hex'),
  Buffer.from('6d69663168656963', 'hex'),
  Buffer.alloc(64),
]);

export const SAMPLES: Record<string, Buffer> = {
  'letter.pdf': PDF,
  'photo.jpg': JPG,
  'photo.jpeg': JPG,
  'scan.png': PNG,
  'scan.tif': TIF,
  'scan.tiff': TIF,
  'iphone.heic': HEIC,
  'report.doc': cfb(),
  'sheet.xls': cfb(),
  'report.docx': ooxml('word'),
  'sheet.xlsx': ooxml('xl'),
  'notes.txt': Buffer.from('Physio on Tuesday — 45 minutes. Receipt attached.\n', 'utf8'),
};

export const BAD = {
  exeAsPdf: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]),
  htmlAsTxt: Buffer.from('<!doctype html><script>alert(1)</script>'),
  svgAsPng: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
  pngAsPdf: PNG,
  nulInTxt: Buffer.from('hello\u0000world'),
  latin1Txt: Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]),
  zipAsDocx: zip([{ name: 'hello.txt', data: Buffer.from('not a document') }]),
  manyEntriesDocx: zip([
    ...ooxmlEntries(),
    ...Array.from({ length: 2_001 }, (_, i) => ({ name: `x/${i}.xml`, data: Buffer.from('<a/>'), store: true })),
  ]),
};

function ooxmlEntries() {
  return [
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
    },
    { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
  ];
}

/** A docx whose one extra entry inflates to more than 100 MB (a zip bomb, about 100 KB on the wire). */
export function zipBombDocx(): Buffer {
  return zip([...ooxmlEntries(), { name: 'word/bomb.xml', data: Buffer.alloc(101 * 1024 * 1024, 0x20) }]);
}
