/**
 * Second factors: passkeys with real WebAuthn payloads from a software authenticator
 * (security-authenticator.ts; @simplewebauthn/server checks them for real), the authenticator
 * app with codes computed by otpauth at the test clock, and recovery codes — each as a step-up,
 * as the sign-in verification and (passkeys) as the sign-in itself; on SQLite and PostgreSQL.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { AccountActivated, CodeType, ErrorNumber, SECURITY_CODE_TYPE } from '@portal/contracts';
import { loadConfig } from '../src/config.ts';
import { dataCipher, deriveKey, sealedAt } from '../src/lib/crypto.ts';
import { resealAll } from '../src/modules/keys/service.ts';
import { DIALECTS, NEW_BROWSER, TEST_KEY, createTestApp, errorNumbers, type TestApp } from './helpers.ts';
import { nextCode, useDelivery } from './mail-sink.ts';
import { FLAGS, SoftAuthenticator } from './security-authenticator.ts';

const ORIGIN = 'https://portal.test';
const RP_ID = 'portal.test';
const SAM = 'sam.single@example.com';
const ALEX = 'alex.citizen@example.com';

type Options = { challenge: string; rp?: { id: string }; allowCredentials?: { id: string }[] };
type StepUp = { AccessToken: string; SecureToken: string; CodeType: number; ExpiresInSeconds: number };

describe.each(DIALECTS)('second factors on %s', (dialect) => {
  const mail = useDelivery();
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, { ...mail.env(), PUBLIC_URL: ORIGIN });
  });
  afterEach(() => t.close());

  const call = (path: string, body: Record<string, unknown>, options?: Parameters<TestApp['post']>[2]) =>
    t.post(`/api/security/${path}`, body, options);
  const ok = async <T>(path: string, body: Record<string, unknown>): Promise<T> => {
    const res = await call(path, body);
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    return res.json() as T;
  };
  const audits = async () =>
    (await t.deps.db.selectFrom('audit_events').select(['kind', 'changes']).orderBy('at').execute()).map((a) => a.kind);
  const notices = async () =>
    (await t.deps.db.selectFrom('notifications').select(['kind', 'channel']).execute())
      .map((n) => n.kind)
      .filter((k) => k.startsWith('security-notice:'));
  const accountId = async (username: string) =>
    (await t.deps.db.selectFrom('accounts').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

  /** A Security step-up with a real 4-digit code from the e-mail on record. */
  async function codeStepUp(token: string, to = SAM): Promise<StepUp> {
    await ok('sendsecuritycode', { AccessToken: token });
    const code = await nextCode(mail.smtp, to);
    return ok<StepUp>('stepup', {
      AccessToken: token,
      CodeType: SECURITY_CODE_TYPE,
      Proof: { Method: 'Code', SecurityCode: code },
    });
  }

  /** Adds a passkey made by `device` (a code step-up first): the new session token and the answer. */
  async function addPasskey(token: string, device: SoftAuthenticator, name = 'My phone', to = SAM) {
    const up = await codeStepUp(token, to);
    const { Options } = await ok<{ Options: Options }>('passkeyregistrationoptions', {
      AccessToken: up.AccessToken,
      SecureToken: up.SecureToken,
    });
    const answer = await ok<{ Passkey: { Id: string; Name: string }; RecoveryCodes: string[] | null }>(
      'registerpasskey',
      { AccessToken: up.AccessToken, Name: name, Response: device.register(Options) },
    );
    return { token: up.AccessToken, ...answer };
  }

  const newDevice = () => new SoftAuthenticator({ origin: ORIGIN, rpId: RP_ID });

  describe('passkey registration', () => {
    it('adds a passkey through a real ceremony, shows it, makes 10 recovery codes once, audits and tells', async () => {
      const token = await t.signIn(SAM);
      expect(await ok('getfactors', { AccessToken: token })).toEqual({
        Passkeys: [],
        MaxPasskeys: 5,
        Authenticator: { SetUp: false, CreatedAt: null },
        RecoveryCodesLeft: 0,
      });
      const up = await codeStepUp(token);
      const { Options } = await ok<{ Options: Options & { authenticatorSelection: unknown } }>(
        'passkeyregistrationoptions',
        { AccessToken: up.AccessToken, SecureToken: up.SecureToken },
      );
      expect(Options.rp).toMatchObject({ id: RP_ID });
      expect(Options.authenticatorSelection).toMatchObject({ userVerification: 'required', residentKey: 'required' });
      // Only algorithms whose signatures fit the contract's bounds (no ML-DSA's 2.4 KB signatures).
      expect(
        (Options as unknown as { pubKeyCredParams: { alg: number }[] }).pubKeyCredParams.map((p) => p.alg),
      ).toEqual([-8, -7, -257]);
      const device = newDevice();
      const added = await ok<{ Passkey: { Id: string; Name: string }; RecoveryCodes: string[] }>('registerpasskey', {
        AccessToken: up.AccessToken,
        Name: '  Work laptop ',
        Response: device.register(Options),
      });
      expect(added.Passkey.Name).toBe('Work laptop');
      expect(added.RecoveryCodes).toHaveLength(10);
      expect(new Set(added.RecoveryCodes).size).toBe(10);
      for (const c of added.RecoveryCodes) expect(c).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
      const factors = await ok<{
        Passkeys: { Id: string; CreatedAt: number; LastUsedAt: null }[];
        RecoveryCodesLeft: number;
      }>('getfactors', { AccessToken: up.AccessToken });
      expect(factors.Passkeys).toEqual([
        { Id: added.Passkey.Id, Name: 'Work laptop', CreatedAt: t.clock.now(), LastUsedAt: null },
      ]);
      expect(factors.RecoveryCodesLeft).toBe(10);
      // Only hashes are kept.
      const stored = await t.deps.db.selectFrom('recovery_codes').select('code_hash').execute();
      for (const c of added.RecoveryCodes) expect(JSON.stringify(stored)).not.toContain(c.replace('-', ''));
      expect(await audits()).toEqual(['passkey-added']);
      expect(await notices()).toEqual(['security-notice:passkey added', 'security-notice:passkey added']);

      // A second passkey makes no new codes.
      const second = await addPasskey(up.AccessToken, newDevice(), 'Tablet');
      expect(second.RecoveryCodes).toBeNull();
    });

    it('needs a Security secure token, spent once (114 otherwise)', async () => {
      const token = await t.signIn(SAM);
      expect(
        errorNumbers(await call('passkeyregistrationoptions', { AccessToken: token, SecureToken: 'nope' })),
      ).toEqual([ErrorNumber.SecureTokenRequired]);
      const up = await codeStepUp(token);
      await ok('passkeyregistrationoptions', { AccessToken: up.AccessToken, SecureToken: up.SecureToken });
      expect(
        errorNumbers(
          await call('passkeyregistrationoptions', { AccessToken: up.AccessToken, SecureToken: up.SecureToken }),
        ),
      ).toEqual([ErrorNumber.SecureTokenRequired]);
      // A Bank secure token is not a Security one.
      await t.post('/api/account/generatesecuritycodewhileloggedin', {
        AccessToken: up.AccessToken,
        CodeType: CodeType.Bank,
      });
      const bankCode = await nextCode(mail.smtp, SAM);
      const bank = await t.post('/api/account/validatesecuritycodewhileloggedin', {
        AccessToken: up.AccessToken,
        CodeType: CodeType.Bank,
        SecurityCode: bankCode,
      });
      const { AccessToken, SecureToken } = bank.json() as StepUp;
      expect(errorNumbers(await call('passkeyregistrationoptions', { AccessToken, SecureToken }))).toEqual([
        ErrorNumber.SecureTokenRequired,
      ]);
    });

    it.each([
      ['a wrong origin', { origin: 'https://evil.test' }],
      ['a wrong RP id', { rpId: 'evil.test' }],
      ['no user verification', { flags: FLAGS.UP }],
      ['the wrong ceremony type', { type: 'webauthn.get' }],
      ['an unknown challenge', { challenge: Buffer.from('made-up-challenge').toString('base64url') }],
    ])('refuses %s with 141 and keeps nothing', async (_what, ceremony) => {
      const token = await t.signIn(SAM);
      const up = await codeStepUp(token);
      const { Options } = await ok<{ Options: Options }>('passkeyregistrationoptions', {
        AccessToken: up.AccessToken,
        SecureToken: up.SecureToken,
      });
      const res = await call('registerpasskey', {
        AccessToken: up.AccessToken,
        Name: 'Phone',
        Response: newDevice().register(Options, ceremony),
      });
      expect(errorNumbers(res)).toEqual([ErrorNumber.FactorNotAccepted]);
      expect(await t.deps.db.selectFrom('passkeys').selectAll().execute()).toEqual([]);
      expect(await audits()).toEqual([]);
    });

    it('refuses a replayed registration (the challenge is spent) and a challenge from another session', async () => {
      const token = await t.signIn(SAM);
      const up = await codeStepUp(token);
      const { Options } = await ok<{ Options: Options }>('passkeyregistrationoptions', {
        AccessToken: up.AccessToken,
        SecureToken: up.SecureToken,
      });
      const device = newDevice();
      const response = device.register(Options);
      await ok('registerpasskey', { AccessToken: up.AccessToken, Name: 'Phone', Response: response });
      const again = await call('registerpasskey', { AccessToken: up.AccessToken, Name: 'Phone', Response: response });
      expect(errorNumbers(again)).toEqual([ErrorNumber.FactorNotAccepted]);

      // Alex answers a challenge made for Sam's session: refused.
      const up2 = await codeStepUp(up.AccessToken);
      const samOptions = await ok<{ Options: Options }>('passkeyregistrationoptions', {
        AccessToken: up2.AccessToken,
        SecureToken: up2.SecureToken,
      });
      const alex = await t.signIn(ALEX);
      const res = await call('registerpasskey', {
        AccessToken: alex,
        Name: 'Phone',
        Response: newDevice().register(samOptions.Options),
      });
      expect(errorNumbers(res)).toEqual([ErrorNumber.FactorNotAccepted]);
      expect(await t.deps.db.selectFrom('passkeys').select('name').execute()).toHaveLength(1);
    });

    it('refuses an expired challenge', async () => {
      const token = await t.signIn(SAM);
      const up = await codeStepUp(token);
      const { Options } = await ok<{ Options: Options }>('passkeyregistrationoptions', {
        AccessToken: up.AccessToken,
        SecureToken: up.SecureToken,
      });
      t.clock.advance(5 * 60_000);
      const res = await call('registerpasskey', {
        AccessToken: up.AccessToken,
        Name: 'Phone',
        Response: newDevice().register(Options),
      });
      expect(errorNumbers(res)).toEqual([ErrorNumber.FactorNotAccepted]);
    });

    it('keeps at most 5 passkeys (140), told before the step-up token is spent', async () => {
      const first = newDevice();
      let { token } = await addPasskey(await t.signIn(SAM), first, 'Key 0');
      // The step-ups of the next four are the first passkey (4-digit codes are 5 an hour).
      const passkeyStepUp = async () => {
        const { Options } = await ok<{ Options: Options }>('stepuppasskeyoptions', {
          AccessToken: token,
          CodeType: SECURITY_CODE_TYPE,
        });
        return ok<StepUp>('stepup', {
          AccessToken: token,
          CodeType: SECURITY_CODE_TYPE,
          Proof: { Method: 'Passkey', Response: first.assert(Options) },
        });
      };
      for (let i = 1; i < 5; i++) {
        const up = await passkeyStepUp();
        const { Options } = await ok<{ Options: Options }>('passkeyregistrationoptions', {
          AccessToken: up.AccessToken,
          SecureToken: up.SecureToken,
        });
        await ok('registerpasskey', {
          AccessToken: up.AccessToken,
          Name: `Key ${i}`,
          Response: newDevice().register(Options),
        });
        token = up.AccessToken;
      }
      const up = await passkeyStepUp();
      expect(
        errorNumbers(
          await call('passkeyregistrationoptions', { AccessToken: up.AccessToken, SecureToken: up.SecureToken }),
        ),
      ).toEqual([ErrorNumber.PasskeyLimit]);
      expect((await ok<{ Passkeys: unknown[] }>('getfactors', { AccessToken: up.AccessToken })).Passkeys).toHaveLength(
        5,
      );
      // The token was not spent: it still pays for removing one.
      const [oldest] = (await ok<{ Passkeys: { Id: string }[] }>('getfactors', { AccessToken: up.AccessToken }))
        .Passkeys;
      await ok('removepasskey', { AccessToken: up.AccessToken, Id: oldest?.Id, SecureToken: up.SecureToken });
    });

    it("answers not found for another claimant's passkey id (rename and remove), changing nothing", async () => {
      const sam = await addPasskey(await t.signIn(SAM), newDevice(), 'Sam phone');
      const alex = await t.signIn(ALEX);
      expect(
        errorNumbers(await call('renamepasskey', { AccessToken: alex, Id: sam.Passkey.Id, Name: 'Mine now' })),
      ).toEqual([ErrorNumber.NotFound]);
      const alexUp = await codeStepUp(alex, ALEX);
      expect(
        errorNumbers(
          await call('removepasskey', {
            AccessToken: alexUp.AccessToken,
            Id: sam.Passkey.Id,
            SecureToken: alexUp.SecureToken,
          }),
        ),
      ).toEqual([ErrorNumber.NotFound]);
      expect(await t.deps.db.selectFrom('passkeys').select('name').execute()).toEqual([{ name: 'Sam phone' }]);
    });

    it('renames (audited, told) and removes with a step-up; the last factor takes the recovery codes with it', async () => {
      const device = newDevice();
      const added = await addPasskey(await t.signIn(SAM), device);
      await ok('renamepasskey', { AccessToken: added.token, Id: added.Passkey.Id, Name: 'Old phone' });
      expect(
        errorNumbers(await call('removepasskey', { AccessToken: added.token, Id: added.Passkey.Id, SecureToken: 'x' })),
      ).toEqual([ErrorNumber.SecureTokenRequired]);
      // The step-up for the removal is the passkey itself.
      const { Options } = await ok<{ Options: Options }>('stepuppasskeyoptions', {
        AccessToken: added.token,
        CodeType: SECURITY_CODE_TYPE,
      });
      expect(Options.allowCredentials?.map((c) => c.id)).toEqual([device.id]);
      const up = await ok<StepUp>('stepup', {
        AccessToken: added.token,
        CodeType: SECURITY_CODE_TYPE,
        Proof: { Method: 'Passkey', Response: device.assert(Options) },
      });
      await ok('removepasskey', { AccessToken: up.AccessToken, Id: added.Passkey.Id, SecureToken: up.SecureToken });
      expect(await ok('getfactors', { AccessToken: up.AccessToken })).toMatchObject({
        Passkeys: [],
        RecoveryCodesLeft: 0,
      });
      expect(await audits()).toEqual(['passkey-added', 'passkey-renamed', 'passkey-removed']);
      expect(await notices()).toContain('security-notice:passkey removed');
      // A rename is audited but sends nothing: without a step-up it could be repeated to flood the claimant.
      expect(await notices()).not.toContain('security-notice:passkey renamed');
    });
  });

  describe('passkey authentication', () => {
    it('answers a bank-details step-up in place of the code, and the secure token pays for the edit', async () => {
      const device = newDevice();
      const { token } = await addPasskey(await t.signIn(SAM), device);
      const { Options } = await ok<{ Options: Options }>('stepuppasskeyoptions', {
        AccessToken: token,
        CodeType: CodeType.Bank,
      });
      const up = await ok<StepUp>('stepup', {
        AccessToken: token,
        CodeType: CodeType.Bank,
        Proof: { Method: 'Passkey', Response: device.assert(Options) },
      });
      expect(up.CodeType).toBe(CodeType.Bank);
      const edit = await t.post('/api/account/updatebankaccountdetails', {
        AccessToken: up.AccessToken,
        AccountName: 'Sam Single',
        Bsb: '063000',
        AccountNumber: '11223344',
        SecureToken: up.SecureToken,
      });
      expect(edit.statusCode, edit.body).toBe(200);
      const [passkey] = await ok<{ Passkeys: { LastUsedAt: number }[] }>('getfactors', {
        AccessToken: up.AccessToken,
      }).then((f) => f.Passkeys);
      expect(passkey?.LastUsedAt).toBe(t.clock.now());
    });

    it('refuses a replayed assertion, a wrong origin or RP id, a challenge of another kind, and no user verification', async () => {
      const device = newDevice();
      let { token } = await addPasskey(await t.signIn(SAM), device);
      const options = async (codeType: number = CodeType.Bank) =>
        (await ok<{ Options: Options }>('stepuppasskeyoptions', { AccessToken: token, CodeType: codeType })).Options;
      const stepUp = (response: unknown, codeType: number = CodeType.Bank) =>
        call('stepup', { AccessToken: token, CodeType: codeType, Proof: { Method: 'Passkey', Response: response } });

      const good = device.assert(await options());
      const first = await stepUp(good);
      expect(first.statusCode, first.body).toBe(200);
      token = (first.json() as StepUp).AccessToken;
      expect(errorNumbers(await stepUp(good))).toEqual([ErrorNumber.FactorNotAccepted]);

      for (const ceremony of [
        { origin: 'https://evil.test' },
        { rpId: 'evil.test' },
        { flags: FLAGS.UP },
        { type: 'webauthn.create' },
      ]) {
        expect(errorNumbers(await stepUp(device.assert(await options(), ceremony))), JSON.stringify(ceremony)).toEqual([
          ErrorNumber.FactorNotAccepted,
        ]);
      }
      // A challenge asked for a bank edit does not answer an e-mail one.
      expect(errorNumbers(await stepUp(device.assert(await options(CodeType.Bank)), CodeType.Email))).toEqual([
        ErrorNumber.FactorNotAccepted,
      ]);
      // A passkey nobody registered, signing properly.
      expect(errorNumbers(await stepUp(newDevice().assert(await options())))).toEqual([ErrorNumber.FactorNotAccepted]);
    });

    it("refuses another claimant's passkey for this claimant's step-up", async () => {
      const alexDevice = newDevice();
      await addPasskey(await t.signIn(ALEX), alexDevice, 'Alex phone', ALEX);
      const sam = await addPasskey(await t.signIn(SAM), newDevice());
      const { Options } = await ok<{ Options: Options }>('stepuppasskeyoptions', {
        AccessToken: sam.token,
        CodeType: CodeType.Bank,
      });
      const res = await call('stepup', {
        AccessToken: sam.token,
        CodeType: CodeType.Bank,
        Proof: { Method: 'Passkey', Response: alexDevice.assert(Options) },
      });
      expect(errorNumbers(res)).toEqual([ErrorNumber.FactorNotAccepted]);
    });

    it('refuses a signature counter that goes backwards (a cloned authenticator), and audits it', async () => {
      const device = new SoftAuthenticator({ origin: ORIGIN, rpId: RP_ID }, { counter: 10 });
      let { token } = await addPasskey(await t.signIn(SAM), device);
      const options = async () =>
        (await ok<{ Options: Options }>('stepuppasskeyoptions', { AccessToken: token, CodeType: CodeType.Bank }))
          .Options;
      const forward = await call('stepup', {
        AccessToken: token,
        CodeType: CodeType.Bank,
        Proof: { Method: 'Passkey', Response: device.assert(await options(), { counter: 15 }) },
      });
      expect(forward.statusCode, forward.body).toBe(200);
      token = (forward.json() as StepUp).AccessToken;
      for (const counter of [15, 12]) {
        const res = await call('stepup', {
          AccessToken: token,
          CodeType: CodeType.Bank,
          Proof: { Method: 'Passkey', Response: device.assert(await options(), { counter }) },
        });
        expect(errorNumbers(res)).toEqual([ErrorNumber.FactorNotAccepted]);
      }
      expect((await audits()).filter((k) => k === 'passkey-counter-regression')).toHaveLength(2);
      const stored = await t.deps.db.selectFrom('passkeys').select('counter').executeTakeFirstOrThrow();
      expect(Number(stored.counter)).toBe(15);
    });

    it('signs in with a passkey alone, on a browser never seen, and remembers the browser', async () => {
      const device = newDevice();
      await addPasskey(await t.signIn(SAM), device);
      const { Options } = await ok<{ Options: Options }>('passkeysigninoptions', {});
      expect(Options.allowCredentials ?? []).toEqual([]);
      const res = await call(
        'passkeysignin',
        { Response: device.assert(Options), RememberMe: false },
        { headers: NEW_BROWSER },
      );
      expect(res.statusCode, res.body).toBe(200);
      const signedIn = res.json() as { AccessToken: string; AccountActivated: number };
      expect(signedIn.AccountActivated).toBe(AccountActivated.Activated);
      expect(String(res.headers['set-cookie'])).toContain('portal_device=');
      expect((await t.post('/api/account/getaccount', { AccessToken: signedIn.AccessToken })).statusCode).toBe(200);
      // The same assertion again: its challenge is spent.
      expect(
        errorNumbers(await call('passkeysignin', { Response: device.assert(Options) }, { headers: NEW_BROWSER })),
      ).toEqual([ErrorNumber.FactorNotAccepted]);
    });

    it('still asks for a verification when the claims system sets VerifySignIn, which the same passkey cannot answer', async () => {
      const device = newDevice();
      const added = await addPasskey(await t.signIn(SAM), device);
      await t.deps.db.updateTable('claimants').set({ verify_sign_in: 1 }).where('email', '=', SAM).execute();
      const { Options } = await ok<{ Options: Options }>('passkeysigninoptions', {});
      const signedIn = await ok<{ AccessToken: string; AccountActivated: number }>('passkeysignin', {
        Response: device.assert(Options),
      });
      expect(signedIn.AccountActivated).toBe(AccountActivated.VerificationRequired);
      expect((await t.post('/api/account/getaccount', { AccessToken: signedIn.AccessToken })).statusCode).not.toBe(200);
      expect(await ok('loginfactors', { AccessToken: signedIn.AccessToken })).toEqual({
        Passkey: false,
        Authenticator: false,
        RecoveryCode: true,
      });
      expect(errorNumbers(await call('loginpasskeyoptions', { AccessToken: signedIn.AccessToken }))).toEqual([
        ErrorNumber.FactorNotSetUp,
      ]);
      // A second passkey (another device) may answer it; the one that signed in may not.
      const other = newDevice();
      await addPasskey(added.token, other, 'Tablet');
      const { Options: verify } = await ok<{ Options: Options }>('loginpasskeyoptions', {
        AccessToken: signedIn.AccessToken,
      });
      expect(verify.allowCredentials?.map((c) => c.id)).toEqual([other.id]);
      const same = await call('verifylogin', {
        AccessToken: signedIn.AccessToken,
        Proof: { Method: 'Passkey', Response: device.assert(verify) },
      });
      expect(errorNumbers(same)).toEqual([ErrorNumber.FactorNotAccepted]);
      const { Options: again } = await ok<{ Options: Options }>('loginpasskeyoptions', {
        AccessToken: signedIn.AccessToken,
      });
      const done = await ok<{ AccessToken: string }>('verifylogin', {
        AccessToken: signedIn.AccessToken,
        Proof: { Method: 'Passkey', Response: other.assert(again) },
      });
      expect((await t.post('/api/account/getaccount', { AccessToken: done.AccessToken })).statusCode).toBe(200);
    });

    it("keeps the account's sign-in throttle: failed passkey sign-ins lock it (102), even for a good passkey", async () => {
      const device = newDevice();
      await addPasskey(await t.signIn(SAM), device);
      for (let i = 0; i < 5; i++) {
        const { Options } = await ok<{ Options: Options }>('passkeysigninoptions', {});
        const res = await call('passkeysignin', { Response: device.assert(Options, { origin: 'https://evil.test' }) });
        expect(errorNumbers(res)).toEqual([ErrorNumber.FactorNotAccepted]);
      }
      const { Options } = await ok<{ Options: Options }>('passkeysigninoptions', {});
      expect(errorNumbers(await call('passkeysignin', { Response: device.assert(Options) }))).toEqual([
        ErrorNumber.LoginThrottled,
      ]);
      // The password is throttled too: it is the account's one throttle.
      const password = await t.post('/api/account/login', {
        EmailAddress: SAM,
        Password: 'Claimant#2026',
        RememberMe: false,
      });
      expect(errorNumbers(password)).toEqual([ErrorNumber.LoginThrottled]);
    });

    it('answers the sign-in verification of a browser not seen for 90 days', async () => {
      const device = newDevice();
      await addPasskey(await t.signIn(SAM), device);
      const login = await t.post(
        '/api/account/login',
        { EmailAddress: SAM, Password: 'Claimant#2026', RememberMe: false },
        { headers: NEW_BROWSER },
      );
      const pending = login.json() as { AccessToken: string; AccountActivated: number };
      expect(pending.AccountActivated).toBe(AccountActivated.VerificationRequired);
      const { Options } = await ok<{ Options: Options }>('loginpasskeyoptions', { AccessToken: pending.AccessToken });
      expect(Options.allowCredentials?.map((c) => c.id)).toEqual([device.id]);
      const done = await call(
        'verifylogin',
        { AccessToken: pending.AccessToken, Proof: { Method: 'Passkey', Response: device.assert(Options) } },
        { headers: NEW_BROWSER },
      );
      expect(done.statusCode, done.body).toBe(200);
      expect(String(done.headers['set-cookie'])).toContain('portal_device=');
      const { AccessToken } = done.json() as { AccessToken: string };
      expect((await t.post('/api/account/getaccount', { AccessToken })).statusCode).toBe(200);
    });
  });

  describe('authenticator app', () => {
    /** Sets up and confirms the authenticator: the TOTP the test computes codes with, and the session token. */
    async function setUpTotp(token: string) {
      const up = await codeStepUp(token);
      const setup = await ok<{ Secret: string; Uri: string; ExpiresInSeconds: number }>('setupauthenticator', {
        AccessToken: up.AccessToken,
        SecureToken: up.SecureToken,
      });
      const totp = new TOTP({ secret: Secret.fromBase32(setup.Secret), digits: 6, period: 30, algorithm: 'SHA1' });
      return { token: up.AccessToken, setup, totp };
    }
    const codeAt = (totp: TOTP, offsetSteps: number, now: number) =>
      totp.generate({ timestamp: now + offsetSteps * 30_000 });

    it('sets up with a sealed secret, confirmed by one code, with the recovery codes; audited and told', async () => {
      const { token, setup, totp } = await setUpTotp(await t.signIn(SAM));
      expect(setup.Uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
      expect(setup.Uri).toContain(`secret=${setup.Secret}`);
      expect(setup.ExpiresInSeconds).toBe(600);
      const row = await t.deps.db.selectFrom('authenticators').selectAll().executeTakeFirstOrThrow();
      expect(row.secret_enc).not.toContain(setup.Secret);
      expect(t.deps.cipher.decrypt(row.secret_enc, sealedAt('authenticators', 'secret_enc', row.id))).toBe(
        setup.Secret,
      );
      // Not yet confirmed: not offered, not usable.
      expect(await ok('getfactors', { AccessToken: token })).toMatchObject({ Authenticator: { SetUp: false } });
      const valid = new Set([-1, 0, 1].map((d) => codeAt(totp, d, t.clock.now())));
      const wrong = ['000000', '111111'].find((c) => !valid.has(c)) as string;
      expect(errorNumbers(await call('confirmauthenticator', { AccessToken: token, Code: wrong }))).toEqual([
        ErrorNumber.AuthenticatorCodeIncorrect,
      ]);
      const confirmed = await ok<{ RecoveryCodes: string[] }>('confirmauthenticator', {
        AccessToken: token,
        Code: codeAt(totp, 0, t.clock.now()),
      });
      expect(confirmed.RecoveryCodes).toHaveLength(10);
      expect(await ok('getfactors', { AccessToken: token })).toMatchObject({
        Authenticator: { SetUp: true, CreatedAt: t.clock.now() },
        RecoveryCodesLeft: 10,
      });
      expect(await audits()).toEqual(['authenticator-added']);
      expect(await notices()).toContain('security-notice:authenticator added');
      expect(t.logs.join('')).not.toContain(setup.Secret);
      // portal keys rotate re-seals it under a new key; it still opens to the same secret.
      const next = dataCipher(Buffer.alloc(32, 9), [TEST_KEY]);
      const counts = await resealAll(t.deps.db, next);
      expect(counts.find((c) => c.place === 'authenticators.secret_enc')).toMatchObject({ checked: 1, resealed: 1 });
      const resealed = await t.deps.db.selectFrom('authenticators').selectAll().executeTakeFirstOrThrow();
      expect(next.isCurrent(resealed.secret_enc)).toBe(true);
      expect(
        dataCipher(Buffer.alloc(32, 9)).decrypt(resealed.secret_enc, sealedAt('authenticators', 'secret_enc', row.id)),
      ).toBe(setup.Secret);
      // A second set-up is refused while one is set up.
      const up = await codeStepUp(token);
      expect(
        errorNumbers(await call('setupauthenticator', { AccessToken: up.AccessToken, SecureToken: up.SecureToken })),
      ).toEqual([ErrorNumber.AuthenticatorAlreadySetUp]);
    });

    it('lapses a set-up not confirmed in 10 minutes (144)', async () => {
      const { token, totp } = await setUpTotp(await t.signIn(SAM));
      t.clock.advance(10 * 60_000);
      expect(
        errorNumbers(await call('confirmauthenticator', { AccessToken: token, Code: codeAt(totp, 0, t.clock.now()) })),
      ).toEqual([ErrorNumber.FactorNotSetUp]);
    });

    it('accepts a code one step either side of now, not two; each code once, and no earlier step after a later one', async () => {
      const setUp = await setUpTotp(await t.signIn(SAM));
      const { totp } = setUp;
      let { token } = setUp;
      await ok('confirmauthenticator', { AccessToken: token, Code: codeAt(totp, 0, t.clock.now()) });
      const stepUp = (code: string) =>
        call('stepup', { AccessToken: token, CodeType: CodeType.Bank, Proof: { Method: 'Authenticator', Code: code } });
      const accept = async (code: string) => {
        const res = await stepUp(code);
        expect(res.statusCode, res.body).toBe(200);
        token = (res.json() as StepUp).AccessToken;
      };
      // The confirming code's step is spent: the same code is refused.
      expect(errorNumbers(await stepUp(codeAt(totp, 0, t.clock.now())))).toEqual([
        ErrorNumber.AuthenticatorCodeIncorrect,
      ]);
      t.clock.advance(5 * 60_000);
      const now = t.clock.now();
      const far = [codeAt(totp, -2, now), codeAt(totp, 2, now)].filter(
        (c) => ![-1, 0, 1].some((d) => codeAt(totp, d, now) === c),
      );
      for (const code of far)
        expect(errorNumbers(await stepUp(code))).toEqual([ErrorNumber.AuthenticatorCodeIncorrect]);
      await accept(codeAt(totp, -1, now));
      expect(errorNumbers(await stepUp(codeAt(totp, -1, now)))).toEqual([ErrorNumber.AuthenticatorCodeIncorrect]);
      await accept(codeAt(totp, 1, now));
      // Now step +1 is spent: the current step (earlier) is refused too.
      expect(errorNumbers(await stepUp(codeAt(totp, 0, now)))).toEqual([ErrorNumber.AuthenticatorCodeIncorrect]);
      // Two requests racing with one fresh code: exactly one is let in.
      t.clock.advance(60_000);
      const fresh = codeAt(totp, 0, t.clock.now());
      const other = await t.signIn(SAM);
      const raced = await Promise.all([
        stepUp(fresh),
        call('stepup', {
          AccessToken: other,
          CodeType: CodeType.Bank,
          Proof: { Method: 'Authenticator', Code: fresh },
        }),
      ]);
      expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 225]);
      // The loser is a wrong guess: 142, or 109 when it is the day's 6th (this test has made 5 already).
      expect([[ErrorNumber.AuthenticatorCodeIncorrect], [ErrorNumber.CodeEntryLocked]]).toContainEqual(
        errorNumbers(raced.find((r) => r.statusCode === 225) as (typeof raced)[number]),
      );
    });

    it("spends the account's daily budget of wrong guesses (shared with the 4-digit codes): 109 after 6", async () => {
      const { token, totp } = await setUpTotp(await t.signIn(SAM));
      await ok('confirmauthenticator', { AccessToken: token, Code: codeAt(totp, 0, t.clock.now()) });
      t.clock.advance(60_000);
      const valid = new Set([-1, 0, 1].map((d) => codeAt(totp, d, t.clock.now())));
      const wrong = ['111111', '222222', '333333', '444444', '555555', '666666', '777777', '888888'].filter(
        (c) => !valid.has(c),
      );
      const answers: number[][] = [];
      for (const code of wrong.slice(0, 6))
        answers.push(
          errorNumbers(
            await call('stepup', {
              AccessToken: token,
              CodeType: CodeType.Bank,
              Proof: { Method: 'Authenticator', Code: code },
            }),
          ),
        );
      expect(answers).toEqual([
        ...Array.from({ length: 5 }, () => [ErrorNumber.AuthenticatorCodeIncorrect]),
        [ErrorNumber.CodeEntryLocked],
      ]);
      // The right code is refused for the rest of the day, and so is a 4-digit code request.
      const right = await call('stepup', {
        AccessToken: token,
        CodeType: CodeType.Bank,
        Proof: { Method: 'Authenticator', Code: codeAt(totp, 0, t.clock.now()) },
      });
      expect(errorNumbers(right)).toEqual([ErrorNumber.CodeEntryLocked]);
      expect(errorNumbers(await call('sendsecuritycode', { AccessToken: token }))).toEqual([
        ErrorNumber.CodeEntryLocked,
      ]);
    });

    it('is refused (144) when none is set up, and removed with a step-up by itself', async () => {
      const token = await t.signIn(SAM);
      expect(
        errorNumbers(
          await call('stepup', {
            AccessToken: token,
            CodeType: CodeType.Bank,
            Proof: { Method: 'Authenticator', Code: '123456' },
          }),
        ),
      ).toEqual([ErrorNumber.FactorNotSetUp]);
      const s = await setUpTotp(token);
      await ok('confirmauthenticator', { AccessToken: s.token, Code: codeAt(s.totp, 0, t.clock.now()) });
      t.clock.advance(30_000);
      const up = await ok<StepUp>('stepup', {
        AccessToken: s.token,
        CodeType: SECURITY_CODE_TYPE,
        Proof: { Method: 'Authenticator', Code: codeAt(s.totp, 0, t.clock.now()) },
      });
      // Another session, used first so that it is in the read cache (decision 031), is signed out.
      const elsewhere = await t.signIn(SAM);
      expect(await signedIn(elsewhere)).toBe(true);
      await ok('removeauthenticator', { AccessToken: up.AccessToken, SecureToken: up.SecureToken });
      expect(await signedIn(elsewhere)).toBe(false);
      expect(await ok('getfactors', { AccessToken: up.AccessToken })).toMatchObject({
        Authenticator: { SetUp: false },
        RecoveryCodesLeft: 0,
      });
      expect(await audits()).toEqual(['authenticator-added', 'authenticator-removed']);
      expect(await notices()).toContain('security-notice:authenticator removed');
    });

    it('answers the sign-in verification', async () => {
      const s = await setUpTotp(await t.signIn(SAM));
      await ok('confirmauthenticator', { AccessToken: s.token, Code: codeAt(s.totp, 0, t.clock.now()) });
      t.clock.advance(30_000);
      const login = await t.post(
        '/api/account/login',
        { EmailAddress: SAM, Password: 'Claimant#2026', RememberMe: false },
        { headers: NEW_BROWSER },
      );
      const pending = (login.json() as { AccessToken: string }).AccessToken;
      expect(await ok('loginfactors', { AccessToken: pending })).toEqual({
        Passkey: false,
        Authenticator: true,
        RecoveryCode: true,
      });
      const done = await ok<{ AccessToken: string }>('verifylogin', {
        AccessToken: pending,
        Proof: { Method: 'Authenticator', Code: codeAt(s.totp, 0, t.clock.now()) },
      });
      expect((await t.post('/api/account/getaccount', { AccessToken: done.AccessToken })).statusCode).toBe(200);
    });
  });

  describe('recovery codes', () => {
    it('each replaces a factor once (typed any case, with spaces), tells and audits its use', async () => {
      const added = await addPasskey(await t.signIn(SAM), newDevice());
      const codes = added.RecoveryCodes as string[];
      const [first = '', second = ''] = codes;
      const typed = ` ${first.toLowerCase().replace('-', ' ')} `;
      const up = await ok<StepUp>('stepup', {
        AccessToken: added.token,
        CodeType: CodeType.Bank,
        Proof: { Method: 'RecoveryCode', Code: typed },
      });
      const again = await call('stepup', {
        AccessToken: up.AccessToken,
        CodeType: CodeType.Bank,
        Proof: { Method: 'RecoveryCode', Code: first },
      });
      expect(errorNumbers(again)).toEqual([ErrorNumber.RecoveryCodeIncorrect]);
      expect(await ok('getfactors', { AccessToken: up.AccessToken })).toMatchObject({ RecoveryCodesLeft: 9 });
      // Two requests racing with one code: exactly one is let in.
      const race = (AccessToken: string) =>
        call('stepup', { AccessToken, CodeType: CodeType.Bank, Proof: { Method: 'RecoveryCode', Code: codes[9] } });
      // (From two sessions, so the loser can only be refused for the code.)
      const raced = await Promise.all([race(up.AccessToken), race(await t.signIn(SAM))]);
      expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 225]);
      expect(errorNumbers(raced.find((r) => r.statusCode === 225) as (typeof raced)[number])).toEqual([
        ErrorNumber.RecoveryCodeIncorrect,
      ]);
      const winner = raced.find((r) => r.statusCode === 200)?.json() as StepUp;
      up.AccessToken = winner.AccessToken;
      expect(await audits()).toEqual(['passkey-added', 'recovery-code-used', 'recovery-code-used']);
      expect(await notices()).toContain('security-notice:recovery code used');

      // Another claimant's code is no code of theirs.
      const alex = await addPasskey(await t.signIn(ALEX), newDevice(), 'Alex phone', ALEX);
      expect(
        errorNumbers(
          await call('stepup', {
            AccessToken: alex.token,
            CodeType: CodeType.Bank,
            Proof: { Method: 'RecoveryCode', Code: second },
          }),
        ),
      ).toEqual([ErrorNumber.RecoveryCodeIncorrect]);

      // New codes (behind a step-up) replace the old ones.
      const sec = await ok<StepUp>('stepup', {
        AccessToken: up.AccessToken,
        CodeType: SECURITY_CODE_TYPE,
        Proof: { Method: 'RecoveryCode', Code: second },
      });
      const fresh = await ok<{ RecoveryCodes: string[] }>('newrecoverycodes', {
        AccessToken: sec.AccessToken,
        SecureToken: sec.SecureToken,
      });
      expect(fresh.RecoveryCodes).toHaveLength(10);
      expect((await audits()).slice(-1)).toEqual(['recovery-codes-replaced']);
      expect(await notices()).toContain('security-notice:recovery codes');
      // Codes are shown once and never logged.
      for (const c of [...codes, ...fresh.RecoveryCodes]) expect(t.logs.join('')).not.toContain(c);
      expect(
        errorNumbers(
          await call('stepup', {
            AccessToken: sec.AccessToken,
            CodeType: CodeType.Bank,
            Proof: { Method: 'RecoveryCode', Code: codes[2] },
          }),
        ),
      ).toEqual([ErrorNumber.RecoveryCodeIncorrect]);
    });

    it('answers the sign-in verification, e.g. with the phone lost', async () => {
      const added = await addPasskey(await t.signIn(SAM), newDevice());
      const login = await t.post(
        '/api/account/login',
        { EmailAddress: SAM, Password: 'Claimant#2026', RememberMe: false },
        { headers: NEW_BROWSER },
      );
      const pending = (login.json() as { AccessToken: string }).AccessToken;
      const done = await ok<{ AccessToken: string }>('verifylogin', {
        AccessToken: pending,
        Proof: { Method: 'RecoveryCode', Code: added.RecoveryCodes?.[0] },
      });
      expect((await t.post('/api/account/getaccount', { AccessToken: done.AccessToken })).statusCode).toBe(200);
    });

    it("answers the password reset's code step: the new password applies, the old one stops", async () => {
      const added = await addPasskey(await t.signIn(SAM), newDevice());
      const start = await t.post('/api/account/forgotpassword', {
        FirstName: 'Sam',
        LastName: 'Single',
        DateOfBirth: '30/01/1990',
        ClaimNumber: '22/11111',
        EmailAddress: SAM,
        MobileNumber: '',
      });
      expect(start.statusCode, start.body).toBe(200);
      const reset = await t.post('/api/account/resetpassword', {
        ResetPasswordToken: (start.json() as { ResetPasswordToken: string }).ResetPasswordToken,
        NewPassword: 'New#Secret22',
        ReEnterPassword: 'New#Secret22',
      });
      const pending = reset.json() as { AccessToken: string; AccountActivated: boolean };
      expect(pending.AccountActivated).toBe(true);
      await ok('verifylogin', {
        AccessToken: pending.AccessToken,
        Proof: { Method: 'RecoveryCode', Code: added.RecoveryCodes?.[0] },
      });
      const login = (Password: string) =>
        t.post('/api/account/login', { EmailAddress: SAM, Password, RememberMe: false });
      expect(errorNumbers(await login('Claimant#2026'))).toEqual([ErrorNumber.LoginFailed]);
      expect((await login('New#Secret22')).statusCode).toBe(200);
      expect(await audits()).toEqual(['passkey-added', 'recovery-code-used']);
    });

    it('is refused (144) at activation, which only a code to the claimant may prove', async () => {
      const login = await t.post('/api/account/login', {
        EmailAddress: 'robin.pending@example.com',
        Password: 'Claimant#2026',
        RememberMe: false,
      });
      const pending = (login.json() as { AccessToken: string }).AccessToken;
      expect(await ok('loginfactors', { AccessToken: pending })).toEqual({
        Passkey: false,
        Authenticator: false,
        RecoveryCode: false,
      });
      expect(
        errorNumbers(
          await call('verifylogin', { AccessToken: pending, Proof: { Method: 'RecoveryCode', Code: 'ABCDE-FGHJK' } }),
        ),
      ).toEqual([ErrorNumber.FactorNotSetUp]);
    });
  });

  const signedIn = async (token: string) =>
    (await t.post('/api/account/getaccount', { AccessToken: token })).statusCode === 200;

  it('signs out every other session when a passkey or the authenticator is removed; this one stays', async () => {
    const added = await addPasskey(await t.signIn(SAM), newDevice());
    // Whoever else is signed in — perhaps with the passkey being removed — is signed out by its removal.
    const elsewhere = await t.signIn(SAM);
    // Used first, so its session is in the read cache (decision 031) when the removal ends it.
    expect(await signedIn(elsewhere)).toBe(true);
    const up = await codeStepUp(added.token);
    await ok('removepasskey', { AccessToken: up.AccessToken, SecureToken: up.SecureToken, Id: added.Passkey.Id });
    expect(await signedIn(elsewhere)).toBe(false);
    expect(await signedIn(up.AccessToken)).toBe(true);
  });

  it('keeps recovery codes working across a key rotation while the previous key is listed', async () => {
    const added = await addPasskey(await t.signIn(SAM), newDevice());
    const [first = '', second = ''] = added.RecoveryCodes as string[];
    // What a restart on a new key gives: the HMAC key from the new key, the old key listed as previous.
    t.deps.hmacKey = deriveKey(Buffer.alloc(32, 7), 'hmac');
    const stepUp = (Code: string) =>
      call('stepup', { AccessToken: added.token, CodeType: CodeType.Bank, Proof: { Method: 'RecoveryCode', Code } });
    expect(errorNumbers(await stepUp(first))).toEqual([ErrorNumber.RecoveryCodeIncorrect]);
    t.deps.config.previousEncryptionKeys = [TEST_KEY];
    expect((await stepUp(second)).statusCode).toBe(200);
  });

  it('removes the factors when the operator resets them, audited and told, and signs every session out', async () => {
    const { resetFactors, secondFactorKinds } = await import('../src/modules/security/service.ts');
    const session = (await addPasskey(await t.signIn(SAM), newDevice())).token;
    const id = await accountId(SAM);
    expect(await secondFactorKinds(t.deps, id)).toEqual({ Passkey: true, Authenticator: false, RecoveryCodes: true });
    expect(await resetFactors(t.deps, id)).toEqual({ passkeys: 1, authenticator: false });
    expect(await secondFactorKinds(t.deps, id)).toEqual({ Passkey: false, Authenticator: false, RecoveryCodes: false });
    expect(await audits()).toEqual(['passkey-added', 'second-factors-reset']);
    expect(await notices()).toContain('security-notice:second factors reset');
    expect(await signedIn(session)).toBe(false);
  });
});

describe('passkey relying party configuration', () => {
  const production = {
    NODE_ENV: 'production',
    DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    SMTP_URL: 'smtps://mail.tac.vic.gov.au:465',
    PROVIDER_PRIVACY_EMAIL: 'privacy@tac.vic.gov.au',
    PROVIDER_WEBSITE: 'https://www.tac.vic.gov.au',
  };

  it('is refused at start in production without PUBLIC_URL', () => {
    expect(() => loadConfig(production)).toThrow(/\n {2}PUBLIC_URL: required when NODE_ENV=production/);
  });

  it("takes the RP id and the only origin from PUBLIC_URL; without it (development) it is localhost's", () => {
    expect(loadConfig({ ...production, PUBLIC_URL: 'https://portal.tac.vic.gov.au/' }).webauthn).toMatchObject({
      rpId: 'portal.tac.vic.gov.au',
      origins: ['https://portal.tac.vic.gov.au'],
    });
    expect(loadConfig({ NODE_ENV: 'development', PORT: '9000' }).webauthn).toMatchObject({
      rpId: 'localhost',
      origins: ['http://localhost:9000', 'http://localhost:5173'],
    });
  });
});
