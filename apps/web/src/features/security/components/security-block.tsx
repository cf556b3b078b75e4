/**
 * My Details → "Sign-in and security": the passkeys (named by the claimant, added and last used in
 * Melbourne time), the authenticator app and the recovery codes left. Adding or removing any of
 * them, and new recovery codes, first need a step-up (CodeType 3); a rename does not. The first
 * passkey or app also brings the recovery codes, shown once.
 *
 * One change at a time, inside this block: the list gives way to the step-up, then to the change,
 * then back to the list with what happened said (role=status) and the focus on the block's heading.
 */
import type { PasskeySummary } from '@portal/contracts';
import { useState } from 'react';
import { renamePasskey } from '../api/factor-changes.ts';
import { useReloadSecurityFactors, useSecurityFactors } from '../api/security-factors.ts';
import { factorError } from '../lib/errors.ts';
import { formatMelbourne } from '../lib/format.ts';
import { PasskeyExplainer } from './passkey-explainer.tsx';
import { PasskeyNameForm } from './passkey-name-form.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';
import { Change, type Stage, type Task } from './security-change.tsx';
import type { RenderCodeForm } from './security-step-up.tsx';
import styles from './security.module.css';

type SecurityBlockProps = {
  /** Another block of My Details is being edited: no change starts here meanwhile. */
  otherEditing: boolean;
  /** The portal's access-code form, for the 4-digit code of the step-up. */
  renderCodeForm: RenderCodeForm;
  /** The id of the block's heading (focus returns there after a change). */
  headingId: string;
};

export function SecurityBlockBody({ otherEditing, renderCodeForm, headingId }: SecurityBlockProps) {
  const factors = useSecurityFactors();
  const reload = useReloadSecurityFactors();
  const [stage, setStage] = useState<Stage | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [said, setSaid] = useState('');
  const [renaming, setRenaming] = useState<string | null>(null);

  const backToList = (message: string) => {
    setStage(null);
    setSaid(message);
    void reload();
    document.getElementById(headingId)?.focus();
  };

  if (!factors.data) {
    return factors.isError ? (
      <div className={styles.stack}>
        <p role="alert">We could not load your sign-in settings.</p>
        <div className={styles.row}>
          <button type="button" className="button button--secondary" onClick={() => void factors.refetch()}>
            Try again
          </button>
        </div>
      </div>
    ) : (
      <p role="status">Loading…</p>
    );
  }
  const data = factors.data;

  if (codes) {
    return (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          setCodes(null);
          backToList('Your recovery codes are saved. You can make new ones here at any time.');
        }}
      />
    );
  }

  if (stage) {
    return (
      <Change
        stage={stage}
        factors={data}
        renderCodeForm={renderCodeForm}
        setStage={setStage}
        onCancel={() => backToList('')}
        onDone={(message, recoveryCodes) => {
          if (recoveryCodes && recoveryCodes.length > 0) {
            setStage(null);
            setSaid(message);
            void reload();
            setCodes(recoveryCodes);
          } else backToList(message);
        }}
      />
    );
  }

  const start = (task: Task) => {
    setSaid('');
    setRenaming(null);
    setStage(
      task.kind.startsWith('remove') || task.kind === 'new-recovery-codes'
        ? { task, step: 'confirm' }
        : { task, step: 'step-up' },
    );
  };
  const canStart = !otherEditing;
  const full = data.Passkeys.length >= data.MaxPasskeys;
  const anyFactor = data.Passkeys.length > 0 || data.Authenticator.SetUp;

  return (
    <div className={styles.stack} data-testid="security-block">
      <p role="status" className={said ? undefined : 'visually-hidden'} data-testid="security-said">
        {said}
      </p>

      <section aria-labelledby="security-passkeys-heading">
        <h3 id="security-passkeys-heading" className={styles.subheading}>
          Passkeys
        </h3>
        {data.Passkeys.length === 0 ? (
          <>
            <PasskeyExplainer />
            <p className={styles.muted} data-testid="security-no-passkeys">
              You have no passkeys.
            </p>
          </>
        ) : (
          <ul className={styles.list} data-testid="passkey-list">
            {data.Passkeys.map((passkey) => (
              <li key={passkey.Id} className={styles.item} data-testid="passkey-item">
                {renaming === passkey.Id ? (
                  <Rename
                    passkey={passkey}
                    onDone={(message) => {
                      setRenaming(null);
                      backToList(message);
                    }}
                    onCancel={() => setRenaming(null)}
                  />
                ) : (
                  <>
                    <p className={styles.itemName} data-testid="passkey-name">
                      {passkey.Name}
                    </p>
                    <p className={styles.itemMeta}>
                      Added {formatMelbourne(passkey.CreatedAt)}.{' '}
                      {passkey.LastUsedAt === null
                        ? 'Not used yet.'
                        : `Last used ${formatMelbourne(passkey.LastUsedAt)}.`}
                    </p>
                    {canStart ? (
                      <div className={styles.itemActions}>
                        <button
                          type="button"
                          className={`link-button ${styles.action}`}
                          onClick={() => setRenaming(passkey.Id)}
                          data-testid="passkey-rename"
                        >
                          Rename<span className="visually-hidden">{` ${passkey.Name}`}</span>
                        </button>
                        <button
                          type="button"
                          className={`link-button ${styles.action}`}
                          onClick={() => start({ kind: 'remove-passkey', passkey })}
                          data-testid="passkey-remove"
                        >
                          Remove<span className="visually-hidden">{` ${passkey.Name}`}</span>
                        </button>
                      </div>
                    ) : null}
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
        {canStart ? (
          full ? (
            <p className={styles.muted} data-testid="passkey-limit">
              You have {data.MaxPasskeys} passkeys, the most an account can have. Remove one to add another.
            </p>
          ) : (
            <div className={styles.row}>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => start({ kind: 'add-passkey' })}
                data-testid="passkey-add"
              >
                Add a passkey
              </button>
            </div>
          )
        ) : null}
      </section>

      <section aria-labelledby="security-totp-heading">
        <h3 id="security-totp-heading" className={styles.subheading}>
          Authenticator app
        </h3>
        {data.Authenticator.SetUp ? (
          <p data-testid="totp-state">
            Set up
            {data.Authenticator.CreatedAt === null ? '' : ` on ${formatMelbourne(data.Authenticator.CreatedAt)}`}. Its
            codes can be used instead of the codes we send you.
          </p>
        ) : (
          <p data-testid="totp-state">
            Not set up. An authenticator app on your phone makes a new 6-digit code every 30 seconds, which you can use
            instead of waiting for a code from us.
          </p>
        )}
        {canStart ? (
          <div className={styles.row}>
            {data.Authenticator.SetUp ? (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => start({ kind: 'remove-authenticator' })}
                data-testid="totp-remove"
              >
                Remove the authenticator app
              </button>
            ) : (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => start({ kind: 'set-up-authenticator' })}
                data-testid="totp-set-up"
              >
                Set up an authenticator app
              </button>
            )}
          </div>
        ) : null}
      </section>

      <section aria-labelledby="security-recovery-heading">
        <h3 id="security-recovery-heading" className={styles.subheading}>
          Recovery codes
        </h3>
        {anyFactor || data.RecoveryCodesLeft > 0 ? (
          <p data-testid="recovery-state">
            {data.RecoveryCodesLeft === 1
              ? 'You have 1 recovery code left.'
              : `You have ${data.RecoveryCodesLeft} recovery codes left.`}{' '}
            Each one lets you in once if you lose your passkey or phone.
          </p>
        ) : (
          <p className={styles.muted} data-testid="recovery-state">
            You get recovery codes when you add your first passkey or authenticator app.
          </p>
        )}
        {canStart && anyFactor ? (
          <div className={styles.row}>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => start({ kind: 'new-recovery-codes' })}
              data-testid="recovery-new"
            >
              Make new recovery codes
            </button>
          </div>
        ) : null}
      </section>
    </div>
  );
}

function Rename({
  passkey,
  onDone,
  onCancel,
}: {
  passkey: PasskeySummary;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const [error, setError] = useState<{ text: string } | null>(null);
  return (
    <PasskeyNameForm
      id="passkey-rename"
      initial={passkey.Name}
      label={`New name for ${passkey.Name}`}
      submitLabel="Save name"
      error={error}
      onCancel={onCancel}
      onSave={async (name) => {
        try {
          await renamePasskey(passkey.Id, name);
          onDone(`Your passkey is now called ${name}.`);
        } catch (caught) {
          const { text, silent } = factorError(caught);
          if (!silent) setError({ text });
        }
      }}
    />
  );
}
