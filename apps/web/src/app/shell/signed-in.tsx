/**
 * The parts of the shell that exist only when signed in: the toolbar's Sign out and main
 * navigation (with the unread badge), the page header's claim summary with SWITCH CLAIM, and the
 * banner that says whose claim a helper is helping with (helping-banner.tsx).
 * They fetch the claims and the unread count, so they bring the query observer and the
 * contracts' schemas; loaded on demand (app-shell.tsx), they stay out of the first download of
 * /login, where nobody is signed in.
 */
import { formatDisplayDate } from '@portal/contracts';
import { NavLink } from 'react-router';
import { Icon } from '../../components/icon.tsx';
import { useClaims } from '../../lib/api/get-claims.ts';
import { useUnreadCount } from '../../lib/api/get-unread-count.ts';
import { signOut } from '../../lib/session/sign-out.ts';
import { useSwitchClaim } from '../use-switch-claim.ts';
import { navItemsFor } from './nav-items.ts';
import headerStyles from './page-header.module.css';
import toolbarStyles from './toolbar.module.css';
import { UnreadBadge } from './unread-badge.tsx';

export { HelpingBanner } from './helping-banner.tsx';

/** The toolbar's Sign out (wide screens; the side menu has its own). */
export function SignOutButton() {
  return (
    <button
      type="button"
      className={`${toolbarStyles.control} ${toolbarStyles.wideOnly}`}
      onClick={() => void signOut('chosen')}
      data-testid="toolbar-sign-out"
    >
      <Icon name="sign-out" />
      Sign out
    </button>
  );
}

/** The main destinations on wide screens, once a claim is selected (a helper's: what the scope reaches). */
export function MainNav() {
  const { selectedClaim } = useClaims();
  const unread = useUnreadCount(selectedClaim?.Number);
  if (!selectedClaim) return null;
  return (
    <nav className={`${toolbarStyles.nav} ${toolbarStyles.wideOnly}`} aria-label="Main">
      <ul className={toolbarStyles.navList}>
        {navItemsFor(selectedClaim.Helping).map((item) => (
          <li key={item.to}>
            <NavLink className={toolbarStyles.navLink} to={item.to} end data-testid={`nav-${item.to.slice(1)}`}>
              {item.label}
              {item.unreadBadge ? (
                <UnreadBadge count={unread} className={toolbarStyles.badge} testId="toolbar-unread-badge" />
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The selected claim's number and date of accident, with Switch claim when there are several (the
 * spec's SWITCH CLAIM: its capitals are the button's look, styled, not its words). Below 680 px it
 * is one line — "Claim 21/12345 · Accident 12/03/2021 · Switch" — so the page starts on the first
 * screen (under 360 px one row, each label above its value); the words shortened on screen are
 * still read out whole.
 */
export function ClaimSummary() {
  const { selectedClaim, canSwitchClaim } = useClaims();
  const { switchClaim } = useSwitchClaim();
  if (!selectedClaim) return null;
  return (
    <div className={headerStyles.claim} data-testid="claim-summary">
      <dl className={headerStyles.claimDetails}>
        <div>
          <dt>
            Claim<span className={headerStyles.wideText}> no.</span>
          </dt>
          <dd data-testid="claim-summary-number">{selectedClaim.Number}</dd>
        </div>
        <div>
          <dt>
            <span className={headerStyles.wideText}>Date of accident</span>
            <span className={headerStyles.narrowText} aria-hidden="true">
              Accident
            </span>
          </dt>
          <dd data-testid="claim-summary-date">{formatDisplayDate(selectedClaim.Date)}</dd>
        </div>
      </dl>
      {canSwitchClaim ? (
        <button
          type="button"
          className={`button button--secondary ${headerStyles.switch}`}
          onClick={() => void switchClaim()}
          data-testid="switch-claim"
        >
          Switch<span className={headerStyles.wideText}> claim</span>
        </button>
      ) : null}
    </div>
  );
}
