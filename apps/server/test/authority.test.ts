import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument, PDFRawStream, PDFName } from 'pdf-lib';
import { ErrorNumber, MESSAGES, SIGNATURE_MAX_BYTES, SIGNATURE_MAX_SCALE, SIGNATURE_PAD } from '@portal/contracts';
import { checkPng, inflatedSize } from '../src/lib/png-bounds.ts';
import { DIALECTS, createTestApp, errorNumbers, signInWithClaim, type TestApp } from './helpers.ts';
import { multipart } from './multipart.ts';
import { SAMPLES } from './samples.ts';
import { run } from './pdf-viewers.ts';
import { drawnSignature, makePng, pngChunk } from './png.ts';

/** The PDF's text as poppler reads it (Debian's poppler-utils: a missing pdftotext fails, never skips). */
const rawText = (pdf: Buffer) => run('pdftotext', ['-enc', 'UTF-8', '-', '-'], pdf).stdout.toString('utf8');
/** The same without the bidi marks poppler puts around right-to-left runs. */
const pdfText = (pdf: Buffer) => rawText(pdf).replace(/[\p{Cf}]/gu, '');
/** Each word poppler finds, with its left edge (to check the order words are drawn in). */
function pdfWords(pdf: Buffer): { word: string; x: number }[] {
  const html = run('pdftotext', ['-bbox', '-enc', 'UTF-8', '-', '-'], pdf).stdout.toString('utf8');
  return [...html.matchAll(/<word xMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map((m) => ({
    x: Number(m[1]),
    word: (m[2] ?? '').replace(/[\p{Cf}]/gu, ''),
  }));
}

describe.each(DIALECTS)('authority form on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    token = await signInWithClaim(t, 'alex.citizen@example.com', '21/45678');
  });
  afterAll(() => t.close());

  const send = (fields: Record<string, string>, signature?: Buffer) => {
    const body = multipart(
      { accessToken: token, IdempotencyKey: `key-${Math.random()}`, ...fields },
      signature ? { name: 'Signature.png', data: signature, field: 'Signature', type: 'image/png' } : undefined,
    );
    return t.app.inject({ method: 'POST', url: '/api/documentupload/uploadauthorityform', ...body });
  };
  const storedBytes = async (sentItemId: string) => {
    const item = await t.deps.db
      .selectFrom('sent_items')
      .select(['form_id', 'subject_main'])
      .where('id', '=', sentItemId)
      .executeTakeFirstOrThrow();
    expect(item.subject_main).toBe('Authority form');
    const file = await t.deps.db
      .selectFrom('files')
      .select(['id', 'mime', 'submitted_at'])
      .where('form_id', '=', item.form_id)
      .executeTakeFirstOrThrow();
    expect(file.mime).toBe('application/pdf');
    expect(file.submitted_at).not.toBeNull();
    const content = (
      await t.post('/api/documentupload/getfilecontent', { AccessToken: token, Identifier: file.id })
    ).json();
    return Buffer.from(content.Data, 'base64');
  };
  const storedPdf = async (sentItemId: string) => PDFDocument.load(await storedBytes(sentItemId));
  const signatureLimits = {
    maxBytes: SIGNATURE_MAX_BYTES,
    maxWidth: SIGNATURE_PAD.width * SIGNATURE_MAX_SCALE,
    maxHeight: SIGNATURE_PAD.height * SIGNATURE_MAX_SCALE,
  };
  /**
   * Sends a drawn signature and checks it is refused with 120, and why: 'dimensions' and 'not-png'
   * are decided from the header, before anything is inflated; 'data' by an inflate capped at the size
   * the header declares. How long a refusal takes is measured in bench/ (decoders), not here.
   */
  const expectRefused = async (png: Buffer, reason: 'not-png' | 'malformed' | 'dimensions' | 'data') => {
    const res = await send({ SignatureMethod: 'drawn' }, png);
    expect(res.json()).toEqual([
      {
        Number: ErrorNumber.SignatureNotAccepted,
        Message: 'Your signature could not be read. Please clear it and sign again.',
        Field: 'Signature',
      },
    ]);
    expect(() => checkPng(png, signatureLimits)).toThrow(`PNG refused: ${reason}`);
  };
  const renameClaimant = async (first: string, surname: string) => {
    const account = await t.deps.db
      .selectFrom('accounts')
      .select('claimant_id')
      .where('username', '=', 'alex.citizen@example.com')
      .executeTakeFirstOrThrow();
    await t.deps.db
      .updateTable('claimants')
      .set({ first_name: first, surname })
      .where('id', '=', account.claimant_id)
      .execute();
  };

  it('gives the details printed on the form', async () => {
    const res = await t.post('/api/account/getauthorityformdata', { AccessToken: token });
    expect(res.json()).toEqual({
      FirstName: 'Alex',
      Surname: 'Citizen',
      ClaimNumber: '21/45678',
      Address: { AddressLine1: '12 Collins Street', AddressLine2: 'MELBOURNE VIC 3000', AddressLine3: '' },
      DateOfBirth: '1985-06-14',
      DateOfAccident: '2021-03-09',
      Initials: 'AJC',
    });
  });

  it('keeps a signed PDF record of a drawn signature, listed in sent items and queued', async () => {
    const res = await send({ SignatureMethod: 'drawn' }, drawnSignature());
    expect(res.statusCode, res.body).toBe(200);
    const pdf = await storedPdf(res.json().SentItemId);
    expect(pdf.getTitle()).toBe('Authority to release information — claim 21/45678');
    expect(pdf.getPageCount()).toBe(1);
    const images = pdf.context
      .enumerateIndirectObjects()
      .filter(([, o]) => o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
    expect(images.length).toBeGreaterThan(0);
    const queued = await t.deps.db
      .selectFrom('provider_outbox')
      .select(['payload'])
      .where('kind', '=', 'authority-form')
      .execute();
    expect(queued.some((q) => JSON.parse(q.payload).SentItemId === res.json().SentItemId)).toBe(true);
  });

  it('accepts a typed name with the declaration for those who cannot draw', async () => {
    expect(errorNumbers(await send({ SignatureMethod: 'typed', TypedName: 'Alex James Citizen' }))).toEqual([100]);
    const res = await send({ SignatureMethod: 'typed', TypedName: 'Alex James Citizen', Declaration: 'true' });
    expect(res.statusCode, res.body).toBe(200);
    await storedPdf(res.json().SentItemId);
  });

  it.each([
    ['a NUL', 'Alex\u0000 Citizen'],
    ['a right-to-left override (spoofing the order)', 'Alex \u202EnezitiC'],
    ['a bidi isolate', 'Alex \u2066Citizen\u2069'],
    ['a zero-width space', 'Al\u200Bex Citizen'],
    ['a zero-width joiner outside a word', '\u200DAlex Citizen'],
    ['a byte-order mark inside it', 'Alex\uFEFF Citizen'],
    ['a Hangul filler (a blank that is a letter)', '\u3164'],
    ['no letter at all', '...'],
  ])('refuses a typed name with %s, naming the field, and keeps nothing', async (_label, name) => {
    const sentItems = () => t.deps.db.selectFrom('sent_items').select('id').execute();
    const before = (await sentItems()).length;
    const res = await send({ SignatureMethod: 'typed', TypedName: name, Declaration: 'true' });
    expect(res.json()).toEqual([
      { Number: ErrorNumber.Validation, Message: MESSAGES.typedNameHidden, Field: 'TypedName' },
    ]);
    expect(await sentItems()).toHaveLength(before);
  });

  it('takes a typed name in any script, with the joiners some scripts need inside a word', async () => {
    // Persian writes a zero-width non-joiner inside words (می‌خواهم); Sinhala and Malayalam use the joiner.
    for (const name of ['Zahra Mi\u200Cxah', 'مریم می\u200Cخواه', "Siobhán O'Connor-Nguyễn"]) {
      const res = await send({ SignatureMethod: 'typed', TypedName: name, Declaration: 'true' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().SentItemId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });

  it('refuses a missing or fake signature and an unsigned-in request', async () => {
    expect((await send({ SignatureMethod: 'drawn' })).json()[0]).toMatchObject({
      Message: 'Please sign in the box',
      Field: 'Signature',
    });
    expect(errorNumbers(await send({ SignatureMethod: 'drawn' }, Buffer.from('<svg onload=alert(1)>')))).toEqual([
      ErrorNumber.SignatureNotAccepted,
    ]);
    const anonymous = multipart({
      SignatureMethod: 'typed',
      TypedName: 'X',
      Declaration: 'true',
      IdempotencyKey: 'abcdefgh',
    });
    expect(
      errorNumbers(
        await t.app.inject({ method: 'POST', url: '/api/documentupload/uploadauthorityform', ...anonymous }),
      ),
    ).toEqual([ErrorNumber.TokenMissing]);
  });

  it('sends once per idempotency key', async () => {
    const fields = {
      SignatureMethod: 'typed',
      TypedName: 'Alex Citizen',
      Declaration: 'true',
      IdempotencyKey: 'authority-once-1',
    };
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        t.app.inject({
          method: 'POST',
          url: '/api/documentupload/uploadauthorityform',
          ...multipart({ accessToken: token, ...fields }),
        }),
      ),
    );
    expect(new Set(answers.map((r) => r.json().SentItemId)).size).toBe(1);
  });

  describe('a drawn signature is checked before it is decoded', () => {
    it('accepts the pad at a device pixel ratio up to the allowed scale', async () => {
      const big = drawnSignature(SIGNATURE_PAD.width * SIGNATURE_MAX_SCALE, SIGNATURE_PAD.height * SIGNATURE_MAX_SCALE);
      expect((await send({ SignatureMethod: 'drawn' }, big)).statusCode).toBe(200);
    });

    it('refuses a PNG declaring 5000×5000 px from its header, unread — the bare header and with its 100 MB of data deflated', async () => {
      const header = makePng(5000, 5000, { idat: zlib.deflateSync(Buffer.alloc(0)) });
      expect(header.length).toBeLessThan(100);
      await expectRefused(header, 'dimensions');
      const full = makePng(5000, 5000, { idat: zlib.deflateSync(Buffer.alloc(5000 * (1 + 5000 * 4)), { level: 9 }) });
      expect(full.length).toBeLessThan(SIGNATURE_MAX_BYTES);
      await expectRefused(full, 'dimensions');
    });

    it('refuses what is not a PNG: a JPEG, an SVG, a PNG signature with nothing after it', async () => {
      await expectRefused(SAMPLES['photo.jpg'] as Buffer, 'not-png');
      await expectRefused(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'not-png');
      await expectRefused(Buffer.from('89504e470d0a1a0a', 'hex'), 'not-png');
    });

    it('refuses a PNG whose IHDR lies: small dimensions over a deflate bomb, or pad dimensions over too little data', async () => {
      await expectRefused(
        makePng(64, 24, { idat: zlib.deflateSync(Buffer.alloc(50 * 1024 * 1024), { level: 9 }) }),
        'data',
      );
      await expectRefused(
        makePng(SIGNATURE_PAD.width, SIGNATURE_PAD.height, { idat: zlib.deflateSync(Buffer.alloc(100)) }),
        'data',
      );
      await expectRefused(
        makePng(SIGNATURE_PAD.width, SIGNATURE_PAD.height, { idat: Buffer.from('not deflate at all') }),
        'data',
      );
    });

    it('refuses an oversized one: one pixel wider or taller than the pad allows, or more bytes than the limit', async () => {
      const maxW = SIGNATURE_PAD.width * SIGNATURE_MAX_SCALE;
      const maxH = SIGNATURE_PAD.height * SIGNATURE_MAX_SCALE;
      await expectRefused(makePng(maxW + 1, 10), 'dimensions');
      await expectRefused(makePng(10, maxH + 1), 'dimensions');
      const tooBig = await send(
        { SignatureMethod: 'drawn' },
        Buffer.concat([drawnSignature(), Buffer.alloc(SIGNATURE_MAX_BYTES)]),
      );
      expect(errorNumbers(tooBig)).toEqual([ErrorNumber.DocumentTooLarge]);
      expect(() =>
        checkPng(Buffer.concat([drawnSignature(), Buffer.alloc(SIGNATURE_MAX_BYTES)]), {
          maxBytes: SIGNATURE_MAX_BYTES,
          maxWidth: maxW,
          maxHeight: maxH,
        }),
      ).toThrow(/too-large/);
    });

    it('keeps only the chunks a decoder needs and knows the size of interlaced data', () => {
      const limits = { maxBytes: SIGNATURE_MAX_BYTES, maxWidth: 100, maxHeight: 100 };
      const bomb = pngChunk(
        'zTXt',
        Buffer.concat([Buffer.from('Comment\0\0'), zlib.deflateSync(Buffer.alloc(10 * 1024 * 1024))]),
      );
      const checked = checkPng(makePng(10, 10, { extra: [bomb] }), limits);
      expect(checked.png.includes(Buffer.from('zTXt'))).toBe(false);
      expect(checked).toMatchObject({ width: 10, height: 10 });
      const interlacedSize = inflatedSize(10, 10, 32, true);
      expect(
        checkPng(makePng(10, 10, { interlace: 1, idat: zlib.deflateSync(Buffer.alloc(interlacedSize)) }), limits).width,
      ).toBe(10);
      expect(() => checkPng(makePng(10, 10, { interlace: 1 }), limits)).toThrow(/data/);
      expect(() => checkPng(makePng(10, 10, { colourType: 3 }), limits)).toThrow(/malformed/);
    });
  });

  describe('names in any script', () => {
    const NAMES: [string, string, string][] = [
      ['Polish', 'Łukasz', 'Wójcik-Żółć'],
      ['Vietnamese', 'Nguyễn', 'Thị Minh Khai'],
      ['Chinese', '王', '小明'],
      ['Greek', 'Ελένη', 'Παπαδοπούλου'],
      ['Cyrillic', 'Иван', 'Петров'],
      ['Arabic', 'محمد', 'علي'],
      ['Hebrew', 'דוד', 'כהן'],
    ];
    afterAll(() => renameClaimant('Alex', 'Citizen'));

    it.each(NAMES)('draws a %s name into a valid PDF (%s %s)', async (_script, first, surname) => {
      await renameClaimant(first, surname);
      const res = await send({ SignatureMethod: 'typed', TypedName: `${first} ${surname}`, Declaration: 'true' });
      expect(res.statusCode, res.body).toBe(200);
      const bytes = await storedBytes(res.json().SentItemId);
      expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
      expect(bytes.length).toBeLessThan(150 * 1024);
      const text = pdfText(bytes);
      for (const word of [first, ...surname.split(' ')]) expect(text).toContain(word);
    });

    it('lays a right-to-left name out from right to left: the first name to the right of the surname', async () => {
      await renameClaimant('محمد', 'علي');
      const res = await send({ SignatureMethod: 'typed', TypedName: 'محمد علي', Declaration: 'true' });
      const words = pdfWords(await storedBytes(res.json().SentItemId));
      // poppler lists each word's characters in the order they are drawn, left to right.
      const drawn = (word: string) => words.find((w) => w.word === [...word].reverse().join(''));
      const first = drawn('محمد');
      const surname = drawn('علي');
      expect(first && surname && first.x > surname.x).toBe(true);
    });

    it('removes zero-width and bidi control characters before drawing', async () => {
      await renameClaimant('Ali\u200Bce\u200D', '\u202ESm\u2066ith\u2069\uFEFF');
      const res = await send({ SignatureMethod: 'typed', TypedName: 'Alice Smith', Declaration: 'true' });
      expect(res.statusCode, res.body).toBe(200);
      const bytes = await storedBytes(res.json().SentItemId);
      await PDFDocument.load(bytes);
      const raw = rawText(bytes);
      expect(raw).toContain('Name: Alice Smith');
      expect(raw).toContain('Signed by typing the full name: Alice Smith');
      expect(raw).not.toMatch(/[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/u);
    });

    it('draws a character no font carries as a stand-in instead of failing', async () => {
      await renameClaimant('Sam 😀', 'Lee');
      const res = await send({ SignatureMethod: 'typed', TypedName: 'Sam Lee', Declaration: 'true' });
      expect(res.statusCode, res.body).toBe(200);
      expect(pdfText(await storedBytes(res.json().SentItemId))).toContain('Name: Sam ? Lee');
    });
  });
});
