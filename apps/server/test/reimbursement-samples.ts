/** Receipts and a payee as the reimbursement form sends them. */
export const PHARMACY = {
  Kind: 'Pharmacy',
  Date: '20/11/2026',
  Description: 'Pain relief',
  Pharmacy: 'Main St Chemist',
  Cost: '12.50',
};
export const HOME = {
  Kind: 'Home services',
  Date: '10/11/2026',
  Duration: '3',
  Provider: 'Jo Cleaner',
  ServiceType: 'Cleaning',
  Amount: '90',
  Notes: '',
};
export const SOMEONE = {
  PaymentName: 'Lee Citizen',
  PaymentAddress: '1 Main Road, GEELONG VIC 3220',
  PaymentEmail: 'lee@example.com',
  PaymentRelationship: 'Partner',
  BankAccName: 'Lee Citizen',
  BankBSB: '063000',
  BankAccNo: '987654321',
};
