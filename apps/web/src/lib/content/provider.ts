/**
 * Provider identity (foundation issue): the server's configuration (PROVIDER_* variables), read
 * once at start-up from getinformation; the contracts' defaults stand until then and whenever the
 * server cannot be reached. The spec's {phone} and {provider} placeholders are filled from here.
 */
import { DEFAULT_PROVIDER, fillMessage, parseInformation, telHref, type ProviderIdentity } from '@portal/contracts';
import { call, type CallOptions } from '../request/call.ts';

export const provider: ProviderIdentity = { ...DEFAULT_PROVIDER };

/**
 * getinformation, checked with the contracts' parseInformation — the Information schema's check
 * without zod: this answer is read before the first render, and a first visit to /login does not
 * download zod (the /login JavaScript budget).
 */
const check: CallOptions<'getInformation'>['check'] = {
  safeParse(value) {
    const data = parseInformation(value);
    return data ? { success: true, data } : { success: false };
  },
};

/** Loads the configured identity before the first render; the defaults stand if it fails. */
export async function loadProvider(): Promise<void> {
  try {
    const info = await call('getInformation', {}, { check, silent: true });
    const p = info.Provider;
    Object.assign(provider, {
      name: p.Name,
      shortName: p.ShortName,
      phone: p.Phone,
      callHours: p.CallHours,
      freeCallPhone: p.FreeCallPhone,
      privacyEmail: p.PrivacyEmail,
      website: p.Website,
    } satisfies ProviderIdentity);
  } catch {
    // Offline (service worker) or server unavailable: keep the defaults.
  }
}

export function providerPhoneHref(): string {
  return telHref(provider.phone);
}

/** The product's name as the page title shows it (spec 000 §1: names the product as a web portal). */
export function productName(): string {
  return `${provider.shortName} Claimant Web Portal`;
}

/** Fills {phone}, {provider}, {shortName} in a spec text. */
export function fillProvider(text: string, extra: Record<string, string> = {}): string {
  return fillMessage(text, { phone: provider.phone, provider: provider.name, shortName: provider.shortName, ...extra });
}
