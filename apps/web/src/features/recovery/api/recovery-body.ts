/** The forgot-username and forgot-password body (spec 001 §3), as typed: the server parses it with RecoveryRequest. */
import type { RecoveryRequest } from '@portal/contracts';

export type RecoveryValues = Omit<RecoveryRequest, 'AccessToken'>;

export function recoveryBody(values: RecoveryValues) {
  return {
    FirstName: values.FirstName,
    LastName: values.LastName,
    DateOfBirth: values.DateOfBirth,
    MobileNumber: values.MobileNumber ?? '',
    EmailAddress: values.EmailAddress ?? '',
    ClaimNumber: values.ClaimNumber,
  };
}
