/**
 * What a claimant whose claim is managed by the State Trustees is told, wherever their own bank
 * details matter (My Details' bank block, the reimbursement's "Pay me"). Each place says once who
 * is paid and whom to contact; none sends them to change what they cannot change (decision 027:
 * spec 001's 'Bank details not found - please update on the Personal details screen …' led such a
 * claimant to a screen that says bank details can't be edited). The spec's own sentence,
 * MESSAGES.bankStateTrustee, stays where bank details are shown.
 */
export const STATE_TRUSTEES = {
  managed: 'Your claim is managed by the State Trustees.',
  paid: 'We make your payments to the State Trustees, not to you.',
  /** Followed by the help line's number (a tel: link) and a full stop. */
  contact: 'To ask about a payment or your bank details, contact the State Trustees or call us on',
  /** Under "Pay me" with no bank details held; followed by the number and a full stop. */
  paidBack: 'To be paid back for these costs, contact the State Trustees or call us on',
} as const;
