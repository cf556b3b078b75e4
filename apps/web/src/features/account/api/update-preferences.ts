/**
 * POST /api/account/updatepreferences (spec 000 §7): SMS and Email, saved as each box is toggled.
 * Answers the preferences as saved (the server applies the same both-off rule).
 */
import { ENDPOINTS, type PreferencesResponse } from '@portal/contracts';
import type { z } from 'zod';
import { request } from '../../../lib/request.ts';
import type { PreferenceValues } from '../rules.ts';

export function updatePreferences(values: PreferenceValues): Promise<z.infer<typeof PreferencesResponse>> {
  return request<z.infer<typeof PreferencesResponse>>(ENDPOINTS.updatePreferences, {
    SMS: values.SMS,
    Email: values.Email,
  });
}
