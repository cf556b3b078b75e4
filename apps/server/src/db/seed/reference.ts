/** The six dropdown lists (spec 000 §3). Loaded into any empty database; the provider API manages them later. */
import type { Db } from '../database.ts';

export const REFERENCE_LISTS: Record<string, string[]> = {
  SecurityQuestions: [
    'What was the name of your first pet?',
    'What is the name of the street you grew up on?',
    'What was the make of your first car?',
    'What is your favourite book?',
  ],
  ReceiptTypes: ['Pharmacy', 'Home services', 'Other'],
  DocumentFormTypes: [
    'Medical certificate',
    'Medical report',
    'Invoice or receipt',
    'Tax File Declaration Form',
    'Income details (payslips)',
    'Reimbursement',
    'Other',
  ],
  ContactCategories: [
    'General enquiry',
    'Payments',
    'Reimbursement',
    'Treatment and services',
    'Update my details',
    'Other',
  ],
  SentItemTypes: ['Documents', 'Reimbursement', 'Enquiry', 'Authority form', 'Personal details'],
  UpdatePersonalReason: ['Marriage', 'Divorce', 'Change of name by deed poll', 'Correction of an error', 'Other'],
};

export async function seedReferenceData(db: Db): Promise<void> {
  const existing = await db.selectFrom('dropdown_items').select('list_type').limit(1).executeTakeFirst();
  if (existing) return;
  const rows = Object.entries(REFERENCE_LISTS).flatMap(([listType, items]) =>
    items.map((item, i) => ({ list_type: listType, id: i + 1, element_number: (i + 1) * 10, item })),
  );
  await db.insertInto('dropdown_items').values(rows).execute();
}
