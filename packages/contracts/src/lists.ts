/** Constants only forms and pages read: their own module, so the web app's entry chunk does not carry them (the /login budget). */
import { LIMITS } from './constants.ts';

export const UPLOAD_TYPES = [
  'doc',
  'docx',
  'heic',
  'jpeg',
  'jpg',
  'png',
  'pdf',
  'tif',
  'tiff',
  'txt',
  'xls',
  'xlsx',
] as const;

/** The upload limits as every hint words them ("10MB", ".doc .docx …"), written from the limits themselves. */
export const UPLOAD_SIZE_TEXT = `${LIMITS.uploadMaxBytes / 1_048_576}MB`;
export const UPLOAD_TYPES_TEXT = UPLOAD_TYPES.map((t) => `.${t}`).join(' ');

/** Spec 000 §3: titles, fixed ids 1–7, default Mr. */
export const TITLES = [
  { Id: 1, Item: 'Dr' },
  { Id: 2, Item: 'Mr' },
  { Id: 3, Item: 'Mrs' },
  { Id: 4, Item: 'Ms' },
  { Id: 5, Item: 'Miss' },
  { Id: 6, Item: 'Prof' },
  { Id: 7, Item: 'Unknown' },
] as const;
export const DEFAULT_TITLE_ID = 2;

export const LIST_TYPES = [
  'SecurityQuestions',
  'ReceiptTypes',
  'DocumentFormTypes',
  'ContactCategories',
  'SentItemTypes',
  'UpdatePersonalReason',
] as const;
export type ListType = (typeof LIST_TYPES)[number];

/** Required wherever address suggestions are offered (G-NAF end-user licence). */
export const ADDRESS_ATTRIBUTION =
  'Incorporates or developed using G-NAF © Geoscape Australia licensed by the Commonwealth of Australia ' +
  'under the Open Geo-coded National Address File (G-NAF) End User Licence Agreement.';
