/** Reading the access codes the portal sent: e-mail from the test's SMTP server, texts from its SMS webhook sink. */
import { nextCode as nextCodeIn } from '../../apps/server/test/mail-sink.ts';
import type { RunningServer } from './server.ts';

/** The code in the next e-mail to `to` that carries one (security notices go to the same address). */
export async function nextCode(server: RunningServer, to: string): Promise<string> {
  return nextCodeIn(server.mail, to);
}

/** The code in the next text to the mobile number `mobile` (as the portal holds it, e.g. 0412345678). */
export async function nextSmsCode(server: RunningServer, mobile: string): Promise<string> {
  return nextCodeIn(server.sms, mobile);
}

/** A 4-digit code that is not `code`. */
export function wrongCode(code: string): string {
  return code === '0000' ? '1111' : '0000';
}
