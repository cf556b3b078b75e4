/**
 * runCli(argv, io, options): the operator CLI (`portal …`, `npm run portal -- …`). It parses
 * the arguments first (a usage error never opens the database), then prepares the database as
 * the server does (migrations, reference data), builds the same dependencies with buildApp and
 * calls the provider operations through them, and closes everything before it answers.
 * Tests pass their own `deps` to run it in-process against their database.
 */
import { parseArgs } from 'node:util';
import { buildApp, fileStoreFromConfig } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { databaseOptions, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedContent } from '../db/seed/content.ts';
import { seedReferenceFiles } from '../db/seed/demo.ts';
import { seedReferenceData } from '../db/seed/reference.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import type { FileStore } from '../storage/file-store.ts';
import { claimantCommands } from './claimants.ts';
import { CommandError, UsageError, type Command, type OptionSpec, type Result, type Values } from './command.ts';
import { dataCommands } from './data.ts';
import { keyCommands } from './keys.ts';
import { messageCommands } from './messages.ts';
import { paymentCommands } from './payments.ts';
import { notificationCommands } from './outbox.ts';
import { operationCommands } from './operations.ts';
import { helperCommands } from './helpers.ts';
import { securityCommands } from './security.ts';

export type CliIo = { stdout: { write: (text: string) => unknown }; stderr: { write: (text: string) => unknown } };

export type CliOptions = {
  /** Run against these dependencies (tests); otherwise the CLI opens the configured database. */
  deps?: Deps;
  /** The file store for attachments (default: local disk under DATA_DIR/files, as the server). */
  fileStore?: FileStore;
  /** The environment to read the configuration from (default process.env). */
  env?: NodeJS.ProcessEnv;
};

const COMMANDS: Command[] = [
  ...claimantCommands,
  ...messageCommands,
  ...paymentCommands,
  ...operationCommands,
  ...notificationCommands,
  ...dataCommands,
  ...keyCommands,
  ...securityCommands,
  ...helperCommands,
];

const GROUPS: { title: string; words: string[] }[] = [
  { title: 'Claimants and claims', words: ['claimant', 'claim'] },
  { title: 'Messages', words: ['message'] },
  { title: 'Payments and decisions', words: ['payment', 'decision'] },
  { title: 'Provider API keys', words: ['apikey'] },
  { title: 'Webhook outbox', words: ['outbox'] },
  { title: 'E-mail and SMS notifications', words: ['notifications'] },
  { title: 'Maintenance messages', words: ['maintenance'] },
  { title: 'Data', words: ['import', 'content', 'seed'] },
  { title: 'Data encryption keys', words: ['keys'] },
  { title: 'Second factors', words: ['security'] },
];

const GLOBAL_OPTIONS: OptionSpec = { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } };

const commandLine = (c: Command) => `portal ${c.name}${c.args ? ` ${c.args}` : ''}`;

function usageText(): string {
  const lines = [
    'Usage: portal <command> [options]     (from the repository: npm run portal -- <command> [options])',
    '',
  ];
  for (const g of GROUPS) {
    lines.push(`${g.title}:`);
    for (const c of COMMANDS.filter((c) => g.words.includes(c.name.split(' ')[0] as string)))
      lines.push(`  ${commandLine(c)}`, `      ${c.summary}`);
    lines.push('');
  }
  lines.push(
    'Every command:',
    '  --json    machine-readable output on stdout',
    "  --help    this text, or one command's usage (portal claimant add --help)",
    '',
    'Exit codes: 0 done; 1 failed (not found, invalid, refused); 2 usage error.',
    "The database and the rest of the configuration come from the server's environment variables (DATABASE_URL, DATA_DIR, DATA_ENCRYPTION_KEY, …).",
  );
  return `${lines.join('\n')}\n`;
}

const commandUsage = (c: Command) => `Usage: ${commandLine(c)} [--json]\n  ${c.summary}\n`;

type Parsed = { kind: 'help'; text: string } | { kind: 'run'; command: Command; values: Values; positionals: string[] };

/** The command is the first two words; --json and --help may stand anywhere. */
function parse(argv: string[]): Parsed {
  const isGlobal = (a: string) => a === '--json' || a === '--help' || a === '-h';
  const wordAt: number[] = [];
  for (let i = 0; i < argv.length && wordAt.length < 2; i++) {
    const a = argv[i] as string;
    if (isGlobal(a)) continue;
    if (a.startsWith('-')) break;
    wordAt.push(i);
  }
  const words = wordAt.map((i) => argv[i] as string);
  const help = argv.some((a) => a === '--help' || a === '-h');
  const command = COMMANDS.find((c) => c.name === words.join(' '));
  if (!command) {
    const group = COMMANDS.filter((c) => c.name.split(' ')[0] === words[0]);
    if (group.length && help)
      return { kind: 'help', text: `${group.map((c) => `Usage: ${commandLine(c)}\n  ${c.summary}`).join('\n')}\n` };
    if (words.length === 0 && help) return { kind: 'help', text: usageText() };
    if (words.length === 0)
      throw new UsageError(
        argv.length ? `expected a command before ${argv.find((a) => !isGlobal(a)) ?? argv[0]}` : 'no command given',
      );
    if (group.length)
      throw new UsageError(
        `unknown ${words[0]} command${words[1] ? `: ${words[1]}` : ''} (${group.map((c) => c.name).join(', ')})`,
      );
    throw new UsageError(`unknown command: ${words[0]}`);
  }
  if (help) return { kind: 'help', text: commandUsage(command) };
  const rest = argv.filter((_, i) => !wordAt.includes(i));
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      options: { ...GLOBAL_OPTIONS, ...command.options },
      strict: true,
      allowPositionals: true,
    });
  } catch (e) {
    if (e instanceof TypeError && 'code' in e && typeof e.code === 'string' && e.code.startsWith('ERR_PARSE_ARGS'))
      throw new UsageError(e.message);
    throw e;
  }
  const values = parsed.values as Values;
  const [min, max] = command.positionals ?? [0, 0];
  const { positionals } = parsed;
  if (positionals.length < min)
    throw new UsageError(
      `${command.name}: missing ${command.args
        .split(' ')
        .filter((a) => /^"?[A-Z]/.test(a))
        .slice(positionals.length, min)
        .join(' ')}`,
    );
  if (positionals.length > max) throw new UsageError(`${command.name}: unexpected argument ${positionals[max] ?? ''}`);
  const missing = (command.required ?? []).filter((name) => values[name] === undefined);
  if (missing.length)
    throw new UsageError(
      `${command.name}: ${missing.map((m) => `--${m}`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} required`,
    );
  return { kind: 'run', command, values, positionals };
}

/** Opens, migrates and prepares the configured database as the server does, builds the dependencies, and closes both after `work`. */
async function withOwnDeps<T>(env: NodeJS.ProcessEnv, io: CliIo, work: (deps: Deps) => Promise<T>): Promise<T> {
  const config = loadConfig(env);
  const database = openDatabase(databaseOptions(config.databaseUrl, config.dataDir));
  try {
    await migrateToLatest(database.db);
    await seedReferenceData(database.db);
    await seedReferenceFiles(database.db);
    await seedContent(database.db, Date.now());
    // The server's logs (warnings at most, here) go to stderr: stdout is the command's answer.
    const { app, deps } = await buildApp({
      config,
      database,
      startWorkers: false,
      logStream: { write: (s: string) => void io.stderr.write(s) },
    });
    try {
      return await work(deps);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

/** `portal: what failed`, then its details indented. */
function failureText(e: unknown, env: NodeJS.ProcessEnv): string {
  const [first, ...rest] = failureLines(e, env);
  return `portal: ${first ?? 'failed'}\n${rest.map((l) => `${l}\n`).join('')}`;
}

function failureLines(e: unknown, env: NodeJS.ProcessEnv): string[] {
  if (e instanceof CommandError) return [e.message, ...e.details.map((d) => `  ${d}`)];
  if (e instanceof ConfigError) return [e.message];
  if (e instanceof AppError)
    return e.items.map((i, n) => `${n ? '  ' : ''}${i.Field ? `${i.Field}: ` : ''}${i.Message}`);
  const message = e instanceof Error ? e.message : String(e);
  // Not an expected failure: the stack helps a bug report, when asked for.
  const debug = env.LOG_LEVEL === 'debug' || env.LOG_LEVEL === 'trace';
  return [`failed: ${message}`, ...(debug && e instanceof Error && e.stack ? [e.stack] : [])];
}

/** Runs one command; resolves with the exit code. Never throws. */
export async function runCli(argv: string[], io: CliIo, options: CliOptions = {}): Promise<number> {
  const env = options.env ?? process.env;
  let parsed: Parsed;
  try {
    parsed = parse(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) {
      io.stderr.write(failureText(e, env));
      return 1;
    }
    io.stderr.write(`portal: ${e.message}\nRun portal --help for the commands and their options.\n`);
    return 2;
  }
  if (parsed.kind === 'help') {
    io.stdout.write(parsed.text);
    return 0;
  }
  const { command, values, positionals } = parsed;
  const execute = async (deps: Deps): Promise<Result> => {
    const store = options.fileStore;
    let own: FileStore | undefined;
    // The CLI exits at once: notifications it queues are sent by the server's worker, like
    // every other row of the outbox, rather than by a round this process would cut short.
    const quiet: Deps = { ...deps, notifier: { ...deps.notifier, wake: () => {} } };
    return command.run(
      { deps: quiet, fileStore: async () => store ?? (own ??= await fileStoreFromConfig(deps.config)) },
      { values, positionals },
    );
  };
  try {
    const result = options.deps ? await execute(options.deps) : await withOwnDeps(env, io, execute);
    io.stdout.write(
      values.json ? `${JSON.stringify(result.json, null, 2)}\n` : result.text.map((l) => `${l}\n`).join(''),
    );
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr.write(`portal: ${e.message}\n${commandUsage(command)}`);
      return 2;
    }
    io.stderr.write(failureText(e, env));
    return 1;
  }
}
