/**
 * The zod-free pieces the web app's first download uses (the /login budget) agree with the
 * schemas they stand beside: the route table with ENDPOINTS, parseInformation with Information.
 */
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_ENDPOINTS,
  ANALYTICS_ENDPOINTS,
  CONTENT_ENDPOINTS,
  ENDPOINTS,
  ENDPOINT_AREAS,
  FORM_ENDPOINTS,
  HELPER_ENDPOINTS,
  Information,
  MESSAGE_ENDPOINTS,
  PAYMENT_ENDPOINTS,
  ROUTES,
  SECURITY_ENDPOINTS,
  SIGN_IN_ENDPOINTS,
  endpointArea,
  parseInformation,
  stripSpaces,
  username,
  type EndpointArea,
} from '../src/index.ts';

const PROVIDER = {
  Name: 'Transport Accident Commission',
  ShortName: 'TAC',
  Phone: '1300 654 329',
  CallHours: '8.30 am to 5 pm',
  FreeCallPhone: '1800 332 556',
  PrivacyEmail: 'privacy@example.com',
  Website: 'https://www.example.com',
};
const INFORMATION = { Version: '1.5.30', Commit: 'abc123', BuiltAt: '2026-11-22T00:00:00Z', Provider: PROVIDER };

describe('ROUTES', () => {
  it('is where every ENDPOINTS entry takes its method, path and auth from', () => {
    expect(Object.keys(ENDPOINTS)).toEqual(Object.keys(ROUTES));
    for (const [name, route] of Object.entries(ROUTES)) {
      const endpoint = ENDPOINTS[name as keyof typeof ENDPOINTS];
      expect({
        method: endpoint.method,
        path: endpoint.path,
        auth: endpoint.auth,
        ...('helper' in endpoint ? { helper: endpoint.helper } : {}),
      }).toEqual(route);
      expect(endpoint.summary.length).toBeGreaterThan(0);
    }
  });
});

describe('ENDPOINT_AREAS', () => {
  const tables: Record<EndpointArea, object> = {
    account: ACCOUNT_ENDPOINTS,
    forms: FORM_ENDPOINTS,
    messages: MESSAGE_ENDPOINTS,
    payments: PAYMENT_ENDPOINTS,
    content: CONTENT_ENDPOINTS,
    signIn: SIGN_IN_ENDPOINTS,
    security: SECURITY_ENDPOINTS,
    analytics: ANALYTICS_ENDPOINTS,
    helpers: HELPER_ENDPOINTS,
  };

  it('lists each area table exactly, and each call of ROUTES in one area', () => {
    for (const [area, names] of Object.entries(ENDPOINT_AREAS)) {
      expect(Object.keys(tables[area as EndpointArea]).sort()).toEqual([...names].sort());
    }
    const listed = Object.values(ENDPOINT_AREAS).flat();
    expect(listed.length).toBe(new Set(listed).size);
    expect([...listed].sort()).toEqual(Object.keys(ROUTES).sort());
  });

  it('answers the area whose table holds the call, with the same schemas as ENDPOINTS', () => {
    for (const name of Object.keys(ROUTES) as (keyof typeof ROUTES)[]) {
      const table = tables[endpointArea(name)] as Record<string, unknown>;
      expect(table[name]).toBe(ENDPOINTS[name]);
    }
    expect(() => endpointArea('noSuchCall' as keyof typeof ROUTES)).toThrow(/noSuchCall/);
  });
});

describe('parseInformation', () => {
  const samples: unknown[] = [
    INFORMATION,
    { ...INFORMATION, Extra: 'dropped' },
    { ...INFORMATION, Provider: { ...PROVIDER, Extra: 'dropped' } },
    { ...INFORMATION, Version: 5 },
    { ...INFORMATION, Provider: { ...PROVIDER, Phone: null } },
    { Version: '1', Commit: 'c', BuiltAt: 'b' },
    { ...INFORMATION, Provider: [] },
    [],
    null,
    'information',
  ];

  it('gives what the Information schema gives, or undefined where it fails', () => {
    for (const sample of samples) {
      const parsed = Information.safeParse(sample);
      expect(parseInformation(sample)).toEqual(parsed.success ? parsed.data : undefined);
    }
  });

  it('checks every field the schema has', () => {
    const fields = Object.keys(Information.shape);
    for (const field of fields) {
      const { [field as keyof typeof INFORMATION]: _dropped, ...without } = INFORMATION;
      expect(parseInformation(without)).toBeUndefined();
    }
    for (const field of Object.keys(PROVIDER)) {
      const { [field as keyof typeof PROVIDER]: _dropped, ...provider } = PROVIDER;
      expect(parseInformation({ ...INFORMATION, Provider: provider })).toBeUndefined();
    }
  });
});

describe('stripSpaces', () => {
  it('is the username rule’s own transform', () => {
    expect(stripSpaces(' alex. citizen@example.com ')).toBe('alex.citizen@example.com');
    expect(username.parse(' alex. citizen@example.com ')).toBe(stripSpaces(' alex. citizen@example.com '));
  });
});
