/** Reading access codes the portal e-mailed, from the test's SMTP server. */
import type { RunningServer } from './server.ts';

export async function nextCode(server: RunningServer, to: string): Promise<string> {
  const message = await server.mail.next(to);
  const code = /code (?:for the .*? )?is (\d{4})/.exec(message.text)?.[1];
  if (!code) throw new Error(`no code in the message to ${to}`);
  return code;
}

/** A 4-digit code that is not `code`. */
export function wrongCode(code: string): string {
  return code === '0000' ? '1111' : '0000';
}
