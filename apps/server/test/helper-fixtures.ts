/**
 * What the people-who-help tests share (decision 041): a call that must answer 200, an account's
 * and a claim's ids, the claims system's helper-change events as stored (each checked against
 * the contracts' schema), and the claimant's Security step-up with a real code from the SMTP sink.
 */
import { expect } from 'vitest';
import { HelperChangeEventData, SECURITY_CODE_TYPE } from '@portal/contracts';
import type { TestApp } from './helpers.ts';
import { nextCode, type Delivery } from './mail-sink.ts';

type HelperChange = { Change: string; HelperReference: string | null; Name: string; Scope: string } & Record<
  string,
  unknown
>;

/** `app` is read at each call: a suite makes a new TestApp before each test. */
export function helperFixtures(app: () => TestApp, mail: Delivery) {
  const ok = async <T>(url: string, body: Record<string, unknown>): Promise<T> => {
    const res = await app().post(url, body);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json() as T;
  };
  const accountOf = async (username: string) =>
    (await app().deps.db.selectFrom('accounts').select('id').where('username', '=', username).executeTakeFirstOrThrow())
      .id;
  const claimIdOf = async (number: string) =>
    (await app().deps.db.selectFrom('claims').select('id').where('number', '=', number).executeTakeFirstOrThrow()).id;
  const helperChanges = async (): Promise<HelperChange[]> =>
    (
      await app()
        .deps.db.selectFrom('provider_outbox')
        .select('payload')
        .where('kind', '=', 'helper-change')
        .orderBy('seq')
        .execute()
    ).map((r) => {
      const data = JSON.parse(r.payload) as HelperChange;
      // Each is what the contracts' schema of the event says (the webhook sends it as stored).
      expect(HelperChangeEventData.safeParse(data).success, r.payload).toBe(true);
      return data;
    });
  /** The claimant's Security step-up with the code e-mailed to the address on record. */
  async function stepUp(token: string, email: string) {
    await ok('/api/security/sendsecuritycode', { AccessToken: token });
    const code = await nextCode(mail.smtp, email);
    return ok<{ AccessToken: string; SecureToken: string }>('/api/security/stepup', {
      AccessToken: token,
      CodeType: SECURITY_CODE_TYPE,
      Proof: { Method: 'Code', SecurityCode: code },
    });
  }
  return { ok, accountOf, claimIdOf, helperChanges, stepUp };
}
