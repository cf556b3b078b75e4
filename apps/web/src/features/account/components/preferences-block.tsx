/**
 * Preferences (spec 000 §4, §6): how the provider contacts the claimant, SMS and e-mail. Each box
 * saves at once; if both would be off, e-mail is forced on (and the claimant is told why). The
 * boxes are disabled unless both an e-mail address and a mobile number exist, with a warning.
 */
import type { Account } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { CheckboxField } from '../../../components/form-field.tsx';
import { Icon } from '../../../components/icon.tsx';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import { updatePreferences } from '../api/update-preferences.ts';
import { nextPreferences, preferencesWarning, type PreferenceValues } from '../rules.ts';
import styles from './account.module.css';

const FORCED_EMAIL_TEXT = 'We need a way to send you notices, so email stays on.';

export function PreferencesBlockBody({ account }: { account: Account }) {
  const queryClient = useQueryClient();
  const saved = account.Preferences;
  // What the boxes show while a change is on its way (the saved answer replaces it).
  const [pending, setPending] = useState<PreferenceValues | null>(null);
  const [message, setMessage] = useState('');
  const shown = pending ?? saved;
  const warning = preferencesWarning(account.ContactDetails);
  const warningId = 'account-preferences-warning';

  const latest = useRef(0);
  const toggle = (key: keyof PreferenceValues, checked: boolean) => {
    const { values, forcedEmail } = nextPreferences(shown, { [key]: checked });
    const mine = ++latest.current;
    setPending(values);
    setMessage('');
    updatePreferences(values).then(
      (answer) => {
        // Each save carries both boxes: only the answer to the latest one counts.
        if (mine !== latest.current) return;
        queryClient.setQueryData<Account>(queryKeys.account, (current) =>
          current ? { ...current, Preferences: answer } : current,
        );
        setPending(null);
        const forced = forcedEmail || (answer.Email && !values.Email);
        setMessage(
          forced ? `${FORCED_EMAIL_TEXT} Your preferences have been saved.` : 'Your preferences have been saved.',
        );
      },
      () => {
        // The alert has explained; the boxes show what is saved.
        if (mine === latest.current) setPending(null);
      },
    );
  };

  const disabled = warning !== null;
  const describedBy = warning ? warningId : undefined;

  return (
    <>
      {warning ? (
        <p className="callout callout--warning" id={warningId} data-testid="preferences-warning">
          <Icon name="warning" />
          <span>{warning}</span>
        </p>
      ) : null}
      <fieldset className={`${styles.group} ${styles.preferences}`} aria-describedby={describedBy}>
        <legend className={styles.legend}>Send me notices about my claim by</legend>
        <CheckboxField id="account-preferences-sms" label="SMS">
          {(c) => (
            <input
              {...c}
              aria-describedby={[c['aria-describedby'], describedBy].filter(Boolean).join(' ') || undefined}
              type="checkbox"
              checked={shown.SMS}
              disabled={disabled}
              onChange={(event) => toggle('SMS', event.target.checked)}
              data-testid="preferences-sms"
            />
          )}
        </CheckboxField>
        <CheckboxField id="account-preferences-email" label="Email">
          {(c) => (
            <input
              {...c}
              aria-describedby={[c['aria-describedby'], describedBy].filter(Boolean).join(' ') || undefined}
              type="checkbox"
              checked={shown.Email}
              disabled={disabled}
              onChange={(event) => toggle('Email', event.target.checked)}
              data-testid="preferences-email"
            />
          )}
        </CheckboxField>
      </fieldset>
      <p className={styles.status} role="status" data-testid="preferences-status">
        {message}
      </p>
    </>
  );
}
