/**
 * The six link panels of the claim home page (spec 000 §2), as data. An External panel opens
 * another website after the leave-site confirmation.
 */
import documentsIcon from '../../assets/documents.svg?inline';
import inboxIcon from '../../assets/inbox.svg?inline';
import messageIcon from '../../assets/message.svg?inline';
import personalDetailsIcon from '../../assets/personal-details.svg?inline';
import reimbursementIcon from '../../assets/reimbursement.svg?inline';
import servicesIcon from '../../assets/services.svg?inline';

export type LinkPanel = {
  Title: string;
  Route: string;
  Subtitle: string;
  ImageUrl: string;
  External: boolean;
};

export const INBOX_ROUTE = '/inbox';

export const HOME_PANELS: readonly LinkPanel[] = [
  {
    Title: 'Inbox',
    Route: INBOX_ROUTE,
    Subtitle: 'Read the messages we have sent you',
    ImageUrl: inboxIcon,
    External: false,
  },
  {
    Title: 'What we can pay for',
    Route: '/services',
    Subtitle: 'Treatment and services approved for your claim',
    ImageUrl: servicesIcon,
    External: false,
  },
  {
    Title: 'Claim reimbursement',
    Route: '/reimbursementform',
    Subtitle: 'Get paid back for costs you have covered',
    ImageUrl: reimbursementIcon,
    External: false,
  },
  {
    Title: 'Send a message',
    Route: '/contactus',
    Subtitle: 'Ask a question or tell us about a change',
    ImageUrl: messageIcon,
    External: false,
  },
  {
    Title: 'Send documents',
    Route: '/forms',
    Subtitle: 'Upload letters, forms and other documents',
    ImageUrl: documentsIcon,
    External: false,
  },
  {
    Title: 'Personal details',
    Route: '/account',
    Subtitle: 'Check and update your contact and bank details',
    ImageUrl: personalDetailsIcon,
    External: false,
  },
];

export function unreadSubtitle(count: number | undefined): string | undefined {
  if (count === undefined) return undefined;
  if (count === 0) return 'You have no unread messages';
  return count === 1 ? 'You have 1 unread message' : `You have ${count} unread messages`;
}
