/**
 * The page header (spec 000 §2): breadcrumbs (Home, then My Claims or the section), the page
 * title (the page's one h1, focused on route change), and — when a claim is selected — the claim
 * number and date of accident with SWITCH CLAIM when the claimant has more than one claim
 * (signed-in.tsx, loaded on demand).
 */
import type { Ref } from 'react';
import { Link } from 'react-router';
import { useIsSignedIn } from '../../lib/session/session.ts';
import type { RouteMeta } from '../route-meta.ts';
import { useSignedInParts } from './lazy-signed-in.ts';
import { useHomePath } from './use-route-meta.ts';
import styles from './page-header.module.css';

type PageHeaderProps = {
  meta: RouteMeta;
  headingRef: Ref<HTMLHeadingElement>;
};

export function PageHeader({ meta, headingRef }: PageHeaderProps) {
  const signedIn = useIsSignedIn();
  const signedInParts = useSignedInParts();
  const homePath = useHomePath();
  const showCrumbs = signedIn && meta.access !== 'login';
  const crumb = meta.crumb === undefined ? meta.title : meta.crumb;

  return (
    <div className={styles.header}>
      <div className={styles.inner}>
        <div className={styles.titleBlock}>
          {showCrumbs ? (
            <nav aria-label="Breadcrumb" className={styles.breadcrumbs}>
              <ol>
                <li>{crumb === null ? <span aria-current="page">Home</span> : <Link to={homePath}>Home</Link>}</li>
                {crumb !== null && meta.section ? (
                  <li>
                    <Link to={meta.section.to}>{meta.section.label}</Link>
                  </li>
                ) : null}
                {crumb !== null ? (
                  <li>
                    <span aria-current="page">{crumb}</span>
                  </li>
                ) : null}
              </ol>
            </nav>
          ) : null}
          <h1 id="page-title" ref={headingRef} tabIndex={-1} className={styles.title}>
            {meta.title}
          </h1>
        </div>
        {signedInParts ? <signedInParts.ClaimSummary /> : null}
      </div>
    </div>
  );
}
