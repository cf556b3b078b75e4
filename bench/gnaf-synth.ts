/**
 * A synthetic G-NAF Core file (the layout apps/server's importer reads) of any size, built from
 * real names: Victoria's localities and postcodes weighted by their real address counts
 * (localities-au.csv), and street names taken from the real G-NAF sample and the street
 * addresses of the BSB directory. Deterministic: a seeded PRNG, so every run indexes the same
 * addresses.
 *
 *   npx tsx gnaf-synth.ts <out.psv> [count]
 */
import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { seededRandom } from './lib/prng.ts';
import { REFERENCE_DATA_DIR } from './lib/paths.ts';

export const GNAF_COLUMNS = [
  'ADDRESS_DETAIL_PID',
  'DATE_CREATED',
  'ADDRESS_LABEL',
  'ADDRESS_SITE_NAME',
  'BUILDING_NAME',
  'FLAT_TYPE',
  'FLAT_NUMBER',
  'LEVEL_TYPE',
  'LEVEL_NUMBER',
  'NUMBER_FIRST',
  'NUMBER_LAST',
  'LOT_NUMBER',
  'STREET_NAME',
  'STREET_TYPE',
  'STREET_SUFFIX',
  'LOCALITY_NAME',
  'STATE',
  'POSTCODE',
  'LEGAL_PARCEL_ID',
  'MB_CODE',
  'ALIAS_PRINCIPAL',
  'PRINCIPAL_PID',
  'PRIMARY_SECONDARY',
  'PRIMARY_PID',
  'GEOCODE_TYPE',
  'LONGITUDE',
  'LATITUDE',
] as const;

/** Street types by their share of the real sample (STREET and ROAD dominate, as in Victoria). */
const STREET_TYPES = [
  'STREET',
  'ROAD',
  'DRIVE',
  'AVENUE',
  'COURT',
  'LANE',
  'CRESCENT',
  'WAY',
  'CLOSE',
  'CIRCUIT',
  'PLACE',
  'PARADE',
  'BOULEVARD',
  'GROVE',
  'HIGHWAY',
  'TERRACE',
] as const;
const STREET_TYPE_WEIGHTS = [171, 127, 33, 26, 20, 11, 11, 7, 7, 6, 5, 5, 5, 4, 3, 1];
const ABBREVIATIONS: Record<string, (typeof STREET_TYPES)[number]> = {
  ST: 'STREET',
  STREET: 'STREET',
  RD: 'ROAD',
  ROAD: 'ROAD',
  DR: 'DRIVE',
  DRIVE: 'DRIVE',
  AVE: 'AVENUE',
  AV: 'AVENUE',
  AVENUE: 'AVENUE',
  CT: 'COURT',
  COURT: 'COURT',
  LANE: 'LANE',
  LN: 'LANE',
  CRES: 'CRESCENT',
  CRESCENT: 'CRESCENT',
  WAY: 'WAY',
  CL: 'CLOSE',
  CLOSE: 'CLOSE',
  CCT: 'CIRCUIT',
  CIRCUIT: 'CIRCUIT',
  PL: 'PLACE',
  PLACE: 'PLACE',
  PDE: 'PARADE',
  PARADE: 'PARADE',
  BLVD: 'BOULEVARD',
  BOULEVARD: 'BOULEVARD',
  GR: 'GROVE',
  GROVE: 'GROVE',
  HWY: 'HIGHWAY',
  HIGHWAY: 'HIGHWAY',
  TCE: 'TERRACE',
  TERRACE: 'TERRACE',
};

type Locality = { name: string; postcode: string; weight: number };

function readLocalities(dir: string): Locality[] {
  const lines = fs.readFileSync(path.join(dir, 'address/localities-au.csv'), 'utf8').split(/\r?\n/).slice(1);
  const out: Locality[] = [];
  for (const line of lines) {
    const [name, state, postcode, count] = line.split(',');
    if (state !== 'VIC' || !name || !postcode) continue;
    out.push({ name: name.toUpperCase(), postcode, weight: Math.max(1, Number(count) || 1) });
  }
  return out;
}

/** Real street names: the G-NAF sample's STREET_NAME column, and the street part of BSB branch addresses. */
export function readStreetNames(dir: string): string[] {
  const names = new Set<string>();
  const sample = fs.readFileSync(path.join(dir, 'address/gnaf-core-vic-sample.psv'), 'utf8').split(/\r?\n/);
  const header = (sample[0] ?? '').split('|');
  const col = header.indexOf('STREET_NAME');
  for (const line of sample.slice(1)) {
    const name = line.split('|')[col]?.trim();
    if (name) names.add(name.toUpperCase());
  }
  const bsb = fs.readFileSync(path.join(dir, 'bsb/BSBDirectory.csv'), 'utf8').split(/\r?\n/);
  for (const line of bsb) {
    const address = /^"[^"]*","[^"]*","[^"]*","([^"]*)"/.exec(line)?.[1];
    if (!address) continue;
    // "Level 17, 530 Collins Street" → the last part; "Shop 3 12-14 High St" → "HIGH"
    const last = address.split(',').pop()?.trim().toUpperCase() ?? '';
    const m = /(?:^|\s)\d+[A-Z]?(?:-\d+[A-Z]?)?\s+([A-Z][A-Z' ]*?)\s+([A-Z]+)$/.exec(last);
    if (
      m?.[1] &&
      m[2] &&
      ABBREVIATIONS[m[2]] &&
      m[1].length >= 3 &&
      !/\b(SHOP|LEVEL|UNIT|SUITE|KIOSK|CNR|CORNER)\b/.test(m[1])
    ) {
      names.add(m[1].replace(/'/g, ''));
    }
  }
  return [...names].sort();
}

/**
 * Writes `count` addresses. Each locality gets its share of `count` by its real address count,
 * spread over streets of about 40 addresses; about one in eight is a unit, one in fifty a lot.
 */
export async function writeSyntheticGnaf(
  file: string,
  count: number,
  seed = 20261121,
  dataDir = REFERENCE_DATA_DIR,
): Promise<{ rows: number; localities: number; streetNames: number }> {
  const random = seededRandom(seed);
  const localities = readLocalities(dataDir);
  const streetNames = readStreetNames(dataDir);
  const totalWeight = localities.reduce((s, l) => s + l.weight, 0);
  const out = fs.createWriteStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 });
  let buffer = `${GNAF_COLUMNS.join('|')}\n`;
  const write = async (text: string) => {
    buffer += text;
    if (buffer.length < 1 << 20) return;
    if (!out.write(buffer)) await once(out, 'drain');
    buffer = '';
  };
  let rows = 0;
  let carry = 0;
  for (const [i, locality] of localities.entries()) {
    // Largest-remainder rounding so the shares add up to exactly `count`.
    const exact = (count * locality.weight) / totalWeight + carry;
    const n = i === localities.length - 1 ? count - rows : Math.floor(exact);
    carry = exact - n;
    if (n <= 0) continue;
    const streets = Array.from({ length: Math.max(1, Math.round(n / 40)) }, () => ({
      name: random.pick(streetNames),
      type: random.weighted(STREET_TYPES, STREET_TYPE_WEIGHTS),
      length: 0,
    }));
    for (let k = 0; k < n; k++) {
      const street = random.pick(streets);
      const pid = `GAVIC${String(410_000_000 + rows).padStart(9, '0')}`;
      const roll = random.next();
      let flatType = '';
      let flatNumber = '';
      let number = '';
      let lot = '';
      let label: string;
      const tail = `${street.name} ${street.type}, ${locality.name} VIC ${locality.postcode}`;
      if (roll < 0.02) {
        lot = String(random.int(1, 400));
        label = `LOT ${lot} ${tail}`;
      } else {
        street.length += 1;
        number = String(random.int(1, Math.max(20, street.length * 2)));
        if (roll < 0.14) {
          flatType = roll < 0.13 ? 'UNIT' : 'FLAT';
          flatNumber = String(random.int(1, 24));
          label = `${flatType} ${flatNumber}, ${number} ${tail}`;
        } else {
          label = `${number} ${tail}`;
        }
      }
      const cells = [
        pid,
        '',
        label,
        '',
        '',
        flatType,
        flatNumber,
        '',
        '',
        number,
        '',
        lot,
        street.name,
        street.type,
        '',
        locality.name,
        'VIC',
        locality.postcode,
        '',
        '',
        'P',
        '',
        '',
        '',
        'PROPERTY CENTROID',
        '',
        '',
      ];
      await write(`${cells.join('|')}\n`);
      rows += 1;
    }
  }
  out.write(buffer);
  out.end();
  await once(out, 'finish');
  return { rows, localities: localities.length, streetNames: streetNames.length };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, count] = process.argv.slice(2);
  if (!file) {
    console.error('usage: tsx gnaf-synth.ts <out.psv> [count]');
    process.exit(1);
  }
  const result = await writeSyntheticGnaf(file, Number(count ?? 3_900_000));
  console.log(result);
}
