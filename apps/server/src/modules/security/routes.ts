import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AccountActivated, ENDPOINTS } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { bindEndpoint } from '../session/endpoint.ts';
import { DEVICE_COOKIE, issueDeviceCookie, newDeviceId, readDeviceCookie, rememberDevice } from '../device/service.ts';
import * as security from './service.ts';
import * as verify from './verify.ts';

/** The browser has proved the claimant (a code or a second factor): known for 90 days. */
async function rememberBrowser(deps: Deps, request: FastifyRequest, reply: FastifyReply, accountId: string) {
  const deviceId = readDeviceCookie(deps, request.cookies[DEVICE_COOKIE]) ?? newDeviceId();
  await rememberDevice(deps, accountId, deviceId);
  issueDeviceCookie(deps, reply, deviceId);
}

export function securityRoutes(app: FastifyInstance, deps: Deps): void {
  const signInLimit = { rateLimit: { max: deps.config.loginRateLimitPerMinute, timeWindow: 60_000 } };
  bindEndpoint(app, deps, ENDPOINTS.getSecurityFactors, ({ auth }) => security.getFactors(deps, auth));
  bindEndpoint(app, deps, ENDPOINTS.sendSecurityCode, ({ auth }) => verify.sendSecurityCode(deps, auth));
  bindEndpoint(app, deps, ENDPOINTS.stepUpPasskeyOptions, ({ auth, body }) =>
    verify.stepUpPasskeyOptions(deps, auth, body.CodeType),
  );
  bindEndpoint(app, deps, ENDPOINTS.stepUp, ({ auth, body }) => verify.stepUp(deps, auth, body.CodeType, body.Proof));
  bindEndpoint(app, deps, ENDPOINTS.passkeyRegistrationOptions, ({ auth, body }) =>
    security.passkeyRegistrationOptions(deps, auth, body.SecureToken),
  );
  bindEndpoint(app, deps, ENDPOINTS.registerPasskey, ({ auth, body }) =>
    security.registerPasskey(deps, auth, { name: body.Name, response: body.Response }),
  );
  bindEndpoint(app, deps, ENDPOINTS.renamePasskey, ({ auth, body }) =>
    security.renamePasskey(deps, auth, { id: body.Id, name: body.Name }),
  );
  bindEndpoint(app, deps, ENDPOINTS.removePasskey, ({ auth, body }) =>
    security.removePasskey(deps, auth, { id: body.Id, secureToken: body.SecureToken }),
  );
  bindEndpoint(app, deps, ENDPOINTS.setUpAuthenticator, ({ auth, body }) =>
    security.setUpAuthenticator(deps, auth, body.SecureToken),
  );
  bindEndpoint(app, deps, ENDPOINTS.confirmAuthenticator, ({ auth, body }) =>
    security.confirmAuthenticator(deps, auth, body.Code),
  );
  bindEndpoint(app, deps, ENDPOINTS.removeAuthenticator, ({ auth, body }) =>
    security.removeAuthenticator(deps, auth, body.SecureToken),
  );
  bindEndpoint(app, deps, ENDPOINTS.newRecoveryCodes, ({ auth, body }) =>
    security.replaceRecoveryCodes(deps, auth, body.SecureToken),
  );
  bindEndpoint(app, deps, ENDPOINTS.loginFactors, ({ auth }) => verify.loginFactors(deps, auth));
  bindEndpoint(app, deps, ENDPOINTS.loginPasskeyOptions, ({ auth }) => verify.loginPasskeyOptions(deps, auth));
  bindEndpoint(app, deps, ENDPOINTS.verifyLoginWithFactor, async ({ auth, body, request, reply }) => {
    const signedIn = await verify.verifyLogin(deps, auth, body.Proof);
    await rememberBrowser(deps, request, reply, auth.accountId);
    return signedIn;
  });
  // Public, and each call keeps a challenge row: limited like the sign-in it starts.
  bindEndpoint(app, deps, ENDPOINTS.passkeySignInOptions, () => verify.passkeySignInOptions(deps), signInLimit);
  bindEndpoint(
    app,
    deps,
    ENDPOINTS.passkeySignIn,
    async ({ body, request, reply }) => {
      const { accountId, ...result } = await verify.passkeySignIn(deps, {
        response: body.Response,
        rememberMe: body.RememberMe,
        address: request.ip,
        previousToken: body.AccessToken ?? undefined,
        deviceId: readDeviceCookie(deps, request.cookies[DEVICE_COOKIE]),
      });
      if (result.AccountActivated === AccountActivated.Activated)
        await rememberBrowser(deps, request, reply, accountId);
      return result;
    },
    signInLimit,
  );
}
