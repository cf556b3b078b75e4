/**
 * The zod-free pieces the web app's first download uses (the /login budget) agree with the
 * schemas they stand beside: the route table with ENDPOINTS, parseInformation with Information.
 */
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, Information, ROUTES, parseInformation, stripSpaces, username } from '../src/index.ts';

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
      expect({ method: endpoint.method, path: endpoint.path, auth: endpoint.auth }).toEqual(route);
      expect(endpoint.summary.length).toBeGreaterThan(0);
    }
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
