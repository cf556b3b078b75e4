/**
 * The changes of My Details' "People who help" (decision 041): inviting someone (spends a
 * Security secure token), changing what a helper can do, withdrawing an invitation, ending one
 * helper's access, and "Remove everyone now". Silent: the block shows each error beside what was being done. After each, the
 * block reads the helpers again (useReloadHelpers).
 */
import { call, type CallAnswer, type CallBody } from '../../../lib/request/call.ts';

export type InviteBody = CallBody<'inviteHelper'>;

export function inviteHelper(body: InviteBody): Promise<CallAnswer<'inviteHelper'>> {
  return call('inviteHelper', body, { silent: true, loadingMessage: 'Sending the invitation…' });
}

export function withdrawInvitation(id: string): Promise<true> {
  return call('withdrawInvitation', { Id: id }, { silent: true, loadingMessage: 'Withdrawing the invitation…' });
}

export function endHelper(id: string): Promise<true> {
  return call('endHelper', { Id: id }, { silent: true, loadingMessage: 'Ending their access…' });
}

export function endAllHelpers(): Promise<true> {
  return call('endAllHelpers', {}, { silent: true, loadingMessage: 'Removing everyone…' });
}

export type ChangeBody = CallBody<'changeHelper'>;

/** What a helper can do: more spends a Security secure token, less needs none. */
export function changeHelper(body: ChangeBody): Promise<CallAnswer<'changeHelper'>> {
  return call('changeHelper', body, { silent: true, loadingMessage: 'Saving what they can do…' });
}
