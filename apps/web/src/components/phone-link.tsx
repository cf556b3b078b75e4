/** The help line as a tel: link ({phone} in the spec). */
import { provider, providerPhoneHref } from '../lib/provider.ts';

export function PhoneLink({ className }: { className?: string }) {
  return (
    <a className={className} href={providerPhoneHref()}>
      {provider.phone}
    </a>
  );
}
