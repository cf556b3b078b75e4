/**
 * One service of the list: the whole tile is one link to /services/{id} (one tab stop, a large
 * target). It shows the icon (or a circle), the name and, when the medical excess applies, a star
 * — which a screen reader hears as words, not as "star".
 */
import type { Service } from '@portal/contracts';
import { Link } from 'react-router';
import { ServiceIcon } from './service-icon.tsx';
import styles from './service-tile.module.css';

export const EXCESS_STAR = '★';
export const EXCESS_SPOKEN = 'the medical excess applies';

export function ServiceTile({ service }: { service: Service }) {
  return (
    <Link
      to={`/services/${service.id}`}
      className={styles.tile}
      data-testid="service-tile"
      data-service-id={service.id}
      data-service-name={service.name}
      data-excess={service.ExcessApplies ? 'true' : 'false'}
    >
      <span className={styles.icon}>
        <ServiceIcon name={service.iconToShow} className={styles.svg} />
      </span>
      <span className={styles.name}>
        {service.name}
        {service.ExcessApplies ? (
          <>
            <span className={styles.star} aria-hidden="true" data-testid="service-excess-star">
              {EXCESS_STAR}
            </span>
            <span className="visually-hidden"> ({EXCESS_SPOKEN})</span>
          </>
        ) : null}
      </span>
      <svg className={styles.chevron} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          d="M9 5l7 7-7 7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </Link>
  );
}
