import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { bindEndpoint } from '../session/endpoint.ts';
import { resetPassword, startPasswordReset } from './reset.ts';
import { registerClaimant, sendUsername } from './service.ts';

/** Identity checks by personal details are limited per address far below the general limit. */
const RECOVERY_LIMIT = { rateLimit: { max: 10, timeWindow: 60_000 } };

function recovery(
  b: {
    FirstName: string;
    LastName: string;
    DateOfBirth: string;
    MobileNumber?: string | undefined;
    EmailAddress?: string | undefined;
    ClaimNumber: string;
  },
  address: string,
) {
  return {
    firstName: b.FirstName,
    lastName: b.LastName,
    dateOfBirth: b.DateOfBirth,
    mobile: b.MobileNumber || undefined,
    email: b.EmailAddress || undefined,
    claimNumber: b.ClaimNumber,
    address,
  };
}

export function registrationRoutes(app: FastifyInstance, deps: Deps): void {
  bindEndpoint(
    app,
    deps,
    ENDPOINTS.register,
    ({ body, request }) =>
      registerClaimant(deps, {
        address: request.ip,
        username: body.Username,
        dateOfBirth: body.DateOfBirth,
        firstName: body.FirstName,
        lastName: body.LastName,
        claimNumber: body.TACNumber,
        email: body.EmailAddress || undefined,
        mobile: body.MobileNumber || undefined,
        password: body.NewPassword,
        homeAddress: body.HomeAddress,
        postalAddress: body.PostalAddress,
      }),
    RECOVERY_LIMIT,
  );
  bindEndpoint(
    app,
    deps,
    ENDPOINTS.retrieveUsername,
    ({ body, request }) => sendUsername(deps, recovery(body, request.ip)),
    RECOVERY_LIMIT,
  );
  bindEndpoint(
    app,
    deps,
    ENDPOINTS.forgotPassword,
    ({ body, request }) => startPasswordReset(deps, recovery(body, request.ip)),
    RECOVERY_LIMIT,
  );
  bindEndpoint(
    app,
    deps,
    ENDPOINTS.resetPassword,
    ({ body }) => resetPassword(deps, { token: body.ResetPasswordToken, password: body.NewPassword }),
    RECOVERY_LIMIT,
  );
}
