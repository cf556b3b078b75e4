import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONTENT_NAMES, ErrorNumber, type Service } from '@portal/contracts';
import { seedContent } from '../src/db/seed/content.ts';
import { EARLIER_SERVICE_PAGES } from '../src/db/seed/services-earlier.ts';
import { SERVICES } from '../src/db/seed/services.ts';
import { sanitizeHtml } from '../src/lib/html.ts';
import { createApiKey } from '../src/modules/provider/keys.ts';
import { IDENTITY_GUESSES } from '../src/modules/registration/identity-guesses.ts';
import { SURVEY_THROTTLE } from '../src/modules/survey/service.ts';
import { DIALECTS, createTestApp, errorNumbers, type TestApp } from './helpers.ts';

/** Known XSS payloads (OWASP filter-evasion cheat sheet, trimmed to what an allow-list must stop). */
const XSS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<p onclick="alert(1)">x</p>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<iframe src="https://evil.example"></iframe>',
  '<object data="x.swf"></object>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<form action="https://evil.example"><input name=x></form>',
  '<body onload=alert(1)>',
  '<a href="//evil.example">x</a>',
  '<base href="https://evil.example/">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<div><scr<script>ipt>alert(1)</script></div>',
];

/** Anything of a payload that could run, load or send: none of it may survive. */
const DANGER =
  /<script|\son\w+\s*=|onerror|onload|onclick|javascript:|vbscript:|data:|<iframe|<object|<svg|<math|<style|<form|<base|<meta|style=|href="\/\//i;

describe('the stored-HTML allow-list', () => {
  it.each(XSS)('neutralises %s', (payload) => {
    expect(sanitizeHtml(payload)).not.toMatch(DANGER);
  });
  it('keeps document structure and ordinary links', () => {
    const html =
      '<h2>Title</h2><p>Call <a href="tel:1300654329">us</a> or see <a href="/privacypolicy">privacy</a> and <a href="https://www.vic.gov.au">Victoria</a>.</p><ul><li>one</li></ul>';
    expect(sanitizeHtml(html)).toBe(html);
  });
});

describe.each(DIALECTS)('content and services on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it.each(CONTENT_NAMES)('serves %s with the configured provider details', async (name) => {
    const res = await get(`/api/content/${name}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Name).toBe(name);
    expect(res.json().Html).not.toMatch(/\{(phone|provider|shortName|privacyEmail|freeCallPhone|callHours)\}/);
  });

  it('carries the facts of the spec into the terms', async () => {
    const html = (await get('/api/content/terms')).json().Html as string;
    expect(html).toContain('at least 16 years old');
    expect(html).toContain('14 days notice');
    expect(html).toContain('10 days');
    expect(html).toContain('1300 654 329');
    expect(html).toContain('1800 332 556');
    expect(html).toContain('privacy@example.com');
  });

  it('refuses unknown content names and services', async () => {
    expect(errorNumbers(await get('/api/content/secrets'))).toEqual([100]);
    expect(errorNumbers(await get('/api/services/servicedetail/9999'))).toEqual([ErrorNumber.NotFound]);
    expect(errorNumbers(await get('/api/services/servicedetail/abc'))).toEqual([100]);
  });

  it('serves the survey outro like the other documents', async () => {
    const html = (await get('/api/content/surveyoutro')).json().Html as string;
    expect(html).toContain('Thank you');
    expect(html).toContain('1300 654 329');
  });

  describe('known XSS payloads stored through the provider API and read back over HTTP', () => {
    let key: string;
    beforeAll(async () => {
      key = (await createApiKey(t.deps.db, t.clock.now(), { name: 'content editor', scopes: ['content:write'] })).key;
    });
    const put = (url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url, payload, headers: { authorization: `Bearer ${key}` } });

    // Each payload follows a paragraph naming it, so a document refused (and the one before kept)
    // cannot pass for one cleaned. (What follows an unclosed <svg> or <math> goes with it.)
    const around = (payload: string) => `<p>Payload ${XSS.indexOf(payload)}</p>${payload}<p>After</p>`;

    it.each(XSS)('a content document keeps nothing of %s', async (payload) => {
      expect((await put('/provider/v1/content/submitdocs', { Html: around(payload) })).statusCode).toBe(200);
      const html = (await get('/api/content/submitdocs')).json().Html as string;
      expect(html.startsWith(`<p>Payload ${XSS.indexOf(payload)}</p>`)).toBe(true);
      expect(html).not.toMatch(DANGER);
    });

    it.each(XSS)('a service page keeps nothing of %s, in the detail or in the list', async (payload) => {
      const body = { Name: 'Hearing aids', ExcessApplies: false, Icon: 'equipment', Html: around(payload), Sort: 5 };
      expect((await put('/provider/v1/services/900', body)).statusCode).toBe(200);
      const detail = (await get('/api/services/servicedetail/900')).json() as Service;
      const listed = ((await get('/api/services/servicelist')).json().approvedService as Service[]).find(
        (s) => s.id === 900,
      );
      expect(detail.content.startsWith(`<p>Payload ${XSS.indexOf(payload)}</p>`)).toBe(true);
      expect(detail.content).not.toMatch(DANGER);
      expect(listed?.content).toBe(detail.content);
      await t.deps.db.deleteFrom('services').where('id', '=', 900).execute();
    });
  });

  it('lists at least 15 services, each carrying its page as the detail does', async () => {
    const res = await get('/api/services/servicelist');
    const list = res.json().approvedService as Service[];
    expect(list.length).toBeGreaterThanOrEqual(15);
    expect(list.some((s) => s.ExcessApplies)).toBe(true);
    expect(list.some((s) => !s.ExcessApplies)).toBe(true);
    for (const s of list)
      expect(s.content, s.name).toBe((await get(`/api/services/servicedetail/${s.id}`)).json().content);
    // The whole catalogue with its pages stays small enough to send at once (decision 011).
    expect(res.body.length).toBeLessThan(40_000);
  });

  it('seeds a real page for every service: covered, who, how to claim, and the excess where it applies', async () => {
    const list = (await get('/api/services/servicelist')).json().approvedService as Service[];
    expect(list.map((s) => s.name)).toEqual(SERVICES.map((s) => s.name));
    for (const s of list) {
      const words = s.content
        .replace(/<[^>]+>/g, ' ')
        .split(/\s+/)
        .filter(Boolean).length;
      expect(words, s.name).toBeGreaterThanOrEqual(80);
      expect(words, s.name).toBeLessThanOrEqual(200);
      expect(s.content, s.name).toMatch(/^<p>/);
      for (const heading of ['What we can pay for', 'Who can get it', 'How to claim'])
        expect(s.content, s.name).toContain(`<h2>${heading}</h2>`);
      expect(s.content.includes('<h2>The medical excess</h2>'), s.name).toBe(s.ExcessApplies);
      expect(s.content, s.name).not.toMatch(/\{\w+\}/);
    }
  });

  it('brings pages an earlier seed wrote up to date, and keeps pages the provider changed', async () => {
    const [first, second] = SERVICES;
    const firstEarlier = EARLIER_SERVICE_PAGES[first?.name ?? '']?.[0] ?? '';
    expect(firstEarlier).not.toBe('');
    await t.deps.db.updateTable('services').set({ html: firstEarlier }).where('id', '=', 1).execute();
    await t.deps.db
      .updateTable('services')
      .set({ html: '<p>The provider wrote this.</p>' })
      .where('id', '=', 2)
      .execute();
    await seedContent(t.deps.db, t.clock.now());
    const rows = await t.deps.db
      .selectFrom('services')
      .select(['id', 'html'])
      .where('id', 'in', [1, 2])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 1, html: sanitizeHtml(first?.html ?? '') },
      { id: 2, html: '<p>The provider wrote this.</p>' },
    ]);
    await t.deps.db
      .updateTable('services')
      .set({ html: sanitizeHtml(second?.html ?? '') })
      .where('id', '=', 2)
      .execute();
  });
});

describe.each(DIALECTS)('self-assessment survey on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());
  const login = (ClaimNumber: string, DateOfBirth: string, remoteAddress = '198.51.100.1') =>
    t.post('/api/nid/nidlogin', { ClaimNumber, DateOfBirth, DeviceType: 0 }, { remoteAddress });

  it('identifies by claim number and date of birth, saves answers, resumes, submits and signs out at the outro', async () => {
    const first = await login('12/34567', '01/02/1980');
    expect(first.json().AcceptedTerms).toBe(false);
    const token = first.json().AccessToken as string;
    const assessment = (await t.post('/api/nid/getnidassessment', { AccessToken: token })).json();
    expect(assessment.Questions.length).toBeGreaterThanOrEqual(8);
    expect(assessment.Questions[0].CurrentAnswer).toBeNull();
    expect(assessment.Questions.map((q: { QuestionString: string }) => q.QuestionString).join('')).not.toContain(
      '{shortName}',
    );
    // The questions about mood can be left unsaid: "Prefer not to say" is an answer to each.
    const mood = assessment.Questions.filter((q: { QuestionString: string }) =>
      /worried or anxious|down or low/.test(q.QuestionString),
    );
    expect(mood).toHaveLength(2);
    for (const q of mood as { Answers: { Label: string }[] }[]) {
      expect(q.Answers.map((a) => a.Label)).toContain('Prefer not to say');
    }
    const answerAll = assessment.Questions.map(
      (q: { QuestionId: number; Answers: { Label: string; Value: string }[] }) => ({
        QuestionId: q.QuestionId,
        CurrentAnswer: q.Answers[0],
      }),
    );
    expect(
      (
        await t.post('/api/nid/updatenidassessment', {
          AccessToken: token,
          FormID: assessment.FormID,
          AcceptedTerms: true,
          Questions: answerAll.slice(0, 3),
        })
      ).json(),
    ).toBe(true);

    // A returning person resumes with saved answers and the terms choice.
    const again = await login('12/34567', '01/02/1980');
    expect(again.json().AcceptedTerms).toBe(true);
    const resumed = (await t.post('/api/nid/getnidassessment', { AccessToken: again.json().AccessToken })).json();
    expect(resumed.FormID).toBe(assessment.FormID);
    expect(resumed.Questions.slice(0, 3).every((q: { CurrentAnswer: unknown }) => q.CurrentAnswer !== null)).toBe(true);

    expect(errorNumbers(await t.post('/api/nid/submitnidassessment', { AccessToken: token }))).toEqual([100]);
    await t.post('/api/nid/updatenidassessment', {
      AccessToken: token,
      FormID: assessment.FormID,
      AcceptedTerms: true,
      Questions: answerAll,
    });
    expect((await t.post('/api/nid/submitnidassessment', { AccessToken: token })).json()).toBe(true);
    const queued = await t.deps.db.selectFrom('provider_outbox').select(['kind', 'payload']).execute();
    expect(queued.map((q) => q.kind)).toEqual(['self-assessment']);
    expect(JSON.parse(queued[0]?.payload ?? '{}').Answers).toHaveLength(answerAll.length);

    const outro = (await t.post('/api/nid/getnidoutro', { AccessToken: token })).json();
    expect(outro.IsRegistered).toBe(false);
    expect(outro.OutroMessage).toContain('Thank you');
    expect(errorNumbers(await t.post('/api/nid/getnidassessment', { AccessToken: token }))).toEqual([
      ErrorNumber.SessionRevoked,
    ]);
  });

  it('lets someone decline: terms not accepted, submitted with no answers, outro for a registered claimant', async () => {
    const token = (await login('22/11111', '30/01/1990')).json().AccessToken;
    const { FormID } = (await t.post('/api/nid/getnidassessment', { AccessToken: token })).json();
    await t.post('/api/nid/updatenidassessment', { AccessToken: token, FormID, AcceptedTerms: false, Questions: [] });
    expect((await t.post('/api/nid/submitnidassessment', { AccessToken: token })).json()).toBe(true);
    expect((await t.post('/api/nid/getnidoutro', { AccessToken: token })).json().IsRegistered).toBe(true);
  });

  it('keeps survey and claimant tokens apart', async () => {
    const survey = (await login('22/11111', '30/01/1990')).json().AccessToken;
    expect(errorNumbers(await t.post('/api/claim/getclaims', { AccessToken: survey }))).toEqual([
      ErrorNumber.SessionUnknown,
    ]);
    const claimant = await t.signIn('sam.single@example.com');
    expect(errorNumbers(await t.post('/api/nid/getnidassessment', { AccessToken: claimant }))).toEqual([
      ErrorNumber.SessionUnknown,
    ]);
  });

  it('refuses a wrong date of birth with the same answer as an unknown claim, and locks the source for that claim, not the claimant', async () => {
    const wrong = await login('20/22222', '01/01/1960', '198.51.100.7');
    const unknown = await login('99/99999', '01/01/1960', '198.51.100.8');
    expect(errorNumbers(wrong)).toEqual([56]);
    expect(wrong.body).toBe(unknown.body);
    for (let i = 1; i < IDENTITY_GUESSES.source.threshold; i++) await login('20/22222', '01/01/1960', '198.51.100.7');
    // That address is locked for this claim number, even with the right date of birth ...
    expect(errorNumbers(await login('20/22222', '03/09/1958', '198.51.100.7'))).toEqual([
      ErrorNumber.RecoveryThrottled,
    ]);
    // ... and the claimant from another address is not.
    expect((await login('20/22222', '03/09/1958', '198.51.100.99')).statusCode).toBe(200);
    t.clock.advance(IDENTITY_GUESSES.source.baseMs);
    expect((await login('20/22222', '03/09/1958', '198.51.100.7')).statusCode).toBe(200);
  });

  it('keeps no claim number in the throttle: the keys are keyed hashes', async () => {
    await login('20/33333', '01/01/1960', '198.51.100.40');
    const keys = (await t.deps.db.selectFrom('login_throttle').select('key').execute()).map((r) => r.key);
    expect(keys).toContain('sva:198.51.100.40');
    const claimKeys = keys.filter((k) => k.startsWith('ic:') || k.startsWith('icd:'));
    expect(claimKeys.length).toBeGreaterThan(0);
    expect(claimKeys.every((k) => /^ic:[0-9a-f]{64}$|^icd:[0-9a-f]{64}:\d{4}-\d\d-\d\d$/.test(k))).toBe(true);
    expect(keys.join(' ')).not.toMatch(/\d\d\/\d{5}|2033333/);
  });

  /** Moves both clocks on: the app's (throttle, database rate-limit store) and Date (the in-memory one on SQLite). */
  function later(ms: number): void {
    t.clock.advance(ms);
    vi.setSystemTime(Date.now() + ms);
  }

  it('throttles per address: failures across different claim numbers lock the address, not the claim', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const address = '203.0.113.50';
      const half = SURVEY_THROTTLE.address.threshold / 2;
      // Spread over two minutes: the per-minute limit (10) is not what is tested here.
      for (let i = 0; i < half; i++)
        expect(errorNumbers(await login(`31/${40000 + i}`, '01/01/1960', address))).toEqual([56]);
      later(61_000);
      for (let i = half; i < SURVEY_THROTTLE.address.threshold; i++)
        expect(errorNumbers(await login(`31/${40000 + i}`, '01/01/1960', address))).toEqual([56]);
      // Locked for this address, even with a right claim number and date of birth ...
      expect(errorNumbers(await login('22/11111', '30/01/1990', address))).toEqual([ErrorNumber.LoginThrottled]);
      // ... while the same person from another address gets in: the claim number is not locked.
      expect((await login('22/11111', '30/01/1990', '203.0.113.51')).statusCode).toBe(200);
      later(SURVEY_THROTTLE.address.baseMs);
      expect((await login('22/11111', '30/01/1990', address)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers at most 10 identity checks a minute from one address, right or wrong', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const address = '203.0.113.60';
      for (let i = 0; i < 10; i++) expect((await login('22/11111', '30/01/1990', address)).statusCode).toBe(200);
      expect(errorNumbers(await login('22/11111', '30/01/1990', address))).toEqual([ErrorNumber.RateLimited]);
      // Another address has its own count.
      expect((await login('22/11111', '30/01/1990', '203.0.113.61')).statusCode).toBe(200);
      later(61_000);
      expect((await login('22/11111', '30/01/1990', address)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});
