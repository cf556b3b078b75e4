import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorNumber } from '@portal/contracts';
import { sanitizeHtml } from '../src/lib/html.ts';
import { saveDocument } from '../src/modules/content/service.ts';
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

describe('the stored-HTML allow-list', () => {
  it.each(XSS)('neutralises %s', (payload) => {
    const clean = sanitizeHtml(payload);
    expect(clean).not.toMatch(/<script|onerror|onload|onclick|javascript:|vbscript:|data:|<iframe|<object|<svg|<math|<style|<form|<base|<meta|style=|href="\/\//i);
  });
  it('keeps document structure and ordinary links', () => {
    const html = '<h2>Title</h2><p>Call <a href="tel:1300654329">us</a> or see <a href="/privacypolicy">privacy</a> and <a href="https://www.vic.gov.au">Victoria</a>.</p><ul><li>one</li></ul>';
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

  it.each(['terms', 'privacy', 'notice', 'servicelist', 'submitdocs', 'surveyintro'])('serves %s with the configured provider details', async (name) => {
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

  it('sanitises content when it is stored', async () => {
    await saveDocument(t.deps, 'submitdocs', '<p onclick="x()">Send <a href="javascript:alert(1)">documents</a></p><script>alert(1)</script>');
    expect((await get('/api/content/submitdocs')).json().Html).toBe('<p>Send <a>documents</a></p>');
  });

  it('lists at least 15 services, each with a detail page', async () => {
    const list = (await get('/api/services/servicelist')).json().approvedService as { id: number; name: string; ExcessApplies: boolean; iconToShow: string }[];
    expect(list.length).toBeGreaterThanOrEqual(15);
    expect(list.some((s) => s.ExcessApplies)).toBe(true);
    expect(list.some((s) => !s.ExcessApplies)).toBe(true);
    const detail = (await get(`/api/services/servicedetail/${list[3]?.id}`)).json();
    expect(detail.name).toBe(list[3]?.name);
    expect(detail.content).toMatch(/^<p>/);
  });
});

describe.each(DIALECTS)('self-assessment survey on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());
  const login = (ClaimNumber: string, DateOfBirth: string, remoteAddress = '198.51.100.1') => t.post('/api/nid/nidlogin', { ClaimNumber, DateOfBirth, DeviceType: 0 }, { remoteAddress });

  it('identifies by claim number and date of birth, saves answers, resumes, submits and signs out at the outro', async () => {
    const first = await login('12/34567', '01/02/1980');
    expect(first.json().AcceptedTerms).toBe(false);
    const token = first.json().AccessToken as string;
    const assessment = (await t.post('/api/nid/getnidassessment', { AccessToken: token })).json();
    expect(assessment.Questions.length).toBeGreaterThanOrEqual(8);
    expect(assessment.Questions[0].CurrentAnswer).toBeNull();
    expect(assessment.Questions.map((q: { QuestionString: string }) => q.QuestionString).join('')).not.toContain('{shortName}');
    const answerAll = assessment.Questions.map((q: { QuestionId: number; Answers: { Label: string; Value: string }[] }) => ({ QuestionId: q.QuestionId, CurrentAnswer: q.Answers[0] }));
    expect((await t.post('/api/nid/updatenidassessment', { AccessToken: token, FormID: assessment.FormID, AcceptedTerms: true, Questions: answerAll.slice(0, 3) })).json()).toBe(true);

    // A returning person resumes with saved answers and the terms choice.
    const again = await login('12/34567', '01/02/1980');
    expect(again.json().AcceptedTerms).toBe(true);
    const resumed = (await t.post('/api/nid/getnidassessment', { AccessToken: again.json().AccessToken })).json();
    expect(resumed.FormID).toBe(assessment.FormID);
    expect(resumed.Questions.slice(0, 3).every((q: { CurrentAnswer: unknown }) => q.CurrentAnswer !== null)).toBe(true);

    expect(errorNumbers(await t.post('/api/nid/submitnidassessment', { AccessToken: token }))).toEqual([100]);
    await t.post('/api/nid/updatenidassessment', { AccessToken: token, FormID: assessment.FormID, AcceptedTerms: true, Questions: answerAll });
    expect((await t.post('/api/nid/submitnidassessment', { AccessToken: token })).json()).toBe(true);
    const queued = await t.deps.db.selectFrom('provider_outbox').select(['kind', 'payload']).execute();
    expect(queued.map((q) => q.kind)).toEqual(['self-assessment']);
    expect(JSON.parse(queued[0]?.payload ?? '{}').Answers).toHaveLength(answerAll.length);

    const outro = (await t.post('/api/nid/getnidoutro', { AccessToken: token })).json();
    expect(outro.IsRegistered).toBe(false);
    expect(outro.OutroMessage).toContain('Thank you');
    expect(errorNumbers(await t.post('/api/nid/getnidassessment', { AccessToken: token }))).toEqual([ErrorNumber.SessionRevoked]);
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
    expect(errorNumbers(await t.post('/api/claim/getclaims', { AccessToken: survey }))).toEqual([ErrorNumber.SessionUnknown]);
    const claimant = await t.signIn('sam.single@example.com');
    expect(errorNumbers(await t.post('/api/nid/getnidassessment', { AccessToken: claimant }))).toEqual([ErrorNumber.SessionUnknown]);
  });

  it('refuses a wrong date of birth with the same answer as an unknown claim, and throttles per claim number', async () => {
    const wrong = await login('20/22222', '01/01/1960', '198.51.100.7');
    const unknown = await login('99/99999', '01/01/1960', '198.51.100.8');
    expect(errorNumbers(wrong)).toEqual([56]);
    expect(wrong.body).toBe(unknown.body);
    for (let i = 1; i < SURVEY_THROTTLE.claim.threshold; i++) await login('20/22222', '01/01/1960', `198.51.100.${20 + i}`);
    // Locked for this claim number, even with the right date of birth from another address.
    expect(errorNumbers(await login('20/22222', '03/09/1958', '198.51.100.99'))).toEqual([ErrorNumber.LoginThrottled]);
    t.clock.advance(SURVEY_THROTTLE.claim.baseMs);
    expect((await login('20/22222', '03/09/1958', '198.51.100.99')).statusCode).toBe(200);
  });
});
