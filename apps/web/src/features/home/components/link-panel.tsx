/** One claim-home panel: the whole card is clickable, the link itself is the heading's text. */
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { openExternal } from '../../../lib/feedback/confirm.ts';
import type { LinkPanel as LinkPanelData } from '../home-panels.ts';
import styles from './link-panel.module.css';

type LinkPanelProps = {
  panel: LinkPanelData;
  /** A count shown as a badge after the title (Inbox: unread messages). */
  badge?: number | undefined;
  badgeLabel?: string;
};

export function LinkPanel({ panel, badge, badgeLabel = 'unread' }: LinkPanelProps) {
  const badgeNode =
    badge !== undefined && badge > 0 ? (
      <span className={styles.badge}>
        {badge}
        <span className="visually-hidden"> {badgeLabel}</span>
      </span>
    ) : null;

  const onExternalClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void openExternal(panel.Route);
  };

  return (
    <div className={styles.panel}>
      <img className={styles.image} src={panel.ImageUrl} alt="" width="48" height="48" />
      <div className={styles.body}>
        <h2 className={styles.title}>
          {panel.External ? (
            <a
              className={styles.link}
              href={panel.Route}
              target="_blank"
              rel="noopener noreferrer"
              onClick={onExternalClick}
            >
              {panel.Title}
              <span className="visually-hidden"> (opens another website)</span>
            </a>
          ) : (
            <Link className={styles.link} to={panel.Route} data-testid={`panel-${panel.Route.slice(1)}`}>
              {panel.Title}
              {badgeNode ? ' ' : null}
              {badgeNode}
            </Link>
          )}
        </h2>
        <p className={styles.subtitle}>{panel.Subtitle}</p>
      </div>
    </div>
  );
}
