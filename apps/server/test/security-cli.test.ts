/**
 * The operator's and the claims system's view of second factors: `portal security
 * show|reset` and the provider API's SecondFactors — kinds only, never the factors; a reset
 * removes passkeys, authenticator and recovery codes, tells the claimant and is audited.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/run.ts';
import { newId } from '../src/lib/crypto.ts';
import * as repo from '../src/modules/security/repository.ts';
import { DIALECTS, createTestApp, type TestApp } from './helpers.ts';

describe.each(DIALECTS)('second factors for the operator on %s', (dialect) => {
  let t: TestApp;
  let accountId: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    const sam = await t.deps.db
      .selectFrom('accounts')
      .select(['id', 'claimant_id'])
      .where('username', '=', 'sam.single@example.com')
      .executeTakeFirstOrThrow();
    accountId = sam.id;
    await t.deps.db
      .updateTable('claimants')
      .set({ provider_ref: 'CL-SAM' })
      .where('id', '=', sam.claimant_id)
      .execute();
  });
  afterEach(() => t.close());

  async function cli(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(
      argv,
      { stdout: { write: (s) => out.push(s) }, stderr: { write: (s) => err.push(s) } },
      { deps: t.deps },
    );
    return { code, stdout: out.join(''), stderr: err.join('') };
  }

  /** A passkey row, an authenticator and recovery codes as the claimant's own ceremonies leave them. */
  async function giveFactors() {
    const now = t.clock.now();
    await repo.insertPasskey(t.deps.db, {
      id: newId(),
      account_id: accountId,
      credential_id: 'cred-1',
      public_key: 'pk',
      counter: 0,
      transports: '[]',
      name: 'Phone',
      created_at: now,
      last_used_at: null,
    });
    await repo.insertPendingAuthenticator(t.deps.db, {
      id: 'auth-1',
      account_id: accountId,
      secret_enc: 'sealed',
      confirmed_at: null,
      setup_expires_at: now + 60_000,
      last_step: 0,
      created_at: now,
    });
    await repo.confirmAuthenticator(t.deps.db, 'auth-1', 1, now);
    await t.deps.db.transaction().execute((trx) => repo.replaceRecoveryCodes(trx, accountId, ['h1', 'h2'], now));
  }

  it('shows the kinds only, in the CLI and the provider API', async () => {
    const none = await cli('security', 'show', 'CL-SAM');
    expect(none).toMatchObject({ code: 0, stdout: 'CL-SAM second factors: none (4-digit codes only)\n' });
    await giveFactors();
    const shown = await cli('security', 'show', 'CL-SAM', '--json');
    expect(JSON.parse(shown.stdout)).toEqual({
      ClaimantRef: 'CL-SAM',
      SecondFactors: { Passkey: true, Authenticator: true, RecoveryCodes: true },
    });
    expect(shown.stdout).not.toContain('cred-1');
    expect((await cli('security', 'show', 'CL-SAM')).stdout).toBe(
      'CL-SAM second factors: passkeys, authenticator app, recovery codes\n',
    );

    const key = JSON.parse(
      (await cli('apikey', 'create', '--name', 'claims', '--scopes', 'claimants:read', '--json')).stdout,
    ) as { Key: string };
    const read = await t.app.inject({
      method: 'GET',
      url: '/provider/v1/claimants/CL-SAM',
      headers: { authorization: `Bearer ${key.Key}` },
    });
    expect(read.json()).toMatchObject({
      SecondFactors: { Passkey: true, Authenticator: true, RecoveryCodes: true },
      VerifySignIn: false,
    });
    expect(read.body).not.toContain('cred-1');
    expect(read.body).not.toContain('Phone');
  });

  it('resets after an identity check: factors and recovery codes gone, the claimant told, audited', async () => {
    await giveFactors();
    const reset = await cli('security', 'reset', 'CL-SAM');
    expect(reset).toMatchObject({
      code: 0,
      stdout: 'Removed 1 passkey and the authenticator app of CL-SAM; the claimant is told by e-mail and SMS\n',
    });
    expect(await repo.factorKinds(t.deps.db, accountId)).toMatchObject({
      passkeys: 0,
      authenticator: false,
      recoveryCodesLeft: 0,
    });
    const audit = await t.deps.db.selectFrom('audit_events').select(['kind', 'account_id', 'session_id']).execute();
    expect(audit).toEqual([{ kind: 'second-factors-reset', account_id: accountId, session_id: null }]);
    const notices = await t.deps.db
      .selectFrom('notifications')
      .select(['kind', 'channel'])
      .where('account_id', '=', accountId)
      .execute();
    expect(notices.map((n) => `${n.kind} ${n.channel}`).sort()).toEqual([
      'security-notice:second factors reset email',
      'security-notice:second factors reset sms',
    ]);
    // Nothing left: says so, and tells nobody again.
    expect((await cli('security', 'reset', 'CL-SAM')).stdout).toBe(
      'CL-SAM had no passkey or authenticator app: nothing removed\n',
    );
    expect(await t.deps.db.selectFrom('audit_events').select('kind').execute()).toHaveLength(1);
  });

  it('names a claimant it cannot find, or one with no account', async () => {
    expect(await cli('security', 'reset', 'NOBODY')).toMatchObject({ code: 1 });
    expect((await cli('security', 'reset', 'NOBODY')).stderr).toContain('Claimant NOBODY not found');
    const unregistered = await t.deps.db
      .selectFrom('claimants')
      .select('id')
      .where('id', 'not in', t.deps.db.selectFrom('accounts').select('claimant_id'))
      .executeTakeFirstOrThrow();
    await t.deps.db
      .updateTable('claimants')
      .set({ provider_ref: 'CL-NOACCOUNT' })
      .where('id', '=', unregistered.id)
      .execute();
    const r = await cli('security', 'show', 'CL-NOACCOUNT');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('has no portal account');
  });
});
