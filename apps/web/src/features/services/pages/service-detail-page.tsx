/**
 * /services/{id} (spec 001 "Service detail"): the service's content as safe HTML. The loader has
 * already named the page after the service (h1, last breadcrumb, document title), so when the
 * page arrives the shell's page-change handling applies to it as to any page: the new page starts
 * at the top (ScrollRestoration; Back restores where you were), the h1 — the service's name —
 * receives focus and is announced. An unknown id says so plainly with a way back to the list.
 */
import { Link, useLoaderData, useRevalidator } from 'react-router';
import { Icon } from '../../../components/icon.tsx';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { SafeHtml } from '../../../components/safe-html.tsx';
import { EXCESS_SPOKEN } from '../components/service-tile.tsx';
import type { ServiceDetailData } from './service-detail-loader.ts';
import styles from './service-detail-page.module.css';

function BackToList() {
  return (
    <p className={styles.back}>
      <Link to="/services" className="button button--secondary" data-testid="service-back">
        <Icon name="back" />
        Back to What we can pay for
      </Link>
    </p>
  );
}

export function ServiceDetailPage() {
  const data = useLoaderData<ServiceDetailData>();
  const revalidator = useRevalidator();

  if (data.status === 'not-found') {
    return (
      <div className={styles.page} data-testid="service-not-found">
        <div className="callout">
          <Icon name="info" />
          <p>We could not find that service. It may have been removed, or the link may be wrong.</p>
        </div>
        <BackToList />
      </div>
    );
  }

  if (data.status === 'failed') {
    return (
      <div className={styles.page} data-testid="service-error">
        <LoadFailed
          what="this service"
          onRetry={() => void revalidator.revalidate()}
          retrying={revalidator.state === 'loading'}
        />
        <BackToList />
      </div>
    );
  }

  const { service } = data;
  return (
    <div className={styles.page} data-testid="service-detail" data-service-id={service.id}>
      {service.ExcessApplies ? (
        <p className={`callout ${styles.excess}`} data-testid="service-excess">
          <Icon name="info" />
          <span>For this service {EXCESS_SPOKEN}: you may need to pay the first part of the cost yourself.</span>
        </p>
      ) : null}
      <article className={styles.content} aria-labelledby="page-title">
        <SafeHtml html={service.content} data-testid="service-content" />
      </article>
      <BackToList />
    </div>
  );
}
