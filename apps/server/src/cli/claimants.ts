/**
 * `claimant add|show`, `claim add|flag`: the provider API's claimant operations from a shell.
 * Every write goes through the provider service's upsertClaimant after the contracts'
 * UpsertClaimantRequest schema, so the CLI accepts exactly what the API accepts.
 */
import type { z } from 'zod';
import { ClaimantRefParams, ProviderClaim, UpsertClaimantRequest } from '@portal/contracts';
import type { Deps } from '../deps.ts';
import { ProviderError } from '../modules/provider/errors.ts';
import { findClaimant, upsertClaimant } from '../modules/provider/service.ts';
import {
  CommandError,
  UsageError,
  labelsByField,
  providerCall,
  requiredOption,
  stringOption,
  switchOption,
  validate,
  type Command,
  type Result,
} from './command.ts';

type Claimant = Awaited<ReturnType<typeof findClaimant>>;
type UpsertInput = z.input<typeof UpsertClaimantRequest>;

const label = labelsByField({
  ref: '--ref',
  Title: '--title (1-7)',
  FirstName: '--first',
  MiddleNames: '--middle',
  Surname: '--surname',
  DateOfBirth: '--dob (YYYY-MM-DD)',
  Email: '--email',
  Mobile: '--mobile',
  Number: '--number (NN/NNNNN)',
  AccidentDate: '--accident-date (YYYY-MM-DD)',
  Location: '--location',
});

const checkRef = (ref: string) => validate(ClaimantRefParams, { ref }, label).ref;

/** The claimant as an upsert input that changes nothing (a read returns the title and flags). */
async function currentClaimant(deps: Deps, ref: string): Promise<{ shown: Claimant; input: UpsertInput } | undefined> {
  const shown = await findClaimant(deps, ref).catch((e: unknown) => {
    if (e instanceof ProviderError && e.status === 404) return undefined;
    throw e;
  });
  if (!shown) return undefined;
  return {
    shown,
    input: {
      Title: shown.Title,
      FirstName: shown.FirstName,
      MiddleNames: shown.MiddleNames,
      Surname: shown.Surname,
      DateOfBirth: shown.DateOfBirth,
      MobileEditDisabled: shown.MobileEditDisabled,
      EmailEditDisabled: shown.EmailEditDisabled,
      VerifySignIn: shown.VerifySignIn,
    },
  };
}

async function requireClaimant(deps: Deps, ref: string) {
  const current = await currentClaimant(deps, ref);
  if (!current) throw new CommandError(`Claimant ${ref} not found`);
  return current;
}

const yesNo = (b: boolean) => (b ? 'yes' : 'no');
const onOff = (b: boolean) => (b ? 'on' : 'off');

function claimLine(c: Claimant['Claims'][number]): string {
  return (
    `  ${c.Number}  accident ${c.AccidentDate}  ${c.Location ?? '(no location)'}` +
    `  state trustee ${onOff(c.StateTrustee)}  bank edit ${onOff(c.BankEditAllowed)}`
  );
}

function claimantResult(c: Claimant, headline: string): Result {
  const name = [c.FirstName, c.MiddleNames, c.Surname].filter(Boolean).join(' ');
  return {
    json: c,
    text: [
      `${headline}${c.ClaimantRef}  ${name}  born ${c.DateOfBirth}  registered: ${yesNo(c.Registered)}  claims: ${c.Claims.length}`,
      ...c.Claims.map(claimLine),
    ],
  };
}

export const claimantCommands: Command[] = [
  {
    name: 'claimant add',
    args: '--ref REF --first NAME --surname NAME --dob YYYY-MM-DD [--middle NAMES] [--title 1-7] [--email ADDRESS] [--mobile 04XXXXXXXX]',
    summary:
      "Creates or updates a claimant by the claims system's reference (as PUT /provider/v1/claimants/REF). " +
      'An existing claimant keeps their claims, title and edit locks unless given; e-mail and mobile only fill what the portal does not hold.',
    options: {
      ref: { type: 'string' },
      first: { type: 'string' },
      middle: { type: 'string' },
      surname: { type: 'string' },
      dob: { type: 'string' },
      title: { type: 'string' },
      email: { type: 'string' },
      mobile: { type: 'string' },
    },
    required: ['ref', 'first', 'surname', 'dob'],
    async run({ deps }, { values }) {
      const ref = checkRef(requiredOption(values, 'ref'));
      const title = stringOption(values, 'title');
      const existing = await currentClaimant(deps, ref);
      const input = validate(
        UpsertClaimantRequest,
        {
          ...existing?.input,
          ...(title === undefined ? {} : { Title: Number(title) }),
          FirstName: requiredOption(values, 'first'),
          MiddleNames: stringOption(values, 'middle') ?? '',
          Surname: requiredOption(values, 'surname'),
          DateOfBirth: requiredOption(values, 'dob'),
          Email: stringOption(values, 'email') ?? null,
          Mobile: stringOption(values, 'mobile') ?? null,
          Claims: [],
        } satisfies UpsertInput,
        label,
      );
      const saved = await providerCall(upsertClaimant(deps, ref, input), label);
      return claimantResult(saved, existing ? 'Updated ' : 'Added ');
    },
  },
  {
    name: 'claimant show',
    args: 'REF',
    summary: 'The claimant and their claims.',
    positionals: [1, 1],
    async run({ deps }, { positionals }) {
      const ref = checkRef(positionals[0] as string);
      const { shown } = await requireClaimant(deps, ref);
      return claimantResult(shown, '');
    },
  },
  {
    name: 'claim add',
    args: '--ref REF --number NN/NNNNN --accident-date YYYY-MM-DD [--location TEXT]',
    summary: "Adds a claim to the claimant's list, or updates its date and location (its flags are kept).",
    options: {
      ref: { type: 'string' },
      number: { type: 'string' },
      'accident-date': { type: 'string' },
      location: { type: 'string' },
    },
    required: ['ref', 'number', 'accident-date'],
    async run({ deps }, { values }) {
      const ref = checkRef(requiredOption(values, 'ref'));
      const number = requiredOption(values, 'number');
      const { shown, input } = await requireClaimant(deps, ref);
      const before = shown.Claims.find((c) => c.Number === number);
      const claim = {
        Number: number,
        AccidentDate: requiredOption(values, 'accident-date'),
        Location: stringOption(values, 'location') ?? before?.Location ?? null,
        StateTrustee: before?.StateTrustee ?? false,
        BankEditAllowed: before?.BankEditAllowed ?? true,
      };
      // Claims are added or updated, never removed by omission: the one claim is enough.
      const checked = validate(UpsertClaimantRequest, { ...input, Claims: [claim] }, label);
      const saved = await providerCall(upsertClaimant(deps, ref, checked), label);
      const after = saved.Claims.find((c) => c.Number === number);
      return {
        json: saved,
        text: [`${before ? 'Updated' : 'Added'} claim ${number} of ${ref}`, ...(after ? [claimLine(after)] : [])],
      };
    },
  },
  {
    name: 'claim flag',
    args: 'NUMBER [--state-trustee on|off] [--bank-edit on|off]',
    summary: 'Sets whether the State Trustees manage the claim and whether the claimant may change bank details on it.',
    options: { 'state-trustee': { type: 'string' }, 'bank-edit': { type: 'string' } },
    positionals: [1, 1],
    async run({ deps }, { values, positionals }) {
      const stateTrustee = switchOption(values, 'state-trustee');
      const bankEdit = switchOption(values, 'bank-edit');
      if (stateTrustee === undefined && bankEdit === undefined)
        throw new UsageError('give --state-trustee on|off, --bank-edit on|off, or both');
      const number = validate(ProviderClaim.shape.Number, positionals[0], () => 'NUMBER (NN/NNNNN)');
      const owner = await deps.db
        .selectFrom('claims')
        .innerJoin('claimants', 'claimants.id', 'claims.claimant_id')
        .select(['claimants.provider_ref'])
        .where('claims.number', '=', number)
        .executeTakeFirst();
      if (!owner) throw new CommandError(`Claim ${number} not found`);
      if (!owner.provider_ref) {
        // The service keeps claims by the claims system's reference; one loaded before the
        // integration is linked by the first upsert that names this claim (same date of birth).
        throw new CommandError(`Claim ${number} belongs to a claimant with no claims-system reference yet`, [
          'link them first: PUT /provider/v1/claimants/{ref} with their names, date of birth and this claim',
        ]);
      }
      const ref = owner.provider_ref;
      const { shown, input } = await requireClaimant(deps, ref);
      const before = shown.Claims.find((c) => c.Number === number);
      if (!before) throw new CommandError(`Claim ${number} not found`);
      const claim = {
        ...before,
        StateTrustee: stateTrustee ?? before.StateTrustee,
        BankEditAllowed: bankEdit ?? before.BankEditAllowed,
      };
      const checked = validate(UpsertClaimantRequest, { ...input, Claims: [claim] }, label);
      const saved = await providerCall(upsertClaimant(deps, ref, checked), label);
      const after = saved.Claims.find((c) => c.Number === number) ?? claim;
      return {
        json: after,
        text: [
          `Claim ${number} of ${ref}: state trustee ${onOff(after.StateTrustee)}, bank edit ${onOff(after.BankEditAllowed)}`,
        ],
      };
    },
  },
];
