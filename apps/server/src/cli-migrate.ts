/** `npm run migrate`: applies the migrations to the configured database. */
import { loadConfig } from './config.ts';
import { databaseOptions, openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedReferenceFiles } from './db/seed/demo.ts';
import { seedContent } from './db/seed/content.ts';
import { seedReferenceData } from './db/seed/reference.ts';

const config = loadConfig();
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
