/**
 * /services, "What we can pay for" (spec 001 "Services list"): a tile per approved service (icon
 * or circle, name, a star when the medical excess applies — explained by a visible legend and
 * in words for screen readers), then the page's notes (content 'servicelist'). A tile opens
 * /services/{id}.
 */
import { ContentDocument } from '../../../components/content-document.tsx';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { PhoneLink } from '../../../components/phone-link.tsx';
import { useServiceList } from '../api/get-services.ts';
import { EXCESS_STAR, ServiceTile } from '../components/service-tile.tsx';
import styles from './services-page.module.css';

export function ServicesPage() {
  const { data, isPending, isError, isFetching, refetch } = useServiceList();
  const services = data?.approvedService;
  const anyExcess = services?.some((s) => s.ExcessApplies) ?? false;

  return (
    <div className={styles.page}>
      <p className={styles.intro}>
        These are the kinds of treatment and services we can pay for. Choose one to see what we cover and how to get it.
      </p>

      {services ? (
        <>
          {anyExcess ? (
            <p className={styles.legend} data-testid="services-legend">
              <span className={styles.star} aria-hidden="true">
                {EXCESS_STAR}
              </span>{' '}
              A star means the medical excess applies: you may need to pay the first part of the cost yourself.
            </p>
          ) : null}
          {services.length > 0 ? (
            <ul className={styles.grid} aria-label="Services" data-testid="services-list">
              {services.map((service) => (
                <li key={service.id}>
                  <ServiceTile service={service} />
                </li>
              ))}
            </ul>
          ) : (
            <p data-testid="services-empty">
              There are no services to show just now. Call us on <PhoneLink /> to ask what we can pay for.
            </p>
          )}
        </>
      ) : isPending && !isError ? (
        <p className={styles.loading} role="status" data-testid="services-loading">
          Loading the services…
        </p>
      ) : (
        <LoadFailed
          what="the list of services"
          onRetry={() => void refetch()}
          retrying={isFetching}
          sayRetrying
          data-testid="services-error"
        />
      )}

      <section className={styles.notes} aria-labelledby="services-notes-heading">
        <h2 id="services-notes-heading">Good to know</h2>
        <ContentDocument name="servicelist" data-testid="services-notes" />
      </section>
    </div>
  );
}
