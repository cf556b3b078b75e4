/**
 * POST /api/documentupload/uploaddetailsrequest — personal details change, step 1 (spec 000 §4
 * "Personal details change"): creates the request and answers its Identifier, the FormId its
 * supporting files are uploaded with. The body is the form as typed (dd/mm/yyyy): the server
 * parses it with the same DetailsRequestRequest schema. Silent: the form handles the failure.
 */
import type { DetailsRequestRequest } from '@portal/contracts';
import { call, type CallAnswer, type CallBody } from '../../../lib/request/call.ts';

export type DetailsRequestBody = Omit<DetailsRequestRequest, 'AccessToken'>;

export function uploadDetailsRequest(body: DetailsRequestBody): Promise<CallAnswer<'uploadDetailsRequest'>> {
  const payload: CallBody<'uploadDetailsRequest'> = {
    FirstName: body.FirstName,
    MiddleNames: body.MiddleNames ?? '',
    Surname: body.Surname,
    DateOfBirth: body.DateOfBirth,
    Reason: body.Reason,
  };
  if (body.OtherReason !== undefined && body.OtherReason !== '') payload.OtherReason = body.OtherReason;
  return call('uploadDetailsRequest', payload, {
    silent: true,
    loadingMessage: 'Sending your request',
  });
}
