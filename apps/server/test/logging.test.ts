/**
 * Passwords, tokens, access codes and bank numbers never reach the logs. Both halves go through
 * the server's own logger (buildApp's pino instance and its redact config), captured as every
 * test app captures it: real requests that carry the secrets, and objects that put them at the
 * places the redact config censors.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CodeType, ENDPOINTS, ErrorNumber } from '@portal/contracts';
import { REDACT_PATHS } from '../src/lib/logger.ts';
import { CSRF, DIALECTS, PASSWORD, createTestApp, errorNumbers, signInWithClaim, type TestApp } from './helpers.ts';
import { codeIn, useDelivery } from './mail-sink.ts';

const CENSOR = '[redacted]';

/** Every property name of the API's requests (bodies, queries, path parameters), at any depth. */
function requestFieldNames(): Set<string> {
  const names = new Set<string>();
  const walk = (schema: z.ZodType | undefined): void => {
    const def = schema?.def as ({ type: string } & Record<string, unknown>) | undefined;
    if (!def) return;
    const inner = (key: string) => walk(def[key] as z.ZodType);
    switch (def.type) {
      case 'object':
        for (const [name, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
          names.add(name);
          walk(field);
        }
        break;
      case 'union':
        for (const option of def.options as z.ZodType[]) walk(option);
        break;
      case 'intersection':
        inner('left');
        inner('right');
        break;
      case 'pipe':
        inner('in');
        break;
      case 'array':
        inner('element');
        break;
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'readonly':
        inner('innerType');
        break;
    }
  };
  for (const e of Object.values(ENDPOINTS) as { body?: z.ZodType; query?: z.ZodType; params?: z.ZodType }[]) {
    walk(e.body);
    walk(e.query);
    walk(e.params);
  }
  return names;
}

/** The request fields that carry a password, a token, an access code or a bank account number. */
const SECRET_FIELDS = [...requestFieldNames()]
  .filter((name) => /password|token|securitycode|accountnumber|accno/i.test(name))
  .sort();

/** The log lines written since `from`, parsed. */
function linesSince(t: TestApp, from: number): Record<string, unknown>[] {
  return t.logs
    .slice(from)
    .flatMap((chunk) => chunk.split('\n').filter(Boolean))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe.each(DIALECTS)('log redaction on %s', (dialect) => {
  describe('through the server logger', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(() => t.close());

    it('finds the secret fields of the API (so the checks below cannot pass on an empty list)', () => {
      for (const name of [
        'Password',
        'OldPassword',
        'NewPassword',
        'ReEnterPassword',
        'AccessToken',
        'SecureToken',
        'ResetPasswordToken',
        'SecurityCode',
        'AccountNumber',
        'BankAccNo',
      ]) {
        expect(SECRET_FIELDS).toContain(name);
      }
    });

    it.each(SECRET_FIELDS)('censors %s at the top of a logged object and one and two levels down', (field) => {
      const secret = `secret-${field}-4711`;
      const from = t.logs.length;
      t.app.log.info(
        { [field]: secret, body: { [field]: secret }, input: { receipt: { [field]: secret } } },
        'redaction probe',
      );
      const [line] = linesSince(t, from);
      expect(line).toMatchObject({
        msg: 'redaction probe',
        [field]: CENSOR,
        body: { [field]: CENSOR },
        input: { receipt: { [field]: CENSOR } },
      });
      expect(JSON.stringify(line)).not.toContain(secret);
    });

    it("censors them in a request's own logger too", async () => {
      const secret = 'secret-in-a-request-logger';
      const from = t.logs.length;
      t.app.log
        .child({ reqId: 'req-probe' })
        .warn({ body: { Password: secret, AccessToken: secret } }, 'request probe');
      const [line] = linesSince(t, from);
      expect(line).toMatchObject({ reqId: 'req-probe', body: { Password: CENSOR, AccessToken: CENSOR } });
    });

    it('censors the cookie, CSRF and authorization headers of a logged headers object', () => {
      const headers = {
        cookie: `__Host-XSRF-TOKEN=${CSRF}`,
        'x-xsrf-token': CSRF,
        authorization: 'Bearer secret-api-key',
        'set-cookie': 'device=secret-cookie',
        accept: 'application/json',
      };
      const from = t.logs.length;
      t.app.log.info({ headers, request: { headers } }, 'header probe');
      const [line] = linesSince(t, from);
      const censored = {
        cookie: CENSOR,
        'x-xsrf-token': CENSOR,
        authorization: CENSOR,
        'set-cookie': CENSOR,
        accept: 'application/json',
      };
      expect(line).toMatchObject({ headers: censored, request: { headers: censored } });
    });

    // Every path the config names, filled in: a path written wrong would let its secret through.
    it.each(REDACT_PATHS)('censors the configured path %s', (redactPath) => {
      const secret = 'secret-at-a-configured-path';
      // 'a.*.b' and 'a["b-c"]' name keys between dots, brackets and quotes; '*' stands for any key.
      const keys = (redactPath.match(/[^.[\]"]+/g) ?? []).map((key) => (key === '*' ? 'anything' : key));
      const logged: Record<string, unknown> = {};
      let node = logged;
      keys.forEach((key, i) => {
        node[key] = i === keys.length - 1 ? secret : {};
        node = node[key] as Record<string, unknown>;
      });
      const from = t.logs.length;
      t.app.log.info(logged, 'path probe');
      const [line] = linesSince(t, from);
      expect(line?.msg).toBe('path probe');
      expect(keys.reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], line)).toBe(
        CENSOR,
      );
    });
  });

  describe('on real requests that carry them', () => {
    const mail = useDelivery();
    let t: TestApp;
    beforeEach(async () => {
      // Everything the server can log, at every level.
      t = await createTestApp(dialect, { ...mail.env(), LOG_LEVEL: 'trace' });
    });
    afterEach(() => t.close());

    it("writes a request's lines with its request id, through the logger made only when one is written", async () => {
      const from = t.logs.length;
      await t.post('/api/maintenance/checkmessage', {});
      await t.post('/api/maintenance/checkmessage', {});
      const lines = linesSince(t, from).filter((l) => l.msg === 'request completed');
      expect(lines).toHaveLength(2);
      expect(lines.map((l) => l.reqId)).toEqual([expect.any(String), expect.any(String)]);
      expect(lines[0]?.reqId).not.toBe(lines[1]?.reqId);
    });

    it('sign-in, a code check, a bank-details change, a password change that fails, sign-out: none of their secrets is logged', async () => {
      const USER = 'sam.single@example.com';
      const wrongPassword = 'Wr0ng-Pa55word!';
      const newPassword = 'New#Secret-7731';
      const accountNumber = '90817263';
      const secrets: string[] = [PASSWORD, wrongPassword, newPassword, accountNumber, CSRF, 'hook-secret'];

      expect(errorNumbers(await t.post('/api/account/login', { EmailAddress: USER, Password: wrongPassword }))).toEqual(
        [ErrorNumber.LoginFailed],
      );
      const token = await signInWithClaim(t, USER, '22/11111');
      secrets.push(token);

      // The step-up before a bank change: a wrong code, then the right one.
      await t.post('/api/account/generatesecuritycodewhileloggedin', { AccessToken: token, CodeType: CodeType.Bank });
      const code = codeIn(await mail.smtp.next(USER));
      const wrongCode = code === '0000' ? '0001' : '0000';
      secrets.push(code, wrongCode);
      const refused = await t.post('/api/account/validatesecuritycodewhileloggedin', {
        AccessToken: token,
        CodeType: CodeType.Bank,
        SecurityCode: wrongCode,
      });
      expect(errorNumbers(refused)).toEqual([ErrorNumber.CodeIncorrect]);
      const stepUp = await t.post('/api/account/validatesecuritycodewhileloggedin', {
        AccessToken: token,
        CodeType: CodeType.Bank,
        SecurityCode: code,
      });
      expect(stepUp.statusCode, stepUp.body).toBe(200);
      const { AccessToken: rotated, SecureToken } = stepUp.json() as { AccessToken: string; SecureToken: string };
      secrets.push(rotated, SecureToken);

      const bank = await t.post('/api/account/updatebankaccountdetails', {
        AccessToken: rotated,
        AccountName: 'Sam Single',
        Bsb: '063000',
        AccountNumber: accountNumber,
        SecureToken,
      });
      expect(bank.json()).toBe(true);

      // An unexpected failure is logged with its error: it must not bring the request's secrets along.
      await t.deps.db.schema.dropTable('audit_events').execute();
      const failed = await t.post('/api/account/updatepassword', {
        AccessToken: rotated,
        OldPassword: PASSWORD,
        NewPassword: newPassword,
        ReEnterPassword: newPassword,
      });
      expect(errorNumbers(failed)).toEqual([ErrorNumber.Internal]);

      expect((await t.post('/api/account/logout', { AccessToken: rotated })).json()).toBe(true);

      const lines = linesSince(t, 0);
      // The requests were logged (so there was something to leak), the failure with its error.
      expect(lines.filter((l) => l.msg === 'request completed').length).toBeGreaterThanOrEqual(9);
      expect(lines.some((l) => l.msg === 'unexpected error' && l.err)).toBe(true);
      // A 4-digit code could turn up inside a timestamp or a duration by chance: those are left
      // out, and digits only count when they stand alone.
      const text = JSON.stringify(lines.map(({ time: _time, responseTime: _responseTime, ...rest }) => rest));
      for (const secret of secrets) {
        if (/^[0-9]+$/.test(secret)) expect(text).not.toMatch(new RegExp(`(?<![0-9])${secret}(?![0-9])`));
        else expect(text).not.toContain(secret);
      }
    });
  });
});
