/**
 * POST /api/account/updatepreferences (spec 000 §7): SMS and Email, saved as each box is toggled.
 * Answers the preferences as saved (the server applies the same both-off rule).
 */
import { call, type CallAnswer } from '../../../lib/request/call.ts';
import type { PreferenceValues } from '../rules.ts';

export function updatePreferences(values: PreferenceValues): Promise<CallAnswer<'updatePreferences'>> {
  return call('updatePreferences', {
    SMS: values.SMS,
    Email: values.Email,
  });
}
