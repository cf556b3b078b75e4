/**
 * The contact-number note of Contact us (spec 001 Contact us): shown only while the call line is
 * open — 8:30am to 5:30pm Monday to Friday, Melbourne time (`isCallLineOpen` in the contracts).
 * The clock is a prop (STYLE.md rule 7); the note is checked again every 30 seconds, so it comes
 * and goes while the page stays open.
 */
import { isCallLineOpen } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { Icon } from '../../../components/icon.tsx';
import { PhoneLink } from '../../../components/phone-link.tsx';
import { systemClock, type Clock } from '../lib/clock.ts';
import styles from './messaging.module.css';

const RECHECK_MS = 30_000;

export function CallLineNote({ clock = systemClock }: { clock?: Clock }) {
  const [open, setOpen] = useState(() => isCallLineOpen(clock()));
  useEffect(() => {
    setOpen(isCallLineOpen(clock()));
    const timer = window.setInterval(() => setOpen(isCallLineOpen(clock())), RECHECK_MS);
    return () => window.clearInterval(timer);
  }, [clock]);

  if (!open) return null;
  return (
    <div className={`callout ${styles.callNote}`} data-testid="contact-call-note">
      <Icon name="phone" />
      <p>
        Would you rather talk to us? Call <PhoneLink /> — our call line is open now, until 5:30pm Melbourne time today.
      </p>
    </div>
  );
}
