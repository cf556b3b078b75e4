/**
 * The operator CLI's building blocks: what a command is, the two kinds of expected failure
 * (a usage error exits 2, a refused or failed operation exits 1) and the small helpers every
 * command shares to read its options and check its input with the contracts' schemas.
 */
import type { ParseArgsConfig } from 'node:util';
import type { z } from 'zod';
import type { Deps } from '../deps.ts';
import type { FileStore } from '../storage/file-store.ts';
import { ProviderError } from '../modules/provider/errors.ts';

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;
export type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

type Context = { deps: Deps; fileStore: () => Promise<FileStore> };

/** What a command answers: `json` for --json, `text` (short lines) otherwise. */
export type Result = { json: unknown; text: string[] };

export type Command = {
  /** The words that select it, e.g. "claimant add". */
  name: string;
  /** What follows the name in the usage text. */
  args: string;
  summary: string;
  options?: OptionSpec;
  /** Options that must be given (checked before the database is opened). */
  required?: string[];
  /** How many positional arguments it takes: [min, max]. */
  positionals?: [number, number];
  run: (ctx: Context, input: { values: Values; positionals: string[] }) => Promise<Result>;
};

/** Wrong words or options: the usage text helps. Exit code 2. */
export class UsageError extends Error {}

/** An expected failure (not found, invalid, refused): reported in a line or two, no stack. Exit code 1. */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly details: string[] = [],
  ) {
    super(message);
  }
}

export function stringOption(values: Values, name: string): string | undefined {
  const v = values[name];
  return typeof v === 'string' ? v : undefined;
}

/** An option the dispatcher has already checked is present. */
export function requiredOption(values: Values, name: string): string {
  const v = stringOption(values, name);
  if (v === undefined) throw new UsageError(`--${name} is required`);
  return v;
}

export function listOption(values: Values, name: string): string[] {
  const v = values[name];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** `on` / `off` → true / false; absent → undefined. */
export function switchOption(values: Values, name: string): boolean | undefined {
  const v = stringOption(values, name);
  if (v === undefined) return undefined;
  if (v === 'on' || v === 'off') return v === 'on';
  throw new UsageError(`--${name} takes on or off, not "${v}"`);
}

/** Names a field of a contract schema as the operator typed it (e.g. FirstName → --first). */
export type Labeller = (path: readonly PropertyKey[]) => string;

export function labelsByField(labels: Record<string, string>): Labeller {
  return (path) => {
    const field = [...path].reverse().find((p) => typeof p === 'string');
    return (field !== undefined && labels[field]) || path.map(String).join('.') || 'input';
  };
}

/** Runs a contract schema over the input, as the API route does; its messages name the options. */
export function validate<S extends z.ZodType>(schema: S, input: unknown, label: Labeller): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success)
    throw new CommandError(
      'invalid input',
      parsed.error.issues.map((i) => `${label(i.path)}: ${i.message}`),
    );
  return parsed.data;
}

/** The provider operations' errors (404, 409, 422 …) as the operator's failure, named in their terms. */
export async function providerCall<T>(work: Promise<T>, label: Labeller = labelsByField({})): Promise<T> {
  try {
    return await work;
  } catch (e) {
    if (e instanceof ProviderError) {
      throw new CommandError(
        e.detail ?? e.title,
        (e.errors ?? []).map(
          (x) => `${label(x.path.split('.').map((p) => (/^[0-9]+$/.test(p) ? Number(p) : p)))}: ${x.message}`,
        ),
      );
    }
    throw e;
  }
}

export const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());
