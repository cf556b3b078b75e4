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
import { mayOpen, type Helping } from '../../lib/session/helping.ts';

export type LinkPanel = {
  Title: string;
  Route: string;
  Subtitle: string;
  ImageUrl: string;
  External: boolean;
};

export const INBOX_ROUTE = '/inbox';

const HOME_PANELS: readonly LinkPanel[] = [
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

/** Where a panel leads someone helping with the claim, when not its own Route (decision 041). */
const HELPING_PANELS: Readonly<Record<string, Pick<LinkPanel, 'Route' | 'Subtitle'>>> = {
  '/account': { Route: '/claimant-details', Subtitle: 'Check their details and change their address or phone' },
};

/** The panels for the selected claim: a helper's where their help goes, and only where the scope reaches. */
export function panelsFor(helping: Helping | undefined): LinkPanel[] {
  return HOME_PANELS.map((panel) => {
    const instead = helping ? HELPING_PANELS[panel.Route] : undefined;
    return instead ? { ...panel, ...instead } : panel;
  }).filter((panel) => mayOpen(helping, panel.Route));
}

export function unreadSubtitle(count: number | undefined): string | undefined {
  if (count === undefined) return undefined;
  if (count === 0) return 'You have no unread messages';
  return count === 1 ? 'You have 1 unread message' : `You have ${count} unread messages`;
}
