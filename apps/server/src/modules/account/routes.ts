import type { FastifyInstance } from 'fastify';
import { AccountActivated, ENDPOINTS } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { bindEndpoint } from '../session/endpoint.ts';
import { DEVICE_COOKIE, issueDeviceCookie, readDeviceCookie } from '../device/service.ts';
import { REMEMBER_COOKIE, forgetRememberedSession, rememberSession, resumeSession } from '../session/remember.ts';
import { endSession } from '../session/service.ts';
import { findAccount, findClaimantDetails, keepAlive, prepareDummyHash, signIn, verifyBankDetails } from './service.ts';
import { updateClaimantContactDetails, updateContactDetails } from './contact-details.ts';
import { updateBankDetails, updatePassword, updatePreferences } from './updates.ts';

export function accountRoutes(app: FastifyInstance, deps: Deps): void {
  prepareDummyHash();
  bindEndpoint(
    app,
    deps,
    ENDPOINTS.login,
    async ({ body, request, reply }) => {
      const deviceId = readDeviceCookie(deps, request.cookies[DEVICE_COOKIE]);
      const result = await signIn(deps, {
        username: body.EmailAddress,
        password: body.Password,
        rememberMe: body.RememberMe,
        address: request.ip,
        previousToken: body.AccessToken ?? undefined,
        deviceId,
      });
      // A known browser that signed in is seen again: its 90 days start over in the cookie too
      // (the record was renewed by signIn), or the browser would drop it 90 days after it was set.
      if (deviceId && result.AccountActivated === AccountActivated.Activated) issueDeviceCookie(deps, reply, deviceId);
      return result;
    },
    { rateLimit: { max: deps.config.loginRateLimitPerMinute, timeWindow: 60_000 } },
  );
  bindEndpoint(app, deps, ENDPOINTS.logout, async ({ body, reply }) => {
    await endSession(deps, body.AccessToken);
    forgetRememberedSession(reply);
    return true as const;
  });
  bindEndpoint(app, deps, ENDPOINTS.rememberSession, ({ auth, body, reply }) =>
    rememberSession(deps, auth, body.AccessToken ?? '', reply),
  );
  bindEndpoint(app, deps, ENDPOINTS.resumeSession, ({ request, reply }) =>
    resumeSession(deps, request.cookies[REMEMBER_COOKIE], reply),
  );
  bindEndpoint(app, deps, ENDPOINTS.keepAlive, async () => keepAlive());
  bindEndpoint(app, deps, ENDPOINTS.getAccount, ({ auth }) => findAccount(deps, auth));
  bindEndpoint(app, deps, ENDPOINTS.verifyBankDetails, ({ auth }) => verifyBankDetails(deps, auth));
  bindEndpoint(app, deps, ENDPOINTS.updatePreferences, ({ auth, body }) => updatePreferences(deps, auth, body));
  bindEndpoint(app, deps, ENDPOINTS.updatePassword, ({ auth, body }) =>
    updatePassword(deps, auth, { oldPassword: body.OldPassword, newPassword: body.NewPassword }),
  );
  bindEndpoint(app, deps, ENDPOINTS.updateBankDetails, ({ auth, body }) =>
    updateBankDetails(deps, auth, {
      accountName: body.AccountName,
      bsb: body.Bsb,
      accountNumber: body.AccountNumber,
      secureToken: body.SecureToken,
    }),
  );
  bindEndpoint(app, deps, ENDPOINTS.updateContactDetails, ({ auth, body }) => updateContactDetails(deps, auth, body));
  bindEndpoint(app, deps, ENDPOINTS.getClaimantDetails, ({ auth }) => findClaimantDetails(deps, auth));
  bindEndpoint(app, deps, ENDPOINTS.updateClaimantContactDetails, ({ auth, body }) =>
    updateClaimantContactDetails(deps, auth, body),
  );
}
