/**
 * `apikey …`, `outbox …` (cli/outbox.ts), `maintenance …`: the operator's side of the provider integration.
 * A key's secret is printed once, when it is created, and never again (only its hash is kept).
 */
import { PROVIDER_SCOPES, SetMaintenanceRequest, type ProviderScope } from '@portal/contracts';
import { createApiKey, listApiKeys, revokeApiKey } from '../modules/provider/keys.ts';
import { setMaintenance } from '../modules/provider/portal-content.ts';
import {
  CommandError,
  iso,
  labelsByField,
  providerCall,
  requiredOption,
  stringOption,
  validate,
  type Command,
} from './command.ts';
import { outboxCommands } from './outbox.ts';

const isScope = (s: string): s is ProviderScope => (PROVIDER_SCOPES as readonly string[]).includes(s);

function parseScopes(text: string): ProviderScope[] {
  const given = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = given.filter((s) => !isScope(s));
  if (given.length === 0 || unknown.length) {
    throw new CommandError(
      given.length === 0 ? 'no scopes given' : `unknown scope${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`,
      [`valid scopes: ${PROVIDER_SCOPES.join(', ')}`],
    );
  }
  return given.filter(isScope);
}

export const operationCommands: Command[] = [
  {
    name: 'apikey create',
    args: '--name NAME --scopes SCOPE[,SCOPE...]',
    summary: `Creates a provider API key and prints it once. Scopes: ${PROVIDER_SCOPES.join(', ')}.`,
    options: { name: { type: 'string' }, scopes: { type: 'string' } },
    required: ['name', 'scopes'],
    async run({ deps }, { values }) {
      const name = requiredOption(values, 'name').trim();
      if (!name || name.length > 100) throw new CommandError('--name must be 1–100 characters');
      const scopes = [...new Set(parseScopes(requiredOption(values, 'scopes')))];
      const { id, key } = await createApiKey(deps.db, deps.clock.now(), { name, scopes });
      return {
        json: { Id: id, Name: name, Scopes: scopes, Key: key },
        text: [
          `Created API key ${id} "${name}" (${scopes.join(', ')}).`,
          'It is shown this once; store it now (send it as Authorization: Bearer <key>):',
          key,
        ],
      };
    },
  },
  {
    name: 'apikey revoke',
    args: 'ID',
    summary: 'Revokes a key at once: its next request gets 401.',
    positionals: [1, 1],
    async run({ deps }, { positionals }) {
      const id = positionals[0] as string;
      if (!(await revokeApiKey(deps.db, deps.clock.now(), id)))
        throw new CommandError(`No active API key ${id} (unknown or already revoked)`);
      return { json: { Id: id, Revoked: true }, text: [`Revoked API key ${id}.`] };
    },
  },
  {
    name: 'apikey list',
    args: '',
    summary: 'Every key with its scopes and last use (never a secret).',
    async run({ deps }) {
      const keys = (await listApiKeys(deps.db)).map((k) => ({
        Id: k.id,
        Name: k.name,
        Scopes: k.scopes,
        CreatedAt: iso(k.created_at),
        LastUsedAt: iso(k.last_used_at),
        RevokedAt: iso(k.revoked_at),
      }));
      return {
        json: keys,
        text: keys.length
          ? keys.map(
              (k) =>
                `${k.Id}  "${k.Name}"  ${k.Scopes.join(',')}  created ${k.CreatedAt}  last used ${k.LastUsedAt ?? 'never'}` +
                (k.RevokedAt ? `  REVOKED ${k.RevokedAt}` : ''),
            )
          : ['No API keys.'],
      };
    },
  },
  ...outboxCommands,
  {
    name: 'maintenance set',
    args: '"MESSAGE" ["MESSAGE"...] [--until ISO-DATETIME]',
    summary: 'Shows the message(s) on the sign-in page (up to 5), until the given time if any.',
    options: { until: { type: 'string' } },
    positionals: [1, 5],
    async run({ deps }, { values, positionals }) {
      const until = stringOption(values, 'until');
      const label = labelsByField({ Messages: 'MESSAGE', EndsAt: '--until (e.g. 2026-11-21T18:00:00+11:00)' });
      const input = validate(
        SetMaintenanceRequest,
        { Messages: positionals, ...(until === undefined ? {} : { EndsAt: until }) },
        label,
      );
      await providerCall(setMaintenance(deps, input), label);
      return {
        json: { Messages: input.Messages, EndsAt: input.EndsAt ?? null },
        text: [
          `Maintenance message${input.Messages.length > 1 ? 's' : ''} set${input.EndsAt ? ` until ${input.EndsAt}` : ' until cleared'}.`,
        ],
      };
    },
  },
  {
    name: 'maintenance clear',
    args: '',
    summary: 'Removes the maintenance messages.',
    async run({ deps }) {
      await providerCall(setMaintenance(deps, { Messages: [] }));
      return { json: { Messages: [], EndsAt: null }, text: ['Maintenance messages cleared.'] };
    },
  },
];
