/** spec 000 §2: a floating back-to-top link once the page is scrolled more than 20 px. */
import { LIMITS } from '@portal/contracts';
import { useSyncExternalStore, type MouseEvent } from 'react';
import { Icon } from '../../components/icon.tsx';
import styles from './back-to-top.module.css';

function subscribe(listener: () => void): () => void {
  window.addEventListener('scroll', listener, { passive: true });
  window.addEventListener('resize', listener);
  return () => {
    window.removeEventListener('scroll', listener);
    window.removeEventListener('resize', listener);
  };
}

const scrolledPast = () => window.scrollY > LIMITS.backToTopPx;

export function BackToTop() {
  const visible = useSyncExternalStore(subscribe, scrolledPast, () => false);
  if (!visible) return null;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    window.scrollTo({ top: 0 });
    // Keyboard and screen-reader users land where sighted users look: the page title.
    document.getElementById('page-title')?.focus({ preventScroll: true });
  };
  return (
    <a href="#page-title" className={styles.link} onClick={onClick} data-testid="back-to-top">
      <Icon name="arrow-up" />
      Back to top
    </a>
  );
}
