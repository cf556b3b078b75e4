/**
 * POST /api/account/register (spec 001 §3 "Identity model"). Answers the registration token.
 * Silent: the form lists the server's answer under 'There are n errors in this form' (56 not
 * found / under 16, 110 username taken, 111 already registered, 100 a field); anything else is
 * shown with the app's alert by the page. The body is the form's values as typed (dd/mm/yyyy,
 * NN/NNNNN): the server parses them with the same RegisterRequest schema.
 */
import { MESSAGES, type RegisterRequest } from '@portal/contracts';
import { call, type CallAnswer } from '../../../lib/request/call.ts';

export type RegisterValues = Omit<RegisterRequest, 'AccessToken'>;

export function register(values: RegisterValues): Promise<CallAnswer<'register'>> {
  const body = {
    Username: values.Username,
    DateOfBirth: values.DateOfBirth,
    FirstName: values.FirstName,
    MiddleName: values.MiddleName ?? '',
    LastName: values.LastName,
    TACNumber: values.TACNumber,
    EmailAddress: values.EmailAddress ?? '',
    MobileNumber: values.MobileNumber ?? '',
    NewPassword: values.NewPassword,
    ReEnterPassword: values.ReEnterPassword,
    HomeAddress: values.HomeAddress,
    PostalAddress: values.PostalAddress,
  };
  return call('register', body, {
    silent: true,
    withToken: false,
    // spec 001 §4: "During the request a loading overlay reads …"
    loadingMessage: MESSAGES.processing,
  });
}
