import type { Db } from '../../db/database.ts';

export async function findSentItemType(db: Db, id: number): Promise<string | undefined> {
  return (
    await db
      .selectFrom('dropdown_items')
      .select('item')
      .where('list_type', '=', 'SentItemTypes')
      .where('id', '=', id)
      .executeTakeFirst()
  )?.item;
}

function mine(db: Db, accountId: string, claimId: string, typeItem: string | undefined) {
  let q = db.selectFrom('sent_items').where('account_id', '=', accountId).where('claim_id', '=', claimId);
  if (typeItem !== undefined) q = q.where('type_item', '=', typeItem);
  return q;
}

export async function countSentItems(
  db: Db,
  accountId: string,
  claimId: string,
  typeItem: string | undefined,
): Promise<number> {
  const row = await mine(db, accountId, claimId, typeItem)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function listSentItems(
  db: Db,
  accountId: string,
  claimId: string,
  typeItem: string | undefined,
  offset: number,
  amount: number,
) {
  return mine(db, accountId, claimId, typeItem)
    .select([
      'id',
      'form_id',
      'type_item',
      'subject_main',
      'subject_other',
      'message',
      'pay_to',
      'sent_by_helper',
      'created_at',
      'status',
    ])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(amount)
    .offset(offset)
    .execute();
}
