/**
 * `helpers list|end|remove-all`: the people who help a claimant (decision 041), from a shell.
 * `list` names each helper, the claim, the scope and where it stands (the contact masked, as the
 * claimant sees it). `end` is the claimant's end of one helper, for a claimant who asks by phone:
 * the helper (by the HelperReference the claims system's events and its helper list name) loses
 * access to the claimant's claims at once, is told, and it is audited with no session.
 * `remove-all` is "Remove everyone now" for a claimant who asks by phone (after an identity
 * check): every helper's access and every invitation ends at once, no helper is told, and it is
 * audited.
 */
import { z } from 'zod';
import { endHelpers, endAllHelpers } from '../modules/helpers/service.ts';
import { findHelpersForOperator } from '../modules/helpers/views.ts';
import { accountOf } from './claimant-account.ts';
import { CommandError, validate, type Command } from './command.ts';

const HelperRef = z.strictObject({ helper: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'a HelperReference') });

export const helperCommands: Command[] = [
  {
    name: 'helpers list',
    args: 'CLAIMANT_REF',
    summary:
      "The claimant's people who help: name, masked contact, claim, scope, state and HelperReference (what " +
      '`helpers end` takes; none until the invitation is taken), newest first.',
    positionals: [1, 1],
    async run({ deps }, { positionals }) {
      const { ref, accountId } = await accountOf(deps, positionals[0] as string);
      const helpers = await findHelpersForOperator(deps, { accountId });
      return {
        json: { ClaimantRef: ref, Helpers: helpers },
        text:
          helpers.length === 0
            ? [`${ref} has no people who help`]
            : helpers.map(
                (h) =>
                  `${h.Name} (${h.Contact}) — claim ${h.ClaimNumber}, ${h.Scope}, ${h.State}` +
                  (h.EndsOn ? `, last day ${h.EndsOn}` : '') +
                  (h.HelperReference ? `, HelperReference ${h.HelperReference}` : ''),
              ),
      };
    },
  },
  {
    name: 'helpers end',
    args: 'CLAIMANT_REF HELPERREF',
    summary:
      "Ends one helper's access to the claimant's claims at once, as the claimant's end does (the helper is told), " +
      'and audits it; HELPERREF is the HelperReference of helper-change events and GET …/helpers.',
    positionals: [2, 2],
    async run({ deps }, { positionals }) {
      const { ref, accountId } = await accountOf(deps, positionals[0] as string);
      const { helper } = validate(HelperRef, { helper: positionals[1] }, () => 'HELPERREF');
      const ended = await endHelpers(deps, { accountId, sessionId: null }, { helperAccountId: helper });
      if (ended.length === 0) throw new CommandError(`${ref} has no active helper ${helper}`);
      return {
        json: { ClaimantRef: ref, HelperReference: helper, Ended: ended.map((g) => g.claim_number) },
        text: [
          `Ended ${ended[0]?.helper_name ?? helper}'s access to ${ended.map((g) => g.claim_number).join(', ')}; the helper is told`,
        ],
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
