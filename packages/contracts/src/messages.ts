/** User-facing texts quoted by the spec. {phone} and {provider} are filled from configuration. */
import { CLIENT_MESSAGES } from './client-messages.ts';

export const MESSAGES = {
  // The request layer's and the session's texts (client-messages.ts).
  ...CLIENT_MESSAGES,
  claimsFailed: 'Unable to retrieve claims.  Please contact support if the issue persists.',
  claimNotListed: 'Note: if one of your claims does not appear, call {phone}.',
  enquiriesAnswered: 'Enquiries are answered within 10 working days.',
  // Validation (spec 000 §5)
  usernameRequired: 'Email not found, try again.',
  usernameInvalid: 'Provide valid login details',
  passwordRequired: 'Please enter your password',
  emailInvalid: 'Enter a valid email address',
  mobileInvalid: 'Enter a valid Australian 10 digit phone number',
  areaCodeInvalid: 'Enter a 2 digit area code',
  phoneInvalid: 'Enter 8 digit phone number',
  homeAddressRequired: 'Home address required.',
  postalAddressRequired: 'Postal address required.',
  accountNameInvalid: 'Enter an Account Name between 1-100 characters',
  bsbInvalid: 'Enter a valid 6 digit BSB number',
  // A BSB of the right shape that is no bank (GOV.UK wording, decision 027): bsbNotFound(bsb) fills it.
  bsbNotFound: 'We cannot find a bank with BSB {bsb}. Check the BSB and try again.',
  accountNumberInvalid: 'Enter an Account Number between 6-9 digits',
  firstNameInvalid: 'Enter your First Name between 1-60 characters',
  lastNameInvalid: 'Enter your Last Name between 1-60 characters',
  middleNameInvalid: 'Enter your Middle Name of up to 60 characters, or leave it empty',
  dateOfBirthFormat: 'Enter your date of birth in dd/mm/yyyy format.',
  dateOfBirthInvalid: 'Enter a valid Date of Birth',
  // Not the spec's: a 2-digit year is not guessed, and the message says so (decision 032).
  dateOfBirthYearInFull:
    'Enter your date of birth in dd/mm/yyyy format. Write the year in full, for example 1985, not 85.',
  reasonRequired: 'Please select a reason',
  otherReasonInvalid: 'Please provide a reason between 1-250 characters',
  accessCodeInvalid: 'Enter the 4 digit code',
  passwordInvalid: 'Enter a valid password',
  passwordRules: 'New Password must follow rules.',
  passwordMismatch: 'Password must match',
  fieldRequired: 'This field is required',
  // Registration and recovery (spec 001 §5, §8)
  registerUsernameInvalid: 'Username must be an email, try again',
  emailIncorrect: 'Email Incorrect.',
  mobileOrEmailRequired: 'Please provide your mobile number or your email address',
  homeAddressRequired001: 'Home Address required.',
  homeAddressIsDelivery: 'A delivery address such as a PO Box cannot be used as a home address.',
  termsRequired: 'Please agree to the terms and conditions',
  resetPasswordMismatch: "The Password must match the 'Enter New Password' field",
  informationNotFound: 'Your information could not be found. Please try again or contact the {shortName} on {phone}',
  processing: 'Please wait. We are processing your request.',
  // Documents (spec 001 §5 Documents page)
  // The GOV.UK wording beside the spec's (decision 027): say what to do, in the claimant's words.
  authorisationRequired: 'Tick the box to confirm your declaration',
  // The authority form (spec 001 §5) and its typed alternative.
  signatureRequired: 'Draw your signature in the box',
  typedNameRequired: 'Enter your full name',
  typedNameHidden:
    'Your name has a character in it that cannot be seen or that turns the text around. Please type your name again.',
  documentsRequired: 'Please upload at least one document',
  documentTypeRequired: 'Please select a document type',
  documentMessageRequired: 'Please provide a message (max 1000 characters)',
  taxFileOneDocument: 'Please upload only one document for a Tax File Declaration Form',
  reimbursementUseForm: 'To claim a reimbursement, please use the Claim reimbursement form',
  // Contact us (spec 001 §5, §8)
  enquiryTypeRequired: 'Please select an enquiry type',
  enquiryMessageRequired: 'Please provide a message for your enquiry',
  enquiryMessageTooLong: 'Your message can be up to 950 characters',
  enquiryReasonInvalid: 'Reason must be between 1 - 25 characters',
  failedToUploadForm: 'Failed to upload form',
  failedToSubmitForm: 'Failed to submit form',
  // Personal details change (spec 000 §8)
  detailsSubmitFailed: 'Error: Failed to submit form',
  // Reimbursement (spec 001 §5 Sub-forms, Reimbursement; §8)
  payeeRequired: 'Please choose who to pay',
  disclaimerRequired: 'Tick the box to confirm your declaration',
  noDocumentsUploaded: 'You have not uploaded any documents yet.',
  bankDetailsNotFound:
    'Bank details not found - please update on the Personal details screen before sending us your claim for reimbursement',
  /**
   * "Pay me" on a claim the State Trustees manage, with no bank details held: the spec's
   * bankDetailsNotFound sends the claimant to a screen where they cannot add them (decision 027).
   */
  bankDetailsNotFoundStateTrustee: 'Choose your provider or someone else to pay: we pay the State Trustees, not you',
  providerCanBill: 'Your provider can bill us directly for treatment and services we have approved.',
  providerInvoicesNotPaid: 'Provider invoices cannot be paid through the portal.',
  receiptRequired: 'Please add at least one receipt',
  receiptTypeRequired: 'Please select a receipt type',
  // Kept exactly as the spec spells it.
  pharmacyProviderInvalid: 'Please specify serivce provider details (max 150 characters)',
  homeProviderInvalid: 'Please specify the service provider (max 100 characters)',
  receiptDateInvalid: 'Enter a valid date in dd/mm/yyyy format, not after today',
  receiptDateYearInFull:
    'Enter a valid date in dd/mm/yyyy format, not after today. Write the year in full, for example 2026, not 26.',
  amountInvalid: 'Enter a valid amount, e.g. $25 or $25.50',
  amountTooLong: 'The amount can be up to 50 characters',
  durationInvalid: 'Enter the duration in hours (max 50 characters)',
  serviceTypeRequired: 'Please select the type of service',
  descriptionTooLong: 'Description can be up to 1000 characters',
  notesTooLong: 'Notes can be up to 1000 characters',
  payeeNameInvalid: 'Enter the name of the person to pay (max 100 characters)',
  payeeAddressRequired: 'Postal address required.',
  payeeRelationshipInvalid: 'Enter their relationship to you (max 50 characters)',
  // Permissions (spec 000 §6)
  bankStateTrustee: "bank account details can't be edited on your claim because it is managed by the State Trustees",
  bankLocked48h:
    "For security reasons, you can't make changes to your bank account in the first 48 hours after you register. Please try again in 48 hours.",
  bankVerifyBanner: 'Please check that the bank account details we hold for you are correct.',
} as const;

/** "We cannot find a bank with BSB 999-999. …": the BSB as the claimant sees it, nnn-nnn. */
export function bsbNotFound(bsb: string): string {
  const digits = bsb.replace(/\D/g, '');
  return MESSAGES.bsbNotFound.replace('{bsb}', digits.length === 6 ? `${digits.slice(0, 3)}-${digits.slice(3)}` : bsb);
}
