/** `npm run migrate`: applies the migrations to the configured database. */
import './runtime.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { databaseOptions, openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedReferenceFiles } from './db/seed/demo.ts';
import { seedContent } from './db/seed/content.ts';
import { seedReferenceData } from './db/seed/reference.ts';

async function migrate(config: Config): Promise<void> {
  const database = openDatabase(databaseOptions(config.databaseUrl, config.dataDir));
  try {
    const applied = await migrateToLatest(database.db);
    await seedReferenceData(database.db);
    await seedReferenceFiles(database.db);
    await seedContent(database.db, Date.now());
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
  } finally {
    await database.close();
  }
}

// A bad setting or an unreachable database is the operator's to fix: say what, as the server's
// start does (main.ts), without a stack trace.
try {
  await migrate(loadConfig());
} catch (e) {
  console.error(
    e instanceof ConfigError
      ? e.message
      : `The migrations could not be applied: ${e instanceof Error ? e.message : String(e)}`,
  );
  process.exitCode = 1;
}
