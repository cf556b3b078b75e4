/**
 * The toolbar (spec 000 §2): a left control per page (menu / back / cancel / close / none), the
 * product name, a right control (phone link / home / none) and, when signed in on wide screens
 * (≥ 680 px), sign out and the main destinations (signed-in.tsx, loaded on demand). Below 680 px
 * the menu button opens the side menu.
 */
import { Link } from 'react-router';
import { Icon, type IconName } from '../../components/icon.tsx';
import { provider, providerPhoneHref } from '../../lib/provider.ts';
import { useIsSignedIn } from '../../lib/session.ts';
import type { LeftControl, RouteMeta } from '../route-meta.ts';
import { useSignedInParts } from './lazy-signed-in.ts';
import { useGoBack, useHomePath } from './use-route-meta.ts';
import styles from './toolbar.module.css';

type ToolbarProps = {
  meta: RouteMeta;
  menuOpen: boolean;
  onOpenMenu: () => void;
};

const LEFT_LABELS: Record<Exclude<LeftControl, 'menu' | 'none'>, { label: string; icon: IconName }> = {
  back: { label: 'Back', icon: 'back' },
  cancel: { label: 'Cancel', icon: 'close' },
  close: { label: 'Close', icon: 'close' },
};

export function Toolbar({ meta, menuOpen, onOpenMenu }: ToolbarProps) {
  const signedIn = useIsSignedIn();
  const signedInParts = useSignedInParts();
  const goBack = useGoBack(meta);
  const homePath = useHomePath();

  let left = null;
  if (meta.left === 'menu' && signedIn) {
    left = (
      <button
        type="button"
        className={`${styles.control} ${styles.narrowOnly}`}
        onClick={onOpenMenu}
        aria-haspopup="dialog"
        aria-expanded={menuOpen}
        data-testid="menu-button"
      >
        <Icon name="menu" />
        Menu
      </button>
    );
  } else if (meta.left !== 'menu' && meta.left !== 'none') {
    const { label, icon } = LEFT_LABELS[meta.left];
    left = (
      <button type="button" className={styles.control} onClick={goBack} data-testid={`toolbar-${meta.left}`}>
        <Icon name={icon} />
        {label}
      </button>
    );
  }

  let right = null;
  if (meta.right === 'phone') {
    right = (
      <a className={styles.control} href={providerPhoneHref()} data-testid="toolbar-phone">
        <Icon name="phone" />
        <span>Call</span>
        <span className={styles.phoneNumber}> {provider.phone}</span>
      </a>
    );
  } else if (meta.right === 'home') {
    right = (
      <Link className={styles.control} to={homePath} data-testid="toolbar-home">
        <Icon name="home" />
        Home
      </Link>
    );
  }

  return (
    <div className={styles.toolbar}>
      <div className={styles.bar}>
        <div className={styles.left}>{left}</div>
        <Link className={styles.brand} to={homePath}>
          <img src="/favicon.svg" alt="" width="32" height="32" className={styles.logo} />
          <span className={styles.brandText}>
            <span className={styles.brandShort}>{provider.shortName}</span>{' '}
            <span className={styles.brandLong}>Claimant Portal</span>
            <span className="visually-hidden"> home</span>
          </span>
        </Link>
        <div className={styles.right}>
          {right}
          {signedInParts ? <signedInParts.SignOutButton /> : null}
        </div>
      </div>
      {signedInParts ? <signedInParts.MainNav /> : null}
    </div>
  );
}
