import type { Db } from '../../db/database.ts';

export async function upsertDevice(db: Db, accountId: string, deviceId: string, now: number): Promise<void> {
  await db
    .insertInto('known_devices')
    .values({ account_id: accountId, device_id: deviceId, verified_at: now })
    .onConflict((oc) => oc.columns(['account_id', 'device_id']).doUpdateSet({ verified_at: now }))
    .execute();
}

/**
 * A sign-in from a device seen for this account since `since`: seen again now, in one statement
 * (true), or unknown or too long ago (false, nothing changed).
 */
export async function touchDevice(
  db: Db,
  accountId: string,
  deviceId: string,
  since: number,
  now: number,
): Promise<boolean> {
  const res = await db
    .updateTable('known_devices')
    .set({ verified_at: now })
    .where('account_id', '=', accountId)
    .where('device_id', '=', deviceId)
    .where('verified_at', '>', since)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function forgetKnownDevices(db: Db, accountId: string): Promise<void> {
  await db.deleteFrom('known_devices').where('account_id', '=', accountId).execute();
}
