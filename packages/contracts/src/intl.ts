/**
 * Intl.DateTimeFormat instances, made once per locale and options: constructing one costs far
 * more than formatting with it (it loads locale and time-zone data), and the server formats
 * dates on every inbox page.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}
