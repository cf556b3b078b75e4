/** The help line as a tel: link ({phone} in the spec), and the ways to reach it for those who need help to call. */
import { provider, providerPhoneHref } from '../lib/content/provider.ts';

export function PhoneLink({ className }: { className?: string }) {
  return (
    <a className={className} href={providerPhoneHref()}>
      {provider.phone}
    </a>
  );
}

/**
 * Help for people with little English and for people who are deaf or have a hearing or speech
 * impairment: the Translating and Interpreting Service (TIS National) and the National Relay
 * Service put them through to the help line. Shown in the footer, on the sign-in page and on the
 * error page (docs/decisions/027). Plain markup: it is part of the sign-in page's first download.
 */
export function CallHelp({ className }: { className?: string }) {
  return (
    <p className={className} data-testid="call-help">
      Need an interpreter? Call TIS National on <a href="tel:131450">131 450</a> and ask them to call us on{' '}
      <PhoneLink />. Deaf, or have a hearing or speech impairment? Use the National Relay Service: TTY{' '}
      <a href="tel:133677">133 677</a> or Speak and Listen <a href="tel:1300555727">1300 555 727</a>, then ask for{' '}
      <PhoneLink />.
    </p>
  );
}
