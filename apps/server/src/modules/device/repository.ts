import type { Db } from '../../db/database.ts';

export async function findDeviceVerifiedAt(db: Db, accountId: string, deviceId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('known_devices')
    .select('verified_at')
    .where('account_id', '=', accountId)
    .where('device_id', '=', deviceId)
    .executeTakeFirst();
  return row?.verified_at;
}

export async function upsertDevice(db: Db, accountId: string, deviceId: string, now: number): Promise<void> {
  await db
    .insertInto('known_devices')
    .values({ account_id: accountId, device_id: deviceId, verified_at: now })
    .onConflict((oc) => oc.columns(['account_id', 'device_id']).doUpdateSet({ verified_at: now }))
    .execute();
}
