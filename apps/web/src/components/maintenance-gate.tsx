/**
 * The checks that run on the registration and forgot pages (spec 001 §2, §4): the maintenance
 * message — when one exists it replaces the form, with a link 'Go to Sign in screen' to /login —
 * and the update-if-available check of the service worker.
 */
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useMaintenanceMessages } from '../lib/api/check-maintenance.ts';
import { checkForAppUpdate } from '../lib/platform/service-worker.ts';
import { Icon } from './icon.tsx';
import styles from './maintenance-gate.module.css';

export function MaintenanceGate({ children }: { children: ReactNode }) {
  const { messages, settled } = useMaintenanceMessages();

  useEffect(() => {
    checkForAppUpdate();
  }, []);

  if (!settled) {
    return (
      <p role="status" className={styles.checking}>
        Loading…
      </p>
    );
  }

  if (messages.length > 0) {
    return (
      <div data-testid="maintenance-message">
        <div className="callout callout--warning">
          <Icon name="warning" />
          <div>
            <h2 className={styles.heading}>This service is unavailable at the moment</h2>
            {messages.map((m, index) => (
              <p key={index}>{m.Message}</p>
            ))}
          </div>
        </div>
        <Link to="/login" className="button" data-testid="maintenance-sign-in">
          Go to Sign in screen
        </Link>
      </div>
    );
  }

  return <>{children}</>;
}
