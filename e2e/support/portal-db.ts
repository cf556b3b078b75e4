/** A test's own connection to the e2e server's SQLite database (portal.db in its DATA_DIR). */
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/** Opens it as the server does, waiting up to 5 s while the server writes rather than failing busy. */
export function portalDb(dataDir: string, options: { readOnly?: boolean } = {}): DatabaseSync {
  return new DatabaseSync(path.join(dataDir, 'portal.db'), { readOnly: options.readOnly ?? false, timeout: 5_000 });
}
