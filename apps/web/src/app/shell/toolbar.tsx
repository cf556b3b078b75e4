/**
 * The toolbar (spec 000 §2): a left control per page (menu / back / cancel / close / none), the
 * product name, the phone link and, when signed in on wide screens (≥ 680 px), sign out and the
 * main destinations (signed-in.tsx, loaded on demand). Below 680 px the menu button opens the side
 * menu. Help and navigation stay on every page (docs/decisions/027): signed in, the menu button is
 * there beside a page's back / cancel / close, and the phone link stands where a page's Home was
 * (the product name, the breadcrumbs and the menu all lead home).
 */
import { Link } from 'react-router';
import { Icon, type IconName } from '../../components/icon.tsx';
import { provider, providerPhoneHref } from '../../lib/content/provider.ts';
import { useIsSignedIn } from '../../lib/session/session.ts';
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

  const menu = signedIn ? (
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
  ) : null;

  let pageControl = null;
  if (meta.left !== 'menu' && meta.left !== 'none') {
    const { label, icon } = LEFT_LABELS[meta.left];
    pageControl = (
      <button type="button" className={styles.control} onClick={goBack} data-testid={`toolbar-${meta.left}`}>
        <Icon name={icon} />
        <span className={menu ? styles.labelBesideMenu : undefined}>{label}</span>
      </button>
    );
  }

  // The phone link on every page, whatever the route's right control was (help on every page).
  const right = (
    <a className={styles.control} href={providerPhoneHref()} data-testid="toolbar-phone">
      <Icon name="phone" />
      <span>Call</span>
      <span className={styles.phoneNumber}> {provider.phone}</span>
    </a>
  );

  return (
    <div className={styles.toolbar}>
      <div className={styles.bar}>
        <div className={styles.left}>
          {menu}
          {pageControl}
        </div>
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
