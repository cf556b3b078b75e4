/**
 * The single page shell (spec 000 §2): skip link, toolbar, header, the helping banner (signed in,
 * helping someone with their claim), routed content, footer,
 * back-to-top, loading overlay, and the dialogs (alert, confirmation, session time-out, side
 * menu). On every page change the document title is set, the page's h1 receives focus and the
 * new title is announced.
 */
import { lazy, Suspense, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Outlet, ScrollRestoration, useLocation, useSearchParams } from 'react-router';
import { useCurrentAlert } from '../../lib/feedback/alerts.ts';
import { useCurrentConfirm } from '../../lib/feedback/confirm.ts';
import { productName } from '../../lib/content/provider.ts';
import { useIsSignedIn } from '../../lib/session/session.ts';
import { Footer } from './footer.tsx';
import { usePageWaitsForShell, useSignedInParts, useSignedInShell } from './lazy-signed-in.ts';
import { LoadingOverlay, useLoadingMessage } from './loading-overlay.tsx';
import { PageHeader } from './page-header.tsx';
import { SessionTimeout } from './session-timeout.tsx';
import { Toolbar } from './toolbar.tsx';
import { usePageViews } from './use-page-views.ts';
import { useRouteMeta } from './use-route-meta.ts';
import styles from './app-shell.module.css';

const AlertHost = lazy(() => import('./alert-host.tsx'));
const ConfirmHost = lazy(() => import('./confirm-host.tsx'));
const SideMenu = lazy(() => import('./side-menu.tsx'));
// Shown only once the page is scrolled, and fixed in place (no shift when it arrives): it loads
// after the first render rather than with the first download (the /login budget, decision 016).
const BackToTop = lazy(() => import('./back-to-top.tsx').then((module) => ({ default: module.BackToTop })));

function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  const main = document.getElementById('main-content');
  main?.focus({ preventScroll: true });
  main?.scrollIntoView();
}

export function AppShell() {
  const meta = useRouteMeta();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const signedIn = useIsSignedIn();
  const signedInShell = useSignedInShell();
  const signedInParts = useSignedInParts();
  const pageWaits = usePageWaitsForShell(meta);
  const loadingMessage = useLoadingMessage();
  const alert = useCurrentAlert();
  const confirm = useCurrentConfirm();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const announcerRef = useRef<HTMLParagraphElement>(null);
  const previousPath = useRef<string | null>(null);

  // spec 001 §2: nh=1 hides the header; on the terms page also the toolbar and footer.
  const hideHeader = searchParams.get('nh') === '1';
  const hideChrome = hideHeader && meta.nhHidesChrome === true;

  useEffect(() => {
    document.title = `${meta.title} | ${productName()}`;
  }, [meta.title]);

  // Route change (not the first load): focus the h1 and announce the page.
  useEffect(() => {
    const previous = previousPath.current;
    previousPath.current = location.pathname;
    if (previous === null || previous === location.pathname) return;
    headingRef.current?.focus({ preventScroll: true });
    const announcer = announcerRef.current;
    if (!announcer) return;
    announcer.textContent = '';
    // A fresh text after a short pause is announced reliably by screen readers.
    window.setTimeout(() => {
      announcer.textContent = `${meta.title} page`;
    }, 100);
  }, [location.pathname, meta.title]);

  usePageViews(location.pathname, meta.title);

  // The side menu only exists signed in.
  const drawerOpen = menuOpen && signedIn;

  const heading = (
    <h1 id="page-title" ref={headingRef} tabIndex={-1} className={styles.mainTitle}>
      {meta.title}
    </h1>
  );

  return (
    <>
      <a href="#main-content" className={styles.skipLink} onClick={skipToMain}>
        Skip to main content
      </a>
      {hideChrome ? null : (
        <header className={styles.banner}>
          <Toolbar
            meta={meta}
            menuOpen={drawerOpen}
            onOpenMenu={() => {
              setMenuLoaded(true);
              setMenuOpen(true);
            }}
          />
          {signedInParts ? <signedInParts.HelpingBanner /> : null}
          {hideHeader ? null : <PageHeader meta={meta} headingRef={headingRef} />}
        </header>
      )}
      <main
        id="main-content"
        tabIndex={-1}
        className={hideChrome ? `${styles.main} ${styles.mainAlone}` : styles.main}
        aria-busy={loadingMessage ? true : undefined}
      >
        {hideHeader ? heading : null}
        {pageWaits ? null : <Outlet />}
      </main>
      {hideChrome ? null : <Footer help={meta.access !== 'login'} />}
      <Suspense fallback={null}>
        <BackToTop />
      </Suspense>
      <LoadingOverlay />
      <p
        ref={announcerRef}
        className="visually-hidden"
        aria-live="polite"
        aria-atomic="true"
        data-testid="route-announcer"
      />
      <ScrollRestoration />
      {signedIn ? <SessionTimeout /> : null}
      <Suspense fallback={null}>
        {menuLoaded && signedInShell ? <SideMenu isOpen={drawerOpen} onOpenChange={setMenuOpen} /> : null}
        {confirm ? <ConfirmHost key={confirm.id} confirm={confirm} /> : null}
        {alert ? <AlertHost key={alert.id} alert={alert} /> : null}
      </Suspense>
    </>
  );
}
