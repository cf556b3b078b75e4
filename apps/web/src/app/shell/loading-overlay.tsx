/**
 * The full-screen loading overlay (spec 000 §2) showing the first pending loading message.
 * The status region always exists so screen readers hear the message. spec 000 §9 "loading
 * message pushed once then repeated after 1 second": the overlay appears at once (visually it
 * fades in after a moment, so fast calls do not flash), and the message is (re)announced if the
 * work is still pending after LIMITS.loadingMessageRepeatMs.
 */
import { LIMITS } from '@portal/contracts';
import { useEffect, useRef } from 'react';
import { useNavigation } from 'react-router';
import { useFirstLoadingMessage } from '../../lib/feedback/loading.ts';
import styles from './loading-overlay.module.css';

export function useLoadingMessage(): string | undefined {
  const first = useFirstLoadingMessage();
  const navigation = useNavigation();
  return first?.message ?? (navigation.state === 'loading' ? 'Loading…' : undefined);
}

export function LoadingOverlay() {
  const message = useLoadingMessage();
  const statusRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const region = statusRef.current;
    if (!region) return;
    if (!message) {
      region.textContent = '';
      return;
    }
    const timer = window.setTimeout(() => {
      region.textContent = message;
    }, LIMITS.loadingMessageRepeatMs);
    return () => window.clearTimeout(timer);
  }, [message]);

  return (
    <>
      <div ref={statusRef} role="status" aria-live="polite" className="visually-hidden" data-testid="loading-status" />
      {message ? (
        <div className={styles.overlay} data-testid="loading-overlay">
          <div className={styles.box} aria-hidden="true">
            <span className={styles.spinner} />
            <span>{message}</span>
          </div>
        </div>
      ) : null}
    </>
  );
}
