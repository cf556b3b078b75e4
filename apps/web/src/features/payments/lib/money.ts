/**
 * Money on the payments screens: the server sends integer cents (never a float), totals are
 * added as integers, and only the display divides — Intl's en-AU currency format, in dollars.
 */
const AUD = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });

/** 123456 → '$1,234.56'. A negative amount (a payment the bank returned, shown as a deduction) keeps its sign. */
export function formatAud(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`an amount in cents must be a whole number: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.trunc(abs / 100);
  const rest = abs % 100;
  // Built from the two integers, so a large amount is never rounded through a binary fraction.
  const text = AUD.format(Number(`${dollars}.${String(rest).padStart(2, '0')}`));
  return `${sign}${text}`;
}

/** The exact sum of amounts in cents. */
export function sumCents(amounts: readonly number[]): number {
  let total = 0;
  for (const cents of amounts) total += cents;
  if (!Number.isSafeInteger(total)) throw new RangeError('the total is too large to add exactly');
  return total;
}
