import type { Insertable, Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, DetailsRequestTable } from '../../db/schema.ts';

export async function insertDetailsRequest(db: Db | Transaction<Database>, row: Insertable<DetailsRequestTable>): Promise<void> {
  await db.insertInto('details_requests').values(row).execute();
}

