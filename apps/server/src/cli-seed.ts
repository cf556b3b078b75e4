/** `npm run seed`: migrates, then loads the demo data if the database holds no claimants yet. */
import { loadConfig } from './config.ts';
import { databaseOptions, openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { DEMO_PASSWORD, DEMO_SIGN_INS, isEmpty, seedDemoData, seedReferenceFiles } from './db/seed/demo.ts';
import { seedContent } from './db/seed/content.ts';
import { seedReferenceData } from './db/seed/reference.ts';
import { dataCipher, resolveEncryptionKey } from './lib/crypto.ts';

const config = loadConfig();
const database = openDatabase(databaseOptions(config.databaseUrl, config.dataDir));
try {
  await migrateToLatest(database.db);
  await seedReferenceData(database.db);
  await seedReferenceFiles(database.db);
  await seedContent(database.db, Date.now());
  if (await isEmpty(database.db)) {
    await seedDemoData(database.db, dataCipher(resolveEncryptionKey(config.encryptionKey, config.dataDir)), Date.now());
    console.log(`Demo data loaded. Password for all: ${DEMO_PASSWORD}`);
    for (const s of DEMO_SIGN_INS) console.log(`  ${s.username}`);
  } else {
    console.log('The database already holds claimants; demo data not loaded.');
  }
} finally {
  await database.close();
}
