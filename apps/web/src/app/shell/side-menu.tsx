/**
 * The side menu below 680 px (spec 000 §2): a modal drawer (react-aria: focus is trapped inside,
 * Escape and a click outside close it, focus returns to the Menu button). It shows the claimant's
 * first name, the claim number and date of accident, SWITCH CLAIM when there is more than one
 * claim, the destinations, sign out, and the legal links. Loaded on demand.
 */
import { formatDisplayDate } from '@portal/contracts';
import { Dialog } from 'react-aria-components/Dialog';
import { Heading } from 'react-aria-components/Heading';
import { Modal, ModalOverlay } from 'react-aria-components/Modal';
import { NavLink } from 'react-router';
import { Icon } from '../../components/icon.tsx';
import { useAccount } from '../../lib/api/get-account.ts';
import { useClaims } from '../../lib/api/get-claims.ts';
import { useUnreadCount } from '../../lib/api/get-unread-count.ts';
import { signOut } from '../../lib/session/sign-out.ts';
import { useSwitchClaim } from '../use-switch-claim.ts';
import { navItemsFor } from './nav-items.ts';
import styles from './side-menu.module.css';
import { UnreadBadge } from './unread-badge.tsx';

type SideMenuProps = {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
};

export default function SideMenu({ isOpen, onOpenChange }: SideMenuProps) {
  const { selectedClaim, canSwitchClaim } = useClaims();
  const account = useAccount();
  const unread = useUnreadCount(selectedClaim?.Number);
  const { switchClaim } = useSwitchClaim();
  const close = () => onOpenChange(false);
  const firstName = account.data?.PersonalDetails.FirstName;

  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable className={styles.overlay}>
      <Modal className={styles.drawer}>
        <Dialog className={styles.dialog} aria-labelledby="side-menu-title" data-testid="side-menu">
          <div className={styles.top}>
            <Heading slot="title" id="side-menu-title" className={styles.title}>
              Menu
            </Heading>
            <button type="button" className={styles.close} onClick={close} data-testid="side-menu-close">
              <Icon name="close" />
              Close<span className="visually-hidden"> menu</span>
            </button>
          </div>

          <div className={styles.who}>
            {firstName ? (
              <p className={styles.name} data-testid="side-menu-name">
                Hello, {firstName}
              </p>
            ) : null}
            {selectedClaim ? (
              <dl className={styles.claim}>
                <div>
                  <dt>Claim no.</dt>
                  <dd>{selectedClaim.Number}</dd>
                </div>
                <div>
                  <dt>Date of accident</dt>
                  <dd>{formatDisplayDate(selectedClaim.Date)}</dd>
                </div>
              </dl>
            ) : null}
            {selectedClaim && canSwitchClaim ? (
              <button
                type="button"
                className={`button button--secondary ${styles.switch}`}
                onClick={() => {
                  close();
                  void switchClaim();
                }}
                data-testid="menu-switch-claim"
              >
                Switch claim
              </button>
            ) : null}
          </div>

          <nav aria-label="Menu">
            <ul className={styles.list}>
              {selectedClaim
                ? navItemsFor(selectedClaim.Helping).map((item) => (
                    <li key={item.to}>
                      <NavLink
                        className={styles.item}
                        to={item.to}
                        end
                        onClick={close}
                        data-testid={`menu-${item.to.slice(1)}`}
                      >
                        <span>{item.menuLabel ?? item.label}</span>
                        {item.unreadBadge ? <UnreadBadge count={unread} className={styles.badge} /> : null}
                      </NavLink>
                    </li>
                  ))
                : null}
              <li>
                <button
                  type="button"
                  className={styles.item}
                  onClick={() => {
                    close();
                    void signOut('chosen');
                  }}
                  data-testid="menu-sign-out"
                >
                  <span>Sign out</span>
                  <Icon name="sign-out" />
                </button>
              </li>
            </ul>
            <ul className={`${styles.list} ${styles.legal}`}>
              <li>
                <NavLink className={styles.item} to="/disclaimer" onClick={close}>
                  Terms and conditions
                </NavLink>
              </li>
              <li>
                <NavLink className={styles.item} to="/privacypolicy" onClick={close}>
                  Privacy policy
                </NavLink>
              </li>
            </ul>
          </nav>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
