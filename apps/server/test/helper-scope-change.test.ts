/**
 * People who help (decision 041), on SQLite and PostgreSQL: the claimant changes what a helper can
 * do — more only after the Security step-up, less without — from the helper's next request in
 * every process, the helper told and the claims system too; an appointment, an ended grant and
 * another claimant's helper are not found. And ending access while a helper's upload is under way
 * stops it at its next request.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorNumber, HELPER_LIMITS } from '@portal/contracts';
import { newId, newToken } from '../src/lib/crypto.ts';
import * as grants from '../src/modules/helpers/repository.ts';
import { tokenHash } from '../src/modules/session/service.ts';
import { CSRF, DIALECTS, createTestApp, errorNumbers, type TestApp } from './helpers.ts';
import { helperFixtures } from './helper-fixtures.ts';
import { nextMatching, useDelivery } from './mail-sink.ts';

const ALEX = 'alex.citizen@example.com';
const SAM = 'sam.single@example.com';
const CLAIM = '21/45678';

type Listed = { Id: string; Name: string; Scope: string; State: string; Appointed: boolean };

describe.each(DIALECTS)('changing what a helper can do on %s', (dialect) => {
  const mail = useDelivery();
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, { ...mail.env(), PUBLIC_URL: 'https://portal.test' });
  });
  afterEach(() => t.close());

  const { ok, accountOf, claimIdOf, helperChanges, stepUp: stepUpAs } = helperFixtures(() => t, mail);

  /** A grant of Alex's claim as an invitation writes it, optionally the claims system's appointment. */
  async function invitation(scope: 'View' | 'Send', appointment?: { ref: string }) {
    const token = newToken();
    await grants.insertInvitation(t.deps.db, {
      id: newId(),
      claimantAccountId: await accountOf(ALEX),
      claimId: await claimIdOf(CLAIM),
      name: 'Sam Single',
      contact: 'sam.helper@example.com',
      scope,
      endsOn: null,
      tokenHash: tokenHash(token),
      expiresAt: t.clock.now() + HELPER_LIMITS.invitationLifetimeMs,
      now: t.clock.now(),
      ...(appointment ? { appointment: { ref: appointment.ref, basis: 'attorney' as const } } : {}),
    });
    return token;
  }

  /** Sam, signed in, helping with Alex's claim at that scope, the claim selected. */
  async function samHelping(scope: 'View' | 'Send') {
    const sam = await t.signIn(SAM);
    await ok('/api/helpers/accept', { AccessToken: sam, Invitation: await invitation(scope) });
    await ok('/api/claim/selectclaim', { AccessToken: sam, Number: CLAIM });
    return sam;
  }

  const stepUp = (alex: string) => stepUpAs(alex, ALEX);

  /** A Send call (the documents form's draft): refused to a View helper with 160. */
  const sendMessage = (sam: string) => t.post('/api/documentupload/getdraftdocumentform', { AccessToken: sam });
  it('raises View to Send only with a secure token, from the helper’s next request; the helper and the claims system told', async () => {
    const sam = await samHelping('View');
    expect(errorNumbers(await sendMessage(sam))).toEqual([ErrorNumber.NotForHelpers]);
    const alex = await t.signIn(ALEX);
    const [h] = await ok<Listed[]>('/api/helpers/gethelpers', { AccessToken: alex });
    expect(h).toMatchObject({ Scope: 'View', State: 'Active', Appointed: false });
    // More access without the step-up, or with a made-up token, changes nothing.
    for (const extra of [{}, { SecureToken: 'made-up' }]) {
      const res = await t.post('/api/helpers/change', { AccessToken: alex, Id: h?.Id, Scope: 'Send', ...extra });
      expect(errorNumbers(res)).toEqual([ErrorNumber.SecureTokenRequired]);
    }
    expect(errorNumbers(await sendMessage(sam))).toEqual([ErrorNumber.NotForHelpers]);

    const up = await stepUp(alex);
    const changed = await ok<Listed>('/api/helpers/change', {
      AccessToken: up.AccessToken,
      SecureToken: up.SecureToken,
      Id: h?.Id,
      Scope: 'Send',
    });
    expect(changed).toMatchObject({ Id: h?.Id, Scope: 'Send', State: 'Active' });
    const sent = await sendMessage(sam);
    expect(sent.statusCode, sent.body).toBe(200);
    // The token is spent: a second raise after a lowering needs a new step-up.
    await ok('/api/helpers/change', { AccessToken: up.AccessToken, Id: h?.Id, Scope: 'View' });
    const again = await t.post('/api/helpers/change', {
      AccessToken: up.AccessToken,
      SecureToken: up.SecureToken,
      Id: h?.Id,
      Scope: 'Send',
    });
    expect(errorNumbers(again)).toEqual([ErrorNumber.SecureTokenRequired]);
    expect(errorNumbers(await sendMessage(sam))).toEqual([ErrorNumber.NotForHelpers]);

    const notice = await nextMatching(mail.smtp, 'sam.helper@example.com', /send documents, messages/);
    expect(notice.text).toContain(CLAIM);
    const samRef = await accountOf(SAM);
    expect((await helperChanges()).filter((c) => c.Change === 'changed')).toEqual([
      expect.objectContaining({ Scope: 'Send', HelperReference: samRef }),
      expect.objectContaining({ Scope: 'View', HelperReference: samRef }),
    ]);
    const audit = await t.deps.db
      .selectFrom('audit_events')
      .select('kind')
      .where('account_id', '=', await accountOf(ALEX))
      .where('kind', '=', 'helper-scope-changed')
      .execute();
    expect(audit).toHaveLength(2);
  });

  it('spends one secure token on one raise: of two sent at once with it, one is made and the other refused', async () => {
    await samHelping('View');
    await invitation('View');
    const alex = await t.signIn(ALEX);
    const ids = (await ok<Listed[]>('/api/helpers/gethelpers', { AccessToken: alex })).map((h) => h.Id);
    expect(ids).toHaveLength(2);
    const up = await stepUp(alex);
    const answers = await Promise.all(
      ids.map((Id) =>
        t.post('/api/helpers/change', { AccessToken: up.AccessToken, SecureToken: up.SecureToken, Id, Scope: 'Send' }),
      ),
    );
    expect(answers.map((a) => (a.statusCode === 200 ? 'made' : errorNumbers(a).join())).sort()).toEqual([
      String(ErrorNumber.SecureTokenRequired),
      'made',
    ]);
    const scopes = (await ok<Listed[]>('/api/helpers/gethelpers', { AccessToken: up.AccessToken }))
      .map((h) => h.Scope)
      .sort();
    expect(scopes).toEqual(['Send', 'View']);
  });

  it('changes an invitation not yet taken: the link then offers the new scope', async () => {
    const token = await invitation('Send');
    const alex = await t.signIn(ALEX);
    const [h] = await ok<Listed[]>('/api/helpers/gethelpers', { AccessToken: alex });
    await ok('/api/helpers/change', { AccessToken: alex, Id: h?.Id, Scope: 'View' });
    expect(await ok('/api/helpers/getinvitation', { Invitation: token })).toMatchObject({ Scope: 'View' });
    expect((await helperChanges()).at(-1)).toMatchObject({ Change: 'changed', Scope: 'View', HelperReference: null });
  });

  it('finds no appointment, no ended helper and no other claimant’s helper to change', async () => {
    await invitation('View', { ref: 'POA-1' });
    const ended = await invitation('View');
    const alex = await t.signIn(ALEX);
    const listed = await ok<Listed[]>('/api/helpers/gethelpers', { AccessToken: alex });
    const appointed = listed.find((h) => h.Appointed);
    expect(appointed).toBeDefined();
    const [endedRow] = await t.deps.db
      .selectFrom('helper_grants')
      .select('id')
      .where('token_hash', '=', tokenHash(ended))
      .execute();
    await ok('/api/helpers/withdraw', { AccessToken: alex, Id: endedRow?.id });
    for (const id of [appointed?.Id, endedRow?.id]) {
      const res = await t.post('/api/helpers/change', { AccessToken: alex, Id: id, Scope: 'View' });
      expect(errorNumbers(res), id).toEqual([ErrorNumber.NotFound]);
    }
    // Alex's helper as seen from another claimant's session, and Sam (the helper) changing their own.
    const other = await t.signIn('pat.trustee@example.com');
    const sam = await samHelping('View');
    const [mine] = (await ok<Listed[]>('/api/helpers/gethelpers', { AccessToken: alex })).filter(
      (h) => h.State === 'Active',
    );
    for (const token of [other, sam]) {
      const res = await t.post('/api/helpers/change', { AccessToken: token, Id: mine?.Id, Scope: 'View' });
      expect(errorNumbers(res)).toEqual([ErrorNumber.NotFound]);
    }
    // A scope the claimant cannot give, refused by the contract before anything is read.
    const act = await t.post('/api/helpers/change', { AccessToken: alex, Id: mine?.Id, Scope: 'Act' });
    expect(errorNumbers(act)).toEqual([ErrorNumber.Validation]);
    expect((await ok<Listed[]>('/api/helpers/gethelpers', { AccessToken: alex })).map((h) => h.Scope)).not.toContain(
      'Act',
    );
  });

  it('ending access while a helper’s upload is under way stops it at its next request', async () => {
    const sam = await samHelping('Send');
    const tus = (extra: Record<string, string>) => ({
      authorization: `Bearer ${sam}`,
      cookie: `__Host-XSRF-TOKEN=${CSRF}`,
      'x-xsrf-token': CSRF,
      'tus-resumable': '1.0.0',
      ...extra,
    });
    const meta = [`filename ${Buffer.from('letter.txt').toString('base64')}`, `formType ${btoa('documents')}`];
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/tus',
      headers: tus({ 'upload-length': '2000', 'upload-metadata': meta.join(',') }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const url = new URL(String(created.headers.location), 'https://portal.test').pathname;
    const half = Buffer.from('A line of a GP letter, typed.\n'.repeat(34).slice(0, 1000));
    const first = await t.app.inject({
      method: 'PATCH',
      url,
      headers: tus({ 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }),
      payload: half,
    });
    expect(first.statusCode, first.body).toBe(204);

    const alex = await t.signIn(ALEX);
    const [h] = await ok<Listed[]>('/api/helpers/gethelpers', { AccessToken: alex });
    await ok('/api/helpers/end', { AccessToken: alex, Id: h?.Id });

    const rest = await t.app.inject({
      method: 'PATCH',
      url,
      headers: tus({ 'upload-offset': '1000', 'content-type': 'application/offset+octet-stream' }),
      payload: half,
    });
    expect(rest.statusCode).toBe(404);
    const head = await t.app.inject({ method: 'HEAD', url, headers: tus({}) });
    expect(head.statusCode).toBe(404);
    expect(
      await t.deps.db.selectFrom('files').select('id').where('original_name', '=', 'letter.txt').execute(),
    ).toEqual([]);
  });
});
