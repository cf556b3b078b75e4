/**
 * The authority to release information (spec 001 Authority form; uploads issue). The server keeps
 * a signed record: a PDF with the consent text, the claimant's details, the drawn signature (or
 * the typed name and declaration, for those who cannot draw) and the time, stored as a document
 * of the claim, listed in sent items and queued for the provider — on the submission path.
 */
import { Readable } from 'node:stream';
import {
  AUTHORITY_CONSENT,
  ErrorNumber,
  PROVIDER_TIME_ZONE,
  SIGNATURE_MAX_BYTES,
  SIGNATURE_MAX_SCALE,
  SIGNATURE_PAD,
  dateTimeFormat,
  fillMessage,
  formatDisplayDate,
  type AuthorityFormData,
} from '@portal/contracts';
import { loadPdfLib } from '../../lib/pdf-lib.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/crypto.ts';
import { PngRefused, checkPng } from '../../lib/png-bounds.ts';
import type { FileStore } from '../../storage/file-store.ts';
import type { AuthContext } from '../session/service.ts';
import { insertFile } from '../uploads/repository.ts';
import { cleanText, createTextSetter, type Weight } from './pdf-text.ts';
import * as repo from './repository.ts';
import { submitForm } from './submit-form.ts';

type Signature = { method: 'drawn'; png: Buffer } | { method: 'typed'; name: string };

function addressLines(json: string | null): { AddressLine1: string; AddressLine2: string; AddressLine3: string } {
  const a = json ? (JSON.parse(json) as Partial<Record<'AddressLine1' | 'AddressLine2' | 'AddressLine3', string>>) : {};
  return { AddressLine1: a.AddressLine1 ?? '', AddressLine2: a.AddressLine2 ?? '', AddressLine3: a.AddressLine3 ?? '' };
}

export async function findAuthorityFormData(
  deps: Deps,
  auth: AuthContext,
  claimId: string,
): Promise<AuthorityFormData> {
  const d = await repo.findAuthorityDetails(deps.db, auth.accountId, claimId);
  if (!d) throw new AppError(ErrorNumber.NotFound);
  const initials = [d.first_name, ...d.middle_names.split(/\s+/), d.surname]
    .filter(Boolean)
    .map((n) => n[0]?.toUpperCase())
    .join('');
  return {
    FirstName: d.first_name,
    Surname: d.surname,
    ClaimNumber: d.number,
    Address: addressLines(d.postal_address ?? d.home_address),
    DateOfBirth: d.date_of_birth,
    DateOfAccident: d.accident_date,
    Initials: initials,
  };
}

/** The drawn signature as the pad makes it (spec 001 §5), checked before anything decodes it. */
const SIGNATURE_LIMITS = {
  maxBytes: SIGNATURE_MAX_BYTES,
  maxWidth: SIGNATURE_PAD.width * SIGNATURE_MAX_SCALE,
  maxHeight: SIGNATURE_PAD.height * SIGNATURE_MAX_SCALE,
} as const;

function checkedSignature(deps: Deps, signature: Signature): Signature {
  if (signature.method !== 'drawn') return signature;
  try {
    return { method: 'drawn', png: checkPng(signature.png, SIGNATURE_LIMITS).png };
  } catch (e) {
    if (!(e instanceof PngRefused)) throw e;
    deps.log.info({ reason: e.reason, bytes: signature.png.length }, 'drawn signature refused');
    throw new AppError(ErrorNumber.SignatureNotAccepted, undefined, 'Signature');
  }
}

/** Breaks text into lines at spaces; a line's width is its words' widths plus the spaces between. */
async function wrap(text: string, width: number, measure: (word: string) => Promise<number>): Promise<string[]> {
  const lines: string[] = [];
  const space = await measure(' ');
  let line = '';
  let lineWidth = 0;
  for (const word of text.split(/\s+/)) {
    const wordWidth = await measure(word);
    if (line && lineWidth + space + wordWidth > width) {
      lines.push(line);
      line = word;
      lineWidth = wordWidth;
    } else {
      lineWidth += (line ? space : 0) + wordWidth;
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

async function renderPdf(deps: Deps, data: AuthorityFormData, signature: Signature, signedAt: Date): Promise<Buffer> {
  const { PDFDocument, rgb } = await loadPdfLib();
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Authority to release information — claim ${data.ClaimNumber}`);
  pdf.setCreator('Claimant portal');
  const page = pdf.addPage([595.28, 841.89]);
  const text = createTextSetter(pdf);
  let y = 790;
  // Every string is cleaned (invisible and bidi control characters removed) before it is measured or drawn.
  const write = async (raw: string, options: { size?: number; bold?: boolean; gap?: number } = {}) => {
    const size = options.size ?? 11;
    const weight: Weight = options.bold ? 'bold' : 'regular';
    for (const line of await wrap(cleanText(raw), 495, (word) => text.measure(word, weight, size))) {
      text.draw(page, await text.runs(line, weight), { x: 50, y, size, color: rgb(0.1, 0.1, 0.1) });
      y -= size + 5;
    }
    y -= options.gap ?? 4;
  };
  const p = deps.config.provider;
  await write('Authority to release information', { size: 18, bold: true, gap: 10 });
  await write(`${p.name} (${p.shortName})`, { gap: 12 });
  for (const [label, value] of [
    ['Name', `${data.FirstName} ${data.Surname}`],
    ['Claim number', data.ClaimNumber],
    ['Date of birth', formatDisplayDate(data.DateOfBirth)],
    ['Date of accident', formatDisplayDate(data.DateOfAccident)],
    [
      'Address',
      [data.Address.AddressLine1, data.Address.AddressLine2, data.Address.AddressLine3].filter(Boolean).join(', '),
    ],
  ] as const)
    await write(`${label}: ${value}`);
  y -= 8;
  for (const para of AUTHORITY_CONSENT)
    await write(fillMessage(para, { provider: p.name, shortName: p.shortName }), { gap: 8 });
  y -= 8;
  if (signature.method === 'drawn') {
    let image;
    try {
      image = await pdf.embedPng(signature.png);
    } catch {
      // Passed the bounded check yet pdf-lib cannot read it (a filter byte it rejects, say).
      throw new AppError(ErrorNumber.SignatureNotAccepted, undefined, 'Signature');
    }
    const scale = Math.min(240 / image.width, 90 / image.height, 1);
    await write('Signature:', { bold: true });
    page.drawImage(image, {
      x: 50,
      y: y - image.height * scale,
      width: image.width * scale,
      height: image.height * scale,
    });
    y -= image.height * scale + 12;
  } else {
    await write(`Signed by typing the full name: ${signature.name}`, { bold: true });
    await write('The claimant typed their name and ticked the declaration in place of a drawn signature.');
  }
  const when = dateTimeFormat('en-AU', { timeZone: PROVIDER_TIME_ZONE, dateStyle: 'long', timeStyle: 'long' }).format(
    signedAt,
  );
  await write(`Initials: ${data.Initials}    Signed: ${when}`);
  await write(`Submitted through the claimant portal, recorded at ${signedAt.toISOString()}.`, { size: 9 });
  return text.save();
}

/** The form is made at the submit: signed and sent at once, with the PDF as its one file. */
export async function submitAuthority(
  deps: Deps,
  store: FileStore,
  auth: AuthContext,
  claimId: string,
  input: { signature: Signature; idempotencyKey: string },
) {
  return submitForm(deps, auth, claimId, 'authority', { IdempotencyKey: input.idempotencyKey }, async (form, now) => {
    const signature = checkedSignature(deps, input.signature);
    const data = await findAuthorityFormData(deps, auth, claimId);
    const staged = await store.stage(Readable.from(await renderPdf(deps, data, signature, new Date(now))));
    const key = await staged.commit();
    const fileId = newId();
    return {
      data: JSON.stringify({ SignatureMethod: input.signature.method }),
      files: [],
      record: (trx) =>
        insertFile(trx, {
          id: fileId,
          account_id: auth.accountId,
          claim_id: claimId,
          form_type: 'authority',
          form_id: form.id,
          description: 'Signed authority to release information',
          original_name: `Authority-to-release-information-${data.ClaimNumber.replace('/', '-')}.pdf`,
          size: staged.size,
          mime: 'application/pdf',
          sha256: staged.sha256,
          storage_key: key,
          created_at: now,
          submitted_at: now,
        }),
      abandon: () => store.remove(key),
      sentItem: { type: 'Authority form', subject: 'Authority to release information', message: '' },
      event: (submitted) => ({
        kind: 'authority-form',
        payload: { ...submitted, FileId: fileId, SignatureMethod: input.signature.method },
      }),
    };
  });
}
