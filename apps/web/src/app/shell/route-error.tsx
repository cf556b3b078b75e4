/** Shown when a route fails to load or render (e.g. an old chunk after a new version went live). */
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { CallHelp, PhoneLink } from '../../components/phone-link.tsx';
import { provider } from '../../lib/content/provider.ts';
import styles from './route-error.module.css';

function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message)
  );
}

export function RouteError() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="main-content" tabIndex={-1} className={styles.page}>
      <h1>{chunk ? 'The portal has been updated' : notFound ? 'Page not found' : 'Sorry, something went wrong'}</h1>
      <p>
        {chunk
          ? 'A newer version of the portal is available. Reload the page to continue. If you need help, call us on '
          : 'Please try again. If the problem continues, call us on '}
        <PhoneLink />, {provider.callHours}.
      </p>
      <CallHelp />
      <div className={styles.actions}>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload the page
        </button>
        <Link className="button button--secondary" to="/claims" reloadDocument>
          Go to My claims
        </Link>
      </div>
    </main>
  );
}

export function StartupScreen() {
  return (
    <main id="main-content" className={styles.page} aria-busy="true">
      <p role="status">Loading the portal…</p>
    </main>
  );
}
