/**
 * Query keys of the documents screens. Their reads are held only while the page that asked is
 * open (gcTime 0): the hub's draft date and the authority form's details change with what the
 * claimant does elsewhere, so each visit asks the server again, as the pages always have.
 */
export const documentsKeys = {
  draftDates: ['documents', 'draft-dates'] as const,
  authorityFormData: ['documents', 'authority-form-data'] as const,
};
