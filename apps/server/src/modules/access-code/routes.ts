import type { FastifyInstance } from 'fastify';
import { ENDPOINTS, ErrorNumber } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { bindEndpoint } from '../session/endpoint.ts';
import { DEVICE_COOKIE, issueDeviceCookie, newDeviceId, readDeviceCookie, rememberDevice } from '../device/service.ts';
import { sendAccessCode, voidAccessCodes } from './service.ts';
import { completeLoginWithCode, issueSecureToken, loginCodeTarget } from './sign-in.ts';

/** While signed in a code always protects one kind of edit: CodeType is required. */
function requireCodeType(codeType: number | undefined): number {
  if (codeType === undefined) throw new AppError(ErrorNumber.Validation, 'CodeType is required', 'CodeType');
  return codeType;
}

export function accessCodeRoutes(app: FastifyInstance, deps: Deps): void {
  bindEndpoint(app, deps, ENDPOINTS.generateCodeForLogin, ({ auth }) => sendAccessCode(deps, loginCodeTarget(auth)));
  bindEndpoint(app, deps, ENDPOINTS.validateCodeForLogin, async ({ auth, body, request, reply }) => {
    const signedIn = await completeLoginWithCode(deps, auth, body.SecurityCode);
    // This browser has now proved the claimant's channel: it is known for 90 days.
    const deviceId = readDeviceCookie(deps, request.cookies[DEVICE_COOKIE]) ?? newDeviceId();
    await rememberDevice(deps, auth.accountId, deviceId);
    issueDeviceCookie(deps, reply, deviceId);
    return signedIn;
  });
  bindEndpoint(app, deps, ENDPOINTS.expireCodeForLogin, ({ auth }) =>
    voidAccessCodes(deps, { ...loginCodeTarget(auth), codeType: null }),
  );
  bindEndpoint(app, deps, ENDPOINTS.generateCodeWhileLoggedIn, ({ auth, body }) =>
    sendAccessCode(deps, { accountId: auth.accountId, purpose: 'secure', codeType: requireCodeType(body.CodeType) }),
  );
  bindEndpoint(app, deps, ENDPOINTS.validateCodeWhileLoggedIn, ({ auth, body }) =>
    issueSecureToken(deps, auth, requireCodeType(body.CodeType), body.SecurityCode),
  );
  bindEndpoint(app, deps, ENDPOINTS.expireCodeWhileLoggedIn, ({ auth, body }) =>
    voidAccessCodes(deps, { accountId: auth.accountId, purpose: 'secure', codeType: requireCodeType(body.CodeType) }),
  );
}
