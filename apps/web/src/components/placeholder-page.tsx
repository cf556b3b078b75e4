/** A clearly-marked stand-in for a page that a later issue delivers, with a way back. */
import { Link } from 'react-router';
import { Icon } from './icon.tsx';
import { PhoneLink } from './phone-link.tsx';
import styles from './placeholder-page.module.css';

type PlaceholderPageProps = {
  title: string;
  issue: number;
  summary: string;
  /** Where "back" goes: the claim home when signed in, sign-in otherwise. */
  backTo: { to: string; label: string };
};

export function PlaceholderPage({ title, issue, summary, backTo }: PlaceholderPageProps) {
  return (
    <div className={styles.page} data-testid="placeholder-page" data-issue={issue}>
      <div className="callout">
        <Icon name="info" />
        <div>
          <h2 className={styles.heading}>This page arrives with issue #{issue}</h2>
          <p>
            <strong>{title}</strong> is not available in this version of the portal yet. {summary}
          </p>
          <p>
            If you need help with this now, please call us on <PhoneLink />.
          </p>
        </div>
      </div>
      <Link to={backTo.to} className="button button--secondary">
        <Icon name="back" />
        {backTo.label}
      </Link>
    </div>
  );
}
