import { EmptyRequest, Ok } from '../common.ts';
import {
  ChangeHelperRequest,
  HelperActivity,
  HelperIdRequest,
  HelperList,
  Helper,
  Invitation,
  InvitationRequest,
  InviteHelperRequest,
  RegisterHelperRequest,
} from '../helpers.ts';
import { RegisterResponse } from '../recovery.ts';
import { ClaimList } from '../claims.ts';
import { ROUTES } from '../routes.ts';
import { post, type AreaTable } from './define.ts';

/**
 * People who help (decision 041): the claimant's helpers, invited and ended, and what they did;
 * the helper's invitation, taken and left. No helper call is open to a helper acting for someone.
 */
export const HELPER_ENDPOINTS = {
  getHelpers: post(ROUTES.getHelpers, EmptyRequest, HelperList, "The claimant's helpers, invited, active and ended"),
  inviteHelper: post(
    ROUTES.inviteHelper,
    InviteHelperRequest,
    Helper,
    'Invites a helper (View or Send) to one claim: a single-use link valid 14 days to the contact given (needs a Security secure token)',
  ),
  withdrawInvitation: post(ROUTES.withdrawInvitation, HelperIdRequest, Ok, 'Withdraws an invitation not yet taken'),
  endHelper: post(ROUTES.endHelper, HelperIdRequest, Ok, "Ends a helper's access at once; the helper is told"),
  changeHelper: post(
    ROUTES.changeHelper,
    ChangeHelperRequest,
    Helper,
    'Changes what a helper the claimant invited can do, from their next call (more needs a Security secure token); the helper is told',
  ),
  endAllHelpers: post(
    ROUTES.endAllHelpers,
    EmptyRequest,
    Ok,
    'Remove everyone now: ends every helper and invitation at once, and tells no helper',
  ),
  getHelperActivity: post(
    ROUTES.getHelperActivity,
    EmptyRequest,
    HelperActivity,
    'What each helper did for the claimant, newest first',
  ),
  getInvitation: post(
    ROUTES.getInvitation,
    InvitationRequest,
    Invitation,
    'What an invitation link offers (no sign-in); not found once taken, withdrawn or expired',
  ),
  registerHelper: post(
    ROUTES.registerHelper,
    RegisterHelperRequest,
    RegisterResponse,
    "A helper's own account from an open invitation; answers a registration token (the activation code goes to the contact invited)",
  ),
  acceptInvitation: post(
    ROUTES.acceptInvitation,
    InvitationRequest,
    ClaimList,
    'Takes an invitation for the signed-in account (once); answers the claims list with the claim helped',
  ),
  leaveHelping: post(ROUTES.leaveHelping, HelperIdRequest, Ok, 'The helper ends their own help with a claim'),
} satisfies AreaTable<'helpers'>;
