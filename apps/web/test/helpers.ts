/** Test helpers: a scripted fetch that answers like the server (200, 225 lists, 415, …). */
import type { Account } from '@portal/contracts';
import { vi } from 'vitest';

export const HOME_ADDRESS = {
  ExperianSingleSelectedLine: '12 Collins Street, MELBOURNE VIC 3000',
  AddressLine1: '12 Collins Street',
  AddressLine2: 'MELBOURNE VIC 3000',
  AddressLine3: '',
};

type AccountChanges = Partial<Omit<Account, 'PersonalDetails' | 'ContactDetails'>> & {
  PersonalDetails?: Partial<Account['PersonalDetails']>;
  ContactDetails?: Partial<Account['ContactDetails']>;
};

/**
 * An account as getaccount answers it (Alex, no bank details, bank details verified); a test
 * names only what it is about. One fixture, so it grows with the contract in one place.
 */
export function accountFixture(changes: AccountChanges = {}): Account {
  const { PersonalDetails, ContactDetails, ...rest } = changes;
  return {
    PersonalDetails: {
      Title: 2,
      FirstName: 'Alex',
      MiddleNames: '',
      Surname: 'Citizen',
      DateOfBirth: '1985-04-12',
      ...PersonalDetails,
    },
    ContactDetails: {
      EmailAddress: 'alex@example.com',
      MobileNumber: '0412345678',
      PhoneNumber: { IntlNumber: '61', AreaCode: '', Number: '' },
      HomeAddressForDB: null,
      PostalAddressForDB: null,
      AreAddressesSame: true,
      ...ContactDetails,
    },
    BankAccountDetails: null,
    Preferences: { SMS: false, Email: true },
    BankDetailsCanEdit: true,
    BankDetailsVerified: true,
    IsStateTrustee: false,
    MobileEditDisabled: false,
    EmailEditDisabled: false,
    IsOneTimePassword: false,
    PersonalDetailsPendingSince: null,
    ...rest,
  };
}

export type Call = {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Record<string, unknown> | undefined;
};

type Answer = { status: number; body?: unknown; raw?: string };
/** A fixed answer, or one made from the call (a promise holds it back until the test lets it go). */
type Reply = Answer | ((call: Call) => Answer | Promise<Answer>);

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Installs a fetch mock. `routes` maps a path to its reply (or a function of the call). The
 * XSRF bootstrap (GET getinformation) sets the cookie like the server does.
 */
export function mockServer(routes: Record<string, Reply>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const method = init?.method ?? 'GET';
    const headers = { ...(init?.headers as Record<string, string> | undefined) };
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    const call: Call = { url, method, headers, body };
    calls.push(call);
    if (url === '/api/information/getinformation') {
      document.cookie = '__Host-XSRF-TOKEN=xsrf-123; path=/; secure';
      return jsonResponse(200, { Version: '1.5.30', Commit: 'abc', BuiltAt: '2026-01-01' });
    }
    // A route without a query string also answers the same path with one (GET lookups).
    const reply = routes[url] ?? routes[url.split('?')[0] ?? url];
    if (!reply) return jsonResponse(225, [{ Number: 1, Message: 'endpoint not available' }]);
    const resolved = typeof reply === 'function' ? await reply(call) : reply;
    if (resolved.raw !== undefined) return new Response(resolved.raw, { status: resolved.status });
    return jsonResponse(resolved.status, resolved.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, callsTo: (path: string) => calls.filter((c) => c.url === path) };
}

export const CLAIMS = [
  { Number: '12/34567', Date: '2024-03-05', Location: 'Geelong', Selected: false },
  { Number: '23/45678', Date: '2023-11-20', Location: null, Selected: false },
  { Number: '34/56789', Date: '2022-01-02', Location: 'Ballarat', Selected: false },
];

/**
 * What a control's aria-describedby reads, one entry per element it names, in order (a missing
 * element reads as "(no #id)", so a dangling reference fails the comparison rather than vanishing).
 */
export function descriptionOf(element: Element): string[] {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? `(no #${id})`);
}
