/**
 * The legal pages (spec 001 "Legal pages"), public: /disclaimer (the terms, content 'terms';
 * nh=1 hides the header, toolbar and footer — app/route-meta.ts nhHidesChrome), /privacypolicy
 * (content 'privacy'; r=1 adds "Back to registration" at the top and the bottom) and /notice (the
 * collection notice, content 'notice'). The texts come from the server's content store, so the
 * registration overlay (components/terms-content.tsx) shows the very same terms.
 */
import type { ContentName } from '@portal/contracts';
import { Link, useSearchParams } from 'react-router';
import { ContentDocument } from '../../../components/content-document.tsx';
import { Icon } from '../../../components/icon.tsx';
import styles from './legal-pages.module.css';

function LegalDocument({ name, testId }: { name: ContentName; testId: string }) {
  return (
    <article className={styles.document} aria-labelledby="page-title" data-testid={testId}>
      <ContentDocument name={name} data-testid={`${testId}-content`} />
    </article>
  );
}

export function DisclaimerPage() {
  return (
    <div className={styles.page}>
      <LegalDocument name="terms" testId="legal-terms" />
    </div>
  );
}

function BackToRegistration({ where }: { where: 'top' | 'bottom' }) {
  return (
    <p className={styles.back}>
      <Link to="/register" className="button button--secondary" data-testid={`privacy-back-to-registration-${where}`}>
        <Icon name="back" />
        Back to registration
      </Link>
    </p>
  );
}

export function PrivacyPage() {
  const [searchParams] = useSearchParams();
  const fromRegistration = searchParams.get('r') === '1';
  return (
    <div className={styles.page}>
      {fromRegistration ? <BackToRegistration where="top" /> : null}
      <LegalDocument name="privacy" testId="legal-privacy" />
      {fromRegistration ? <BackToRegistration where="bottom" /> : null}
    </div>
  );
}

export function NoticePage() {
  return (
    <div className={styles.page}>
      <LegalDocument name="notice" testId="legal-notice" />
    </div>
  );
}
