/**
 * "Change what they can do" for a helper the claimant invited: View or View and send, each said in
 * a sentence, the current one chosen. More access spends the Security step-up's secure token, as
 * inviting does: the form asks the parent for one (`needToken`) and sends what was pressed as soon
 * as it arrives; less access is saved at once. A refusal is said in the form, what was chosen kept.
 */
import { ErrorNumber, givesMoreAccess, type Helper } from '@portal/contracts';
import { useState, type FormEvent } from 'react';
import { RadioGroup } from '../../../components/forms/radio-group.tsx';
import { isRequestError } from '../../../lib/request/request-error.ts';
import { changeHelper } from '../api/helper-changes.ts';
import { INVITE_SCOPES, SCOPE_NAMES, SCOPE_SENTENCES, type InviteScope } from '../helper-words.ts';
import styles from './helpers.module.css';
import { useSendWhenToken } from './use-send-when-token.ts';

type ChangeHelperFormProps = {
  helper: Helper;
  /** The step-up's token; null until one is given, and once spent. */
  secureToken: string | null;
  needToken: () => void;
  spent: () => void;
  onChanged: (helper: Helper) => void;
  onCancel: () => void;
};

const SCOPE_OPTIONS = INVITE_SCOPES.map((scope) => ({
  value: scope,
  label: `${SCOPE_NAMES[scope]}. ${SCOPE_SENTENCES[scope]}`,
  id: `helper-change-scope-${scope.toLowerCase()}`,
  testId: `helper-change-scope-${scope.toLowerCase()}`,
}));

export function ChangeHelperForm({
  helper,
  secureToken,
  needToken,
  spent,
  onChanged,
  onCancel,
}: ChangeHelperFormProps) {
  const current = helper.Scope === 'Send' ? 'Send' : 'View';
  const [scope, setScope] = useState<InviteScope>(current);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const save = async (chosen: InviteScope, token: string | null) => {
    setBusy(true);
    setError('');
    try {
      onChanged(await changeHelper({ Id: helper.Id, Scope: chosen, ...(token ? { SecureToken: token } : {}) }));
    } catch (failure) {
      setBusy(false);
      if (isRequestError(failure) && failure.forcedLogout) return;
      if (token) spent();
      if (isRequestError(failure) && failure.items.some((i) => i.Number === ErrorNumber.SecureTokenRequired)) {
        waitForToken(chosen);
        return;
      }
      setError(
        isRequestError(failure)
          ? failure.entries.map((e) => e.message).join(' ')
          : 'That did not work. Please try again.',
      );
    }
  };

  // A raise pressed while there was no token: sent once the step-up gives one.
  const waitForToken = useSendWhenToken<InviteScope>(secureToken, save, needToken);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (scope === current) {
      onCancel();
      return;
    }
    if (givesMoreAccess(current, scope) && !secureToken) {
      waitForToken(scope);
      return;
    }
    void save(scope, givesMoreAccess(current, scope) ? secureToken : null);
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate data-testid="helper-change-form">
      <RadioGroup
        legend={`What they can do with claim ${helper.ClaimNumber}`}
        idPrefix="helper-change-scope"
        name="helper-change-scope"
        options={SCOPE_OPTIONS}
        value={scope}
        onChange={setScope}
        error={undefined}
        disabled={busy}
      />
      {givesMoreAccess(current, scope) ? (
        <p data-testid="helper-change-more">
          Letting them do more needs a security code first, as inviting someone does. We will tell them what changed.
        </p>
      ) : null}
      {error ? (
        <p role="alert" data-testid="helper-change-error">
          {error}
        </p>
      ) : null}
      <div className={styles.row}>
        <button type="submit" className="button" aria-disabled={busy || undefined} data-testid="helper-change-submit">
          {busy ? 'Saving…' : 'Save'}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={onCancel}
          data-testid="helper-change-cancel"
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
