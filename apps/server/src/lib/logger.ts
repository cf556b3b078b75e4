import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * Passwords, tokens, codes and bank numbers never reach the logs: request bodies are not
 * logged at all, and these paths are censored wherever they appear in a logged object.
 */
const SECRET_KEYS = [
  'Password', 'password', 'OldPassword', 'NewPassword', 'ReEnterPassword',
  'AccessToken', 'accessToken', 'token', 'SecurityCode', 'code',
  'AccountNumber', 'BankAccNo', 'accountNumber', 'ResetPasswordToken', 'SecureToken',
];
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
];

export function createLogger(level: string, stream?: DestinationStream): Logger {
  return pino({ level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, stream);
}
