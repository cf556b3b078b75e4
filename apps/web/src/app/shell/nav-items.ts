/** The signed-in destinations shared by the wide toolbar and the side menu (spec 000 §2). */
import type { IconName } from '../../components/icon.tsx';
import { mayOpen, type Helping } from '../../lib/session/helping.ts';

export type NavItem = {
  label: string;
  menuLabel?: string;
  to: string;
  icon?: IconName;
  unreadBadge?: boolean;
  hideable?: boolean;
  /** Where the item leads someone helping with the selected claim, when not `to` (decision 041). */
  helpingTo?: string;
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
  // A helper with Act sees the claimant's details; no helper sees the claimant's own account.
  { label: 'Personal details', to: '/account', icon: 'user', helpingTo: '/claimant-details' },
];

const NAV_ITEMS: readonly NavItem[] = ITEMS.filter((item) => !item.hideable || SHOW_SEND_MESSAGE);

/** The items for the selected claim: a helper's lead where their help goes, and only where the scope reaches. */
export function navItemsFor(helping: Helping | undefined): NavItem[] {
  return NAV_ITEMS.map((item) => (helping && item.helpingTo ? { ...item, to: item.helpingTo } : item)).filter((item) =>
    mayOpen(helping, item.to),
  );
}
