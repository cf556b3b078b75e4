/**
 * The forgot-password → reset-password hand-over (spec 001 §4 "Forgot password. Success stores
 * the reset token and goes to the reset page" — the username is no longer answered: it goes only
 * to the contacts on record, decision 023; spec 000 §4 "Forgot-password pages
 * need a stored forgot-password token, else /login"). Kept in sessionStorage: this tab only, and
 * gone when it closes. The token is single-use and expires after 30 minutes on the server.
 */
import { readItem, removeItem, writeItem } from '../platform/safe-storage.ts';

const PASSWORD_RESET_KEY = 'passwordReset';

export type PasswordResetState = {
  ResetPasswordToken: string;
  FirstName: string;
};

export function savePasswordReset(state: PasswordResetState): void {
  writeItem('session', PASSWORD_RESET_KEY, JSON.stringify(state));
}

export function getPasswordReset(): PasswordResetState | undefined {
  const raw = readItem('session', PASSWORD_RESET_KEY);
  if (!raw) return undefined;
  try {
    const v = JSON.parse(raw) as Partial<PasswordResetState> | null;
    if (!v || typeof v.ResetPasswordToken !== 'string' || v.ResetPasswordToken === '') return undefined;
    return {
      ResetPasswordToken: v.ResetPasswordToken,
      FirstName: typeof v.FirstName === 'string' ? v.FirstName : '',
    };
  } catch {
    return undefined;
  }
}

export function clearPasswordReset(): void {
  removeItem('session', PASSWORD_RESET_KEY);
}
