/**
 * The terms part of the registration form (spec 001 §2, §4): the terms (an overlay in the app, a
 * new tab on the web), the privacy policy and the agreement box the form needs before Register.
 */
import { MESSAGES } from '@portal/contracts';
import { CheckboxField } from '../../../components/form-field.tsx';
import { TERMS_ID } from './register-form-fields.ts';
import styles from './register-form.module.css';

type RegisterTermsProps = {
  appMode: boolean;
  onOpenTerms: () => void;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The box has been left (or Register pressed): an unticked box shows its message. */
  touched: boolean;
  onTouched: () => void;
};

export function RegisterTerms({ appMode, onOpenTerms, checked, onChange, touched, onTouched }: RegisterTermsProps) {
  return (
    <>
      <h3 className={styles.section}>Terms and conditions</h3>
      <p>
        {appMode ? (
          <button type="button" className="link-button" onClick={onOpenTerms} data-testid="register-terms-link">
            Read the terms and conditions
          </button>
        ) : (
          <a href="/disclaimer" target="_blank" rel="noopener" data-testid="register-terms-link">
            Read the terms and conditions
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        )}
      </p>
      {/* The privacy policy with "Back to registration" (spec 001 Legal pages, r=1), in a new tab
          like the terms: this form keeps what was typed only while it is on screen (passwords
          included, which are never stored), so leaving the tab would lose it. The app wrapper has
          no tabs and no privacy overlay yet (decision 011). */}
      {appMode ? null : (
        <p>
          <a href="/privacypolicy?r=1" target="_blank" rel="noopener" data-testid="register-privacy-link">
            Read our privacy policy
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      )}
      <CheckboxField
        id={TERMS_ID}
        label="I have read and agree to the terms and conditions"
        error={touched && !checked ? MESSAGES.termsRequired : undefined}
      >
        {(c) => (
          <input
            {...c}
            type="checkbox"
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            onBlur={onTouched}
            aria-required
            data-testid="register-terms"
          />
        )}
      </CheckboxField>
    </>
  );
}
