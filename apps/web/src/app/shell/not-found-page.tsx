/**
 * An address the portal does not have (any path no route matches), signed in or out: says so, what
 * to check, and where to go from here (each link named as the page it opens): Sign in, or Claim
 * home (with a selected claim) and My claims. The title (the h1 and the document title) is "Page
 * not found" (NOT_FOUND_META). The spec sends unknown paths to /claims (decision 036); the API's
 * own not-found answer is the server's and unchanged.
 */
import { Link } from 'react-router';
import { PhoneLink } from '../../components/phone-link.tsx';
import { selectedClaimOf, useCachedClaims } from '../../lib/api/cached-claims.ts';
import { provider } from '../../lib/content/provider.ts';
import { useIsSignedIn } from '../../lib/session/session.ts';
import styles from './route-error.module.css';

export function NotFoundPage() {
  const signedIn = useIsSignedIn();
  const claimSelected = Boolean(selectedClaimOf(useCachedClaims()));
  return (
    <div className="page-narrow" data-testid="not-found">
      <p>If you typed the web address, check it is correct.</p>
      <p>If you pasted the web address, check you copied the entire address.</p>
      <p>
        If the web address is correct or you followed a link or a button, call us on <PhoneLink />, {provider.callHours}
        .
      </p>
      <h2 className={styles.linksHeading}>Where to go from here</h2>
      <ul className={styles.links} data-testid="not-found-links">
        {signedIn ? (
          <>
            {claimSelected ? (
              <li>
                <Link to="/claim">Claim home</Link>
              </li>
            ) : null}
            <li>
              <Link to="/claims">My claims</Link>
            </li>
          </>
        ) : (
          <li>
            <Link to="/login">Sign in</Link>
          </li>
        )}
      </ul>
    </div>
  );
}
