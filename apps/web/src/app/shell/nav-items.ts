/** The signed-in destinations shared by the wide toolbar and the side menu (spec 000 §2). */
import type { IconName } from '../../components/icon.tsx';

export type NavItem = {
  label: string;
  menuLabel?: string;
  to: string;
  icon?: IconName;
  unreadBadge?: boolean;
  hideable?: boolean;
};

/** spec 000 §2: "Send a message (can be hidden)". */
const SHOW_SEND_MESSAGE = true;

const ITEMS: readonly NavItem[] = [
  { label: 'Home', to: '/claim', icon: 'home' },
  { label: 'Inbox', to: '/inbox', icon: 'inbox', unreadBadge: true },
  { label: 'Payments', to: '/payments' },
  { label: 'Send documents', to: '/forms' },
  { label: 'Claim reimbursement', to: '/reimbursementform' },
  { label: 'Send a message', to: '/contactus', hideable: true },
  { label: 'What we can pay for', to: '/services' },
  { label: 'Personal details', to: '/account', icon: 'user' },
];

export const NAV_ITEMS: readonly NavItem[] = ITEMS.filter((item) => !item.hideable || SHOW_SEND_MESSAGE);
