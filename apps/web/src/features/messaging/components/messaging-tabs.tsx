/**
 * The pill tabs Inbox / Sent Items (spec 001 Inbox). Each is a page of its own (/inbox,
 * /sentitems), so the page title, the browser's back button and a bookmark all follow the tab;
 * they are links in a navigation region, the current one marked aria-current.
 */
import { NavLink } from 'react-router';
import styles from './messaging.module.css';

export function MessagingTabs({ current }: { current: 'inbox' | 'sent' }) {
  return (
    <nav aria-label="Inbox and sent items" className={styles.tabs}>
      <ul className={styles.tabList}>
        <li>
          <NavLink
            to="/inbox"
            className={styles.tab}
            aria-current={current === 'inbox' ? 'page' : undefined}
            data-testid="tab-inbox"
          >
            Inbox
          </NavLink>
        </li>
        <li>
          <NavLink
            to="/sentitems"
            className={styles.tab}
            aria-current={current === 'sent' ? 'page' : undefined}
            data-testid="tab-sent"
          >
            Sent items
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
