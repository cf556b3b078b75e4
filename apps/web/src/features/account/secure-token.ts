/** The secure token of a verified access code on the account pages (spec 000 §4). */
import { useEffect } from 'react';
import { clearSecureToken } from '../../lib/session/access-code.ts';

/** spec 000 §4: the secure token is cleared when the page is left (a reload or closing the tab too). */
export function useClearSecureTokenOnLeave(): void {
  useEffect(() => {
    const onPageHide = () => clearSecureToken();
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      clearSecureToken();
    };
  }, []);
}
