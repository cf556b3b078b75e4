/**
 * `import bsb|addresses|localities`, `content load`, `seed demo`: bulk data, through the same import
 * functions, content path and demo seed the server uses.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { ProviderContentParams, PutContentRequest } from '@portal/contracts';
import { DEMO_PASSWORD, DEMO_SIGN_INS, isEmpty, seedDemoData } from '../db/seed/demo.ts';
import { importGnafCore } from '../db/import/gnaf-core.ts';
import { importBsbDirectory } from '../db/import/bsb.ts';
import { importLocalities } from '../db/import/localities.ts';
import { putContent } from '../modules/provider/portal-content.ts';
import { CommandError, providerCall, type Command } from './command.ts';

const reason = (e: unknown) =>
  e instanceof Error && 'code' in e && typeof e.code === 'string' ? e.code : e instanceof Error ? e.message : String(e);

async function readable(file: string, kind: 'file' | 'directory'): Promise<void> {
  const stat = await fsp.stat(file).catch((e: unknown) => {
    throw new CommandError(`cannot read ${file}: ${reason(e)}`);
  });
  if (kind === 'file' ? !stat.isFile() : !stat.isDirectory()) throw new CommandError(`${file} is not a ${kind}`);
}

/** An import's own complaint about the file ("not a G-NAF Core file: …") is the operator's to read. */
async function importing(file: string, work: () => Promise<number>, unchanged: string): Promise<number> {
  await readable(file, 'file');
  try {
    return await work();
  } catch (e) {
    throw new CommandError(`import of ${file} failed: ${e instanceof Error ? e.message : String(e)}`, [unchanged]);
  }
}

export const dataCommands: Command[] = [
  {
    name: 'import bsb',
    args: 'FILE',
    summary:
      "Replaces the BSB directory with AusPayNet's full directory file (BSBDirectory.csv: no header, 8 quoted columns).",
    positionals: [1, 1],
    async run({ deps }, { positionals }) {
      const file = positionals[0] as string;
      const n = await importing(file, () => importBsbDirectory(deps.db, file), 'the BSB directory is unchanged');
      return { json: { Imported: n }, text: [`Imported ${n} BSB entries from ${file}.`] };
    },
  },
  {
    name: 'import addresses',
    args: 'FILE',
    summary: 'Adds or updates addresses from a G-NAF Core file (pipe-separated, with its header line).',
    positionals: [1, 1],
    async run({ deps }, { positionals }) {
      const file = positionals[0] as string;
      const n = await importing(
        file,
        () => importGnafCore(deps.db, file),
        'addresses of batches written before the failure are kept; run it again once the file is fixed',
      );
      return { json: { Imported: n }, text: [`Imported ${n} addresses from ${file}.`] };
    },
  },
  {
    name: 'import localities',
    args: 'FILE',
    summary:
      'Replaces the localities list, against which addresses entered by hand are checked (CSV with the header columns locality, state, postcode).',
    positionals: [1, 1],
    async run({ deps }, { positionals }) {
      const file = positionals[0] as string;
      const n = await importing(file, () => importLocalities(deps.db, file), 'the localities list is unchanged');
      return { json: { Imported: n }, text: [`Imported ${n} localities from ${file}.`] };
    },
  },
  {
    name: 'content load',
    args: 'DIR',
    summary:
      'Stores every NAME.html in DIR as the content document NAME (sanitised, as PUT /provider/v1/content/NAME).',
    positionals: [1, 1],
    async run({ deps }, { positionals }) {
      const dir = positionals[0] as string;
      await readable(dir, 'directory');
      const files = (await fsp.readdir(dir)).filter((f) => f.endsWith('.html')).sort();
      if (files.length === 0) throw new CommandError(`no NAME.html files in ${dir}`);
      // Every name and size is checked before anything is stored.
      const documents = [];
      const problems: string[] = [];
      for (const file of files) {
        const name = file.slice(0, -'.html'.length);
        const html = await fsp.readFile(path.join(dir, file), 'utf8').catch((e: unknown) => {
          throw new CommandError(`cannot read ${path.join(dir, file)}: ${reason(e)}`);
        });
        const problem = [
          ...(ProviderContentParams.safeParse({ name }).success
            ? []
            : [`${file}: NAME must be 1–64 lower-case letters, digits or dashes`]),
          ...(PutContentRequest.safeParse({ Html: html }).error?.issues.map((i) => `${file}: ${i.message}`) ?? []),
        ];
        if (problem.length) problems.push(...problem);
        else documents.push({ name, html });
      }
      if (problems.length) throw new CommandError('nothing loaded', problems);
      const loaded: string[] = [];
      for (const d of documents) {
        try {
          await providerCall(putContent(deps, d.name, d.html));
        } catch (e) {
          if (!(e instanceof CommandError)) throw e;
          throw new CommandError(`${d.name}.html not loaded: ${e.message}`, [
            loaded.length ? `loaded before it: ${loaded.join(', ')}` : 'nothing was loaded',
          ]);
        }
        loaded.push(d.name);
      }
      return {
        json: { Loaded: loaded },
        text: [`Loaded ${loaded.length} document${loaded.length === 1 ? '' : 's'}: ${loaded.join(', ')}.`],
      };
    },
  },
  {
    name: 'seed demo',
    args: '',
    summary: 'Loads the demo claimants and sign-ins into a database that holds no claimants (what npm run seed does).',
    async run({ deps }) {
      if (!(await isEmpty(deps.db)))
        return { json: { Loaded: false }, text: ['The database already holds claimants; demo data not loaded.'] };
      await seedDemoData(deps.db, deps.cipher, deps.clock.now());
      const usernames = DEMO_SIGN_INS.map((s) => s.username);
      return {
        json: { Loaded: true, Password: DEMO_PASSWORD, SignIns: usernames },
        text: [`Demo data loaded. Password for all: ${DEMO_PASSWORD}`, ...usernames.map((u) => `  ${u}`)],
      };
    },
  },
];
