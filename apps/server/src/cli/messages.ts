/**
 * `message post`: a message to a claim's inbox, with files read from disk, through the provider
 * service's postMessage after the contracts' PostMessageRequest schema — the checks of
 * POST /provider/v1/messages, content sniffing of every attachment included.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PostMessageRequest } from '@portal/contracts';
import { postMessage } from '../modules/provider/service.ts';
import {
  CommandError,
  labelsByField,
  listOption,
  providerCall,
  requiredOption,
  validate,
  type Command,
  type Labeller,
} from './command.ts';

export const messageCommands: Command[] = [
  {
    name: 'message post',
    args: '--claim NN/NNNNN --subject TEXT --body TEXT [--file PATH]...',
    summary:
      "Posts a message to the claim's inbox (up to 5 files, the portal's document types) and notifies the claimant as the API does.",
    options: {
      claim: { type: 'string' },
      subject: { type: 'string' },
      body: { type: 'string' },
      file: { type: 'string', multiple: true },
    },
    required: ['claim', 'subject', 'body'],
    async run({ deps, fileStore }, { values }) {
      const files = listOption(values, 'file');
      const byField = labelsByField({
        ClaimNumber: '--claim (NN/NNNNN)',
        Subject: '--subject',
        Body: '--body',
        Attachments: '--file',
      });
      // An attachment's problem names the file it came from.
      const label: Labeller = (p) =>
        p[0] === 'Attachments' && typeof p[1] === 'number' && files[p[1]] !== undefined
          ? `--file ${files[p[1]]}`
          : byField(p);
      const attachments = [];
      for (const file of files) {
        const content = await fsp.readFile(file).catch((e: unknown) => {
          throw new CommandError(
            `cannot read ${file}: ${e instanceof Error && 'code' in e ? String(e.code) : String(e)}`,
          );
        });
        attachments.push({ Filename: path.basename(file), ContentBase64: content.toString('base64') });
      }
      const input = validate(
        PostMessageRequest,
        {
          ClaimNumber: requiredOption(values, 'claim'),
          Subject: requiredOption(values, 'subject'),
          Body: requiredOption(values, 'body'),
          Attachments: attachments,
        },
        label,
      );
      const posted = await providerCall(postMessage(deps, await fileStore(), input), label);
      const with_ = attachments.length ? ` with ${attachments.length} file${attachments.length === 1 ? '' : 's'}` : '';
      return {
        json: posted,
        text: [
          `Message ${posted.MessageId} posted to claim ${input.ClaimNumber}${with_}; ` +
            (posted.Notified
              ? 'the claimant will be notified'
              : 'no notification (not registered, not activated, or no channel chosen)'),
        ],
      };
    },
  },
];
