/**
 * Time rules of the provider's call line and reply promise, in Melbourne time (daylight saving
 * included): the contact number is shown while the call line is open, and an enquiry gets a
 * reply-by date (a reimbursement claim a pay-by date) 10 working days after it was sent, skipping
 * weekends and Victorian public holidays (VIC_PUBLIC_HOLIDAYS — docs/operations/public-holidays.md says how to update it).
 */
import { PROVIDER_TIME_ZONE } from './constants.ts';
import { isoToday } from './today.ts';
import { dateTimeFormat } from './intl.ts';

/** Spec 001 §9: the support line is staffed 8:30am–5:30pm weekdays (minutes after midnight). */
export const CALL_LINE_HOURS = { opensAt: 8 * 60 + 30, closesAt: 17 * 60 + 30 } as const;

/** Spec 001 §9: enquiries are answered within 10 working days. */
export const ENQUIRY_REPLY_WORKING_DAYS = 10;

/** Spec 001 "Thank-you pages": reimbursement payments are usually made within 10 business days. */
export const REIMBURSEMENT_PAYMENT_WORKING_DAYS = 10;

/**
 * Victorian public holidays on which the provider's office is closed ('yyyy-mm-dd'). Days that
 * fall on a weekend are listed with their substitute weekday. The AFL Grand Final eve holiday
 * is set by the government each year: the dates for 2026–2028 are the expected Fridays.
 */
export const VIC_PUBLIC_HOLIDAYS: readonly string[] = [
  // 2025
  '2025-01-01',
  '2025-01-27',
  '2025-03-10',
  '2025-04-18',
  '2025-04-21',
  '2025-04-25',
  '2025-06-09',
  '2025-09-26',
  '2025-11-04',
  '2025-12-25',
  '2025-12-26',
  // 2026
  '2026-01-01',
  '2026-01-26',
  '2026-03-09',
  '2026-04-03',
  '2026-04-06',
  '2026-06-08',
  '2026-09-25',
  '2026-11-03',
  '2026-12-25',
  '2026-12-28',
  // 2027
  '2027-01-01',
  '2027-01-26',
  '2027-03-08',
  '2027-03-26',
  '2027-03-29',
  '2027-06-14',
  '2027-09-24',
  '2027-11-02',
  '2027-12-27',
  '2027-12-28',
  // 2028
  '2028-01-03',
  '2028-01-26',
  '2028-03-13',
  '2028-04-14',
  '2028-04-17',
  '2028-04-25',
  '2028-06-12',
  '2028-09-29',
  '2028-11-07',
  '2028-12-25',
  '2028-12-26',
];
const HOLIDAYS = new Set(VIC_PUBLIC_HOLIDAYS);

function melbourneParts(now: Date): { weekday: number; minutes: number } {
  const parts = dateTimeFormat('en-AU', {
    timeZone: PROVIDER_TIME_ZONE,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
  return { weekday, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}

/** Whether the call line is open at `now`: Monday–Friday, 8:30am up to 5:30pm Melbourne time. */
export function isCallLineOpen(now: Date): boolean {
  const { weekday, minutes } = melbourneParts(now);
  return weekday >= 1 && weekday <= 5 && minutes >= CALL_LINE_HOURS.opensAt && minutes < CALL_LINE_HOURS.closesAt;
}

function weekdayOf(iso: string): number {
  return new Date(`${iso}T00:00:00Z`).getUTCDay();
}

function nextDay(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export function isWorkingDay(iso: string): boolean {
  const day = weekdayOf(iso);
  return day !== 0 && day !== 6 && !HOLIDAYS.has(iso);
}

/** The date `days` working days after the calendar date `iso`. */
export function addWorkingDays(iso: string, days: number): string {
  let date = iso;
  for (let left = days; left > 0;) {
    date = nextDay(date);
    if (isWorkingDay(date)) left--;
  }
  return date;
}

/** The reply-by date of an enquiry sent at `sentAt` (its Melbourne calendar date + 10 working days). */
export function enquiryReplyBy(sentAt: Date): string {
  return addWorkingDays(isoToday(sentAt, PROVIDER_TIME_ZONE), ENQUIRY_REPLY_WORKING_DAYS);
}

/**
 * The date by which a reimbursement claim sent at `sentAt` is usually paid, if it is approved:
 * counted as an enquiry's reply-by date is (its Melbourne calendar date + 10 working days).
 */
export function reimbursementPayBy(sentAt: Date): string {
  return addWorkingDays(isoToday(sentAt, PROVIDER_TIME_ZONE), REIMBURSEMENT_PAYMENT_WORKING_DAYS);
}

/**
 * A moment as a claimant reads it, in Melbourne time, rounded up to the minute: "3:45pm" when it is
 * on the same day as `now`, otherwise "10:00am on Sunday 22 November".
 */
export function providerTimeWords(at: Date, now: Date): string {
  const minute = new Date(Math.ceil(at.getTime() / 60_000) * 60_000);
  const time = dateTimeFormat('en-AU', {
    timeZone: PROVIDER_TIME_ZONE,
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  })
    .format(minute)
    .replace(/\s/g, '')
    .toLowerCase();
  const day = (d: Date) =>
    dateTimeFormat('en-AU', { timeZone: PROVIDER_TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long' }).format(d);
  return day(minute) === day(now) ? time : `${time} on ${day(minute).replace(',', '')}`;
}
