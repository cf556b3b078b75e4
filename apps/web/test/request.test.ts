import { MESSAGES } from '@portal/contracts';
import { describe, expect, it, vi } from 'vitest';
import { getAlerts } from '../src/lib/feedback/alerts.ts';
import { call } from '../src/lib/request/call.ts';
import { alertEntries, formatAlertText, RequestError } from '../src/lib/request/request-error.ts';
import { getSignedOutReason, isSignedIn, saveLoginToken } from '../src/lib/session/session.ts';
import { BEFORE_FORCED_LOGOUT_EVENT, onSignOut } from '../src/lib/session/sign-out.ts';
import { CLAIMS, mockServer } from './helpers.ts';

async function failure(promise: Promise<unknown>): Promise<RequestError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RequestError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('request layer', () => {
  it('returns the parsed body of a 200', async () => {
    saveLoginToken('token-1', false);
    mockServer({ '/api/claim/getclaims': { status: 200, body: CLAIMS } });
    const claims = await call('getClaims', {});
    expect(claims).toHaveLength(3);
    expect(claims[0]?.Number).toBe('12/34567');
  });

  it('adds the stored AccessToken to the body when absent, and keeps one that is given', async () => {
    saveLoginToken('token-1', false);
    const server = mockServer({
      '/api/claim/getclaims': { status: 200, body: [] },
      '/api/account/logout': { status: 200, body: true },
    });
    await call('getClaims', {});
    expect(server.callsTo('/api/claim/getclaims')[0]?.body).toEqual({ AccessToken: 'token-1' });
    await call('logout', { AccessToken: 'explicit' });
    expect(server.callsTo('/api/account/logout')[0]?.body).toEqual({ AccessToken: 'explicit' });
  });

  it('sends no token when signed out', async () => {
    const server = mockServer({ '/api/maintenance/checkmessage': { status: 200, body: [] } });
    await call('checkMaintenance', {});
    expect(server.callsTo('/api/maintenance/checkmessage')[0]?.body).toEqual({});
  });

  it('fetches the XSRF cookie first when it is missing, then sends X-XSRF-TOKEN on POST', async () => {
    const server = mockServer({ '/api/maintenance/checkmessage': { status: 200, body: [] } });
    await call('checkMaintenance', {});
    expect(server.calls[0]?.url).toBe('/api/information/getinformation');
    expect(server.calls[0]?.method).toBe('GET');
    const post = server.callsTo('/api/maintenance/checkmessage')[0];
    expect(post?.method).toBe('POST');
    expect(post?.headers['X-XSRF-TOKEN']).toBe('xsrf-123');
    expect(post?.headers['Content-Type']).toBe('application/json');
  });

  it('uses an existing XSRF cookie without the bootstrap call', async () => {
    document.cookie = '__Host-XSRF-TOKEN=abc%3D%3D; path=/; secure';
    const server = mockServer({ '/api/maintenance/checkmessage': { status: 200, body: [] } });
    await call('checkMaintenance', {});
    expect(server.calls.map((c) => c.url)).toEqual(['/api/maintenance/checkmessage']);
    expect(server.calls[0]?.headers['X-XSRF-TOKEN']).toBe('abc==');
  });

  it('turns a 225 list into the alert format: each message then Error Code N', async () => {
    mockServer({
      '/api/maintenance/checkmessage': {
        status: 225,
        body: [
          { Number: 100, Message: 'Enter a valid email address', Field: 'EmailAddress' },
          { Number: 105, Message: 'Too many requests. Please wait a moment and try again.' },
        ],
      },
    });
    const error = await failure(call('checkMaintenance', {}));
    expect(error.kind).toBe('server');
    expect(error.number).toBe(100);
    expect(error.message).toBe(
      'Enter a valid email address\nError Code 100\nToo many requests. Please wait a moment and try again.\nError Code 105',
    );
    // Not silenced: the alert is shown.
    expect(getAlerts()).toHaveLength(1);
    expect(formatAlertText(getAlerts()[0]!.entries)).toBe(error.message);
  });

  it('shows only the error with a negative number when there is one', () => {
    const entries = alertEntries('server', [
      { Number: 100, Message: 'First' },
      { Number: -7, Message: 'The negative one' },
      { Number: 101, Message: 'Third' },
    ]);
    expect(formatAlertText(entries)).toBe('The negative one\nError Code -7');
  });

  it('shows the catalogue numbers 1-4 as "Your request could not be completed."', () => {
    for (const n of [1, 2, 3, 4]) {
      const [entry] = alertEntries('server', [{ Number: n, Message: 'anything' }]);
      expect(entry?.message).toBe(MESSAGES.requestNotCompleted);
      expect(entry?.code).toBe(n);
    }
  });

  it('answers 415 with Unprocessable Request (number 2)', async () => {
    mockServer({ '/api/maintenance/checkmessage': { status: 415, raw: '' } });
    const error = await failure(call('checkMaintenance', {}));
    expect(error.kind).toBe('unprocessable');
    expect(error.number).toBe(2);
    expect(error.message).toBe(`${MESSAGES.requestNotCompleted}\n${MESSAGES.unprocessableRequest}\nError Code 2`);
  });

  it('treats a non-list body as endpoint not available (number 1)', async () => {
    mockServer({ '/api/maintenance/checkmessage': { status: 225, body: { oops: true } } });
    const error = await failure(call('checkMaintenance', {}));
    expect(error.kind).toBe('unavailable');
    expect(error.number).toBe(1);
    expect(error.message).toContain('Error Code 1');
  });

  it('treats an HTML error page as endpoint not available', async () => {
    mockServer({ '/api/maintenance/checkmessage': { status: 502, raw: '<html>Bad gateway</html>' } });
    const error = await failure(call('checkMaintenance', {}));
    expect(error.number).toBe(1);
  });

  it('treats a 200 that is not the expected JSON as a syntax error (number 4)', async () => {
    saveLoginToken('token-1', false);
    mockServer({ '/api/claim/getclaims': { status: 200, body: { not: 'a list' } } });
    const error = await failure(call('getClaims', {}));
    expect(error.kind).toBe('syntax');
    expect(error.number).toBe(4);
  });

  it('times out after 120 000 ms with "Sorry, request timed out. Please try again."', async () => {
    vi.useFakeTimers();
    document.cookie = '__Host-XSRF-TOKEN=x; path=/; secure';
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );
    const pending = failure(call('checkMaintenance', {}));
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('Sorry, request timed out. Please try again.');
  });

  it('does not alert a silenced call', async () => {
    mockServer({ '/api/maintenance/checkmessage': { status: 225, body: [{ Number: 105, Message: 'Slow down' }] } });
    await failure(call('checkMaintenance', {}, { silent: true }));
    expect(getAlerts()).toHaveLength(0);
  });

  it.each([8, 18, 21, 22, 24, 28])('forces a logout on token-expired number %i', async (number) => {
    saveLoginToken('token-1', true);
    expect(window.sessionStorage.getItem('currentUser')).not.toBeNull();
    expect(window.localStorage.getItem('rememberedSession')).toBe('1');
    const forced = vi.fn();
    const beforeLogout = vi.fn();
    const stop = onSignOut(forced);
    window.addEventListener(BEFORE_FORCED_LOGOUT_EVENT, beforeLogout);
    mockServer({ '/api/claim/getclaims': { status: 225, body: [{ Number: number, Message: 'expired' }] } });

    const error = await failure(call('getClaims', {}));

    expect(error.forcedLogout).toBe(true);
    expect(isSignedIn()).toBe(false);
    expect(window.localStorage.getItem('rememberedSession')).toBeNull();
    expect(window.sessionStorage.getItem('currentUser')).toBeNull();
    expect(forced).toHaveBeenCalledWith({ reason: number === 8 ? 'server-idle' : 'expired', forgetsDrafts: false });
    expect(beforeLogout).toHaveBeenCalledTimes(1);
    // 8 is the server's idle time-out: the login page says it was inactivity.
    expect(getSignedOutReason()).toBe(number === 8 ? 'idle' : 'expired');
    expect(getAlerts()).toHaveLength(0);
    stop();
    window.removeEventListener(BEFORE_FORCED_LOGOUT_EVENT, beforeLogout);
  });

  it('does not end a newer session for a late token-expired answer to an old token', async () => {
    saveLoginToken('new-token', false);
    mockServer({ '/api/account/logout': { status: 225, body: [{ Number: 21, Message: 'revoked' }] } });
    const error = await failure(call('logout', { AccessToken: 'old-token' }, { silent: true }));
    expect(error.forcedLogout).toBe(false);
    expect(isSignedIn()).toBe(true);
  });

  it('a per-call token (the survey token) replaces the session token and never signs the claimant out', async () => {
    saveLoginToken('claimant-token', false);
    const server = mockServer({
      '/api/nid/getnidassessment': { status: 200, body: { FormID: 'F', AcceptedTerms: true, Questions: [] } },
      '/api/nid/submitnidassessment': { status: 225, body: [{ Number: 18, Message: 'Session unknown' }] },
    });
    await call('surveyAssessment', {}, { token: 'survey-token' });
    expect(server.callsTo('/api/nid/getnidassessment')[0]?.body).toEqual({ AccessToken: 'survey-token' });
    const error = await failure(call('surveySubmit', {}, { token: 'survey-token', silent: true }));
    expect(error.number).toBe(18);
    expect(error.forcedLogout).toBe(false);
    expect(isSignedIn()).toBe(true);
  });

  it('reports a network failure as a script error (number 3)', async () => {
    document.cookie = '__Host-XSRF-TOKEN=x; path=/; secure';
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await failure(call('checkMaintenance', {}, { silent: true }));
    expect(error.kind).toBe('network');
    expect(error.number).toBe(3);
    expect(error.entries).toEqual([{ message: MESSAGES.connectionLost, code: 3 }]);
    expect(error.message).not.toContain('Failed to fetch');
  });
});
