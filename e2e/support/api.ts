/**
 * A tiny API client for test set-up (Node fetch, not the browser): keeps the XSRF-TOKEN cookie
 * and echoes it as X-XSRF-TOKEN on every POST, as the server's CSRF check requires.
 */
export const DEMO_PASSWORD = 'Claimant#2026';

export const DEMO = {
  alex: 'alex.citizen@example.com',
  sam: 'sam.single@example.com',
  pat: 'pat.trustee@example.com',
  newRegistrant: 'new.registrant@example.com',
  robin: 'robin.pending@example.com',
} as const;

/** Alex's claims as seeded (apps/server/src/db/seed/demo.ts); dates as the app shows them. */
export const ALEX_CLAIMS = [
  { number: '21/45678', date: '09/03/2021', location: 'Princes Freeway, Werribee VIC', unread: 2 },
  { number: '19/12345', date: '22/11/2019', location: 'Geelong VIC', unread: 1 },
  { number: '23/98765', date: '02/07/2023', location: null, unread: 0 },
] as const;
export const SAM_CLAIM = { number: '22/11111', date: '17/05/2022', location: 'Ballarat VIC' } as const;
export const PAT_CLAIM = { number: '20/22222', date: '11/02/2020', location: 'Bendigo VIC' } as const;
export const NEW_REGISTRANT_CLAIM = { number: '24/33333', date: '30/08/2024', location: 'Footscray VIC' } as const;

export const DEVICE_COOKIE = 'portal_device';

export class ApiClient {
  private xsrf: string | undefined;

  /** `device`: the portal_device cookie value of a browser the server knows (see server.ts). */
  constructor(
    readonly baseURL: string,
    public device?: string,
  ) {}

  private async ensureXsrf(): Promise<string> {
    if (this.xsrf) return this.xsrf;
    const response = await fetch(`${this.baseURL}/api/information/getinformation`);
    for (const cookie of response.headers.getSetCookie()) {
      const match = /^__Host-XSRF-TOKEN=([^;]*)/.exec(cookie);
      if (match?.[1]) this.xsrf = decodeURIComponent(match[1]);
    }
    if (!this.xsrf) throw new Error('GET /api/information/getinformation did not set an XSRF-TOKEN cookie');
    return this.xsrf;
  }

  /** POSTs JSON; resolves with { status, body } (225 error lists are returned, not thrown). */
  async post(path: string, body: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
    const xsrf = await this.ensureXsrf();
    const response = await fetch(`${this.baseURL}${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'X-XSRF-TOKEN': xsrf,
        Cookie: [
          `__Host-XSRF-TOKEN=${encodeURIComponent(xsrf)}`,
          ...(this.device ? [`${DEVICE_COOKIE}=${this.device}`] : []),
        ].join('; '),
      },
      body: JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const match = new RegExp(`^${DEVICE_COOKIE}=([^;]*)`).exec(cookie);
      if (match?.[1]) this.device = match[1];
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // keep the text
    }
    return { status: response.status, body: parsed };
  }

  private async ok<T>(path: string, body: Record<string, unknown>): Promise<T> {
    const result = await this.post(path, body);
    if (result.status !== 200) {
      throw new Error(`POST ${path} answered HTTP ${result.status}: ${JSON.stringify(result.body)}`);
    }
    return result.body as T;
  }

  async login(
    username: string,
    options: { password?: string; rememberMe?: boolean } = {},
  ): Promise<{ AccessToken: string; AccountActivated: number }> {
    return this.ok('/api/account/login', {
      EmailAddress: username,
      Password: options.password ?? DEMO_PASSWORD,
      RememberMe: options.rememberMe ?? false,
      DeviceType: 0,
    });
  }

  async logout(token: string): Promise<unknown> {
    return this.ok('/api/account/logout', { AccessToken: token });
  }

  async selectClaim(token: string, claimNumber: string): Promise<unknown> {
    return this.ok('/api/claim/selectclaim', { AccessToken: token, Number: claimNumber });
  }

  async getClaims(token: string): Promise<{ status: number; body: unknown }> {
    return this.post('/api/claim/getclaims', { AccessToken: token });
  }

  /**
   * Signs in as a browser that verifies itself the real way: when the server asks for
   * verification (a browser it does not know), the code is read from the test's SMTP server.
   * Afterwards `device` holds the cookie of a browser this account is known on.
   */
  async verifyDevice(username: string, mail: { next: (to: string) => Promise<{ text: string }> }): Promise<void> {
    const { AccessToken, AccountActivated } = await this.login(username);
    if (AccountActivated !== 1) return;
    await this.ok('/api/account/generatesecuritycodeforlogin', { AccessToken, DevType: 0 });
    // The next message to the address that carries a code (a security notice may come first).
    let code: string | undefined;
    while (!code) code = /code (?:for the .*? )?is (\d{4})/.exec((await mail.next(username)).text)?.[1];
    await this.ok('/api/account/validatesecuritycodeforlogin', { AccessToken, SecurityCode: code, DeviceType: 0 });
  }
}
