/**
 * `helpers list|remove-all`: the people who help a claimant (decision 041), from a shell. `list`
 * names each helper, the claim, the scope and where it stands (the contact masked, as the
 * claimant sees it). `remove-all` is "Remove everyone now" for a claimant who asks by phone
 * (after an identity check): every helper's access and every invitation ends at once, no helper
 * is told, and it is audited.
 */
import { endAllHelpers, findHelpers } from '../modules/helpers/service.ts';
import { accountOf } from './claimant-account.ts';
import type { Command } from './command.ts';

export const helperCommands: Command[] = [
  {
    name: 'helpers list',
    args: 'CLAIMANT_REF',
    summary: "The claimant's people who help: name, masked contact, claim, scope and state, newest first.",
    positionals: [1, 1],
    async run({ deps }, { positionals }) {
      const { ref, accountId } = await accountOf(deps, positionals[0] as string);
      const helpers = await findHelpers(deps, { accountId });
      return {
        json: { ClaimantRef: ref, Helpers: helpers },
        text:
          helpers.length === 0
            ? [`${ref} has no people who help`]
            : helpers.map(
                (h) =>
                  `${h.Name} (${h.Contact}) — claim ${h.ClaimNumber}, ${h.Scope}, ${h.State}` +
                  (h.EndsOn ? `, last day ${h.EndsOn}` : ''),
              ),
      };
    },
  },
  {
    name: 'helpers remove-all',
    args: 'CLAIMANT_REF',
    summary:
      "After an identity check by phone: ends every helper's access and every invitation of the claimant at once " +
      '("Remove everyone now"), tells no helper, and audits it.',
    positionals: [1, 1],
    async run({ deps }, { positionals }) {
      const { ref, accountId } = await accountOf(deps, positionals[0] as string);
      const ended = await endAllHelpers(deps, { accountId, sessionId: null });
      return {
        json: { ClaimantRef: ref, Ended: ended },
        text: [
          ended === 0
            ? `${ref} had no people who help: nothing ended`
            : `Ended ${ended} helper${ended === 1 ? '' : 's'} and invitation${ended === 1 ? '' : 's'} of ${ref}; no helper is told`,
        ],
      };
    },
  },
];
